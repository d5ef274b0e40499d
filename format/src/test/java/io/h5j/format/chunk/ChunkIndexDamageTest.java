package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import io.h5j.testing.OracleTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random damage to written indexes of every type (byte flips in the index structures, or
 * the file cut short) ends in {@link H5FormatException} or a readable index, never another
 * exception.
 */
@OracleTest
class ChunkIndexDamageTest {
  private static final String[][] CASES = {
      {"0", "false", "40,40", "40,40", "1,1"}, {"0", "true", "40,40", "-1,40", "1,1"},
      {"3", "false", "60,50", "60,50", "1,1"}, {"3", "true", "10,10", "20,10", "5,5"},
      {"4", "false", "3000", "-1", "1"}, {"4", "true", "3,1000", "4,-1", "1,1"},
      {"5", "false", "40,40", "-1,-1", "1,1"}, {"5", "true", "40,40", "-1,-1", "1,1"},
      {"1", "true", "4,4", "4,4", "4,4"}};

  @Property(tries = 400)
  void damageEndsInFormatException(@ForAll @IntRange(min = 0, max = 8) int which,
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 12) int flips,
      @ForAll boolean truncate) throws Exception {
    String[] c = CASES[which];
    int type = Integer.parseInt(c[0]);
    boolean filtered = Boolean.parseBoolean(c[1]);
    Dataspace space = Dataspace.simple(ChunkIndexRoundTripTest.longs(c[2]),
        ChunkIndexRoundTripTest.longs(c[3]));
    ChunkGeometry g = ChunkGeometry.of(ChunkIndexRoundTripTest.longs(c[4]), 4, space);
    Random rnd = new Random(seed);
    List<ChunkRecord> chunks = ChunkIndexRoundTripTest.randomChunks(g, 0.5, filtered, type, rnd);
    Path file = Files.createTempFile("damage", ".h5");
    try (FileAccess fa = FileAccess.create(file)) {
      long base = ChunkIndexRoundTripTest.DATA_END;
      fa.write(base - 1, new byte[1]);
      SpaceAllocator alloc = new SpaceAllocator(base);
      WrittenIndex w = ChunkIndexType.of(type).write(fa, alloc, g, filtered, chunks,
          IndexOptions.DEFAULTS);
      long end = alloc.endOfAllocation();
      if (end > base) {
        for (int i = 0; i < flips; i++) {
          long at = base + (long) (rnd.nextDouble() * (end - base));
          byte[] b = fa.read(at, 1, "test");
          b[0] ^= (byte) (1 << rnd.nextInt(8));
          fa.write(at, b);
        }
        if (truncate) {
          fa.truncate(base + (long) (rnd.nextDouble() * (end - base)));
        }
      }
      byte[] info = w.indexInfo().clone();
      if (info.length > 0 && rnd.nextBoolean()) {
        info[rnd.nextInt(info.length)] ^= (byte) (1 << rnd.nextInt(8));
      }
      WrittenIndex damaged = new WrittenIndex(w.indexType(), w.flags(), info, w.indexAddress());
      try {
        ChunkIndex idx = ChunkIndex.open(fa, damaged.layout(g), space, filtered);
        try {
          idx.extents();
        } catch (H5FormatException expected) {
          // the only acceptable failure
        }
        idx.forEach(r -> { });
        idx.count();
        for (ChunkRecord r : chunks.subList(0, Math.min(50, chunks.size()))) {
          idx.find(r.offset());
        }
      } catch (H5FormatException expected) {
        // the only acceptable failure
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
