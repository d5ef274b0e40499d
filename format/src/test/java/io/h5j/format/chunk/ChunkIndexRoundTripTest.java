package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import io.h5j.testing.OracleTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every index type h5j writes reads back, through h5j's readers, as exactly the chunks written. */
@OracleTest
class ChunkIndexRoundTripTest {
  @TempDir
  Path dir;

  /** Space below this address holds the (fictitious) chunk data; indexes go above it. */
  static final long DATA_END = 1 << 22;

  @ParameterizedTest(name = "{0} filtered={1} {2} max {3} chunk {4} fill {5}")
  @CsvSource(delimiter = ';', value = {
      "0;false;100,100;100,100;1,1;0.3",
      "0;true;37,5;-1,5;2,2;0.9",
      "0;false;7;-1;1;1.0",
      "0;true;0;-1;4;1.0",
      "1;false;4,4;4,4;4,4;1.0",
      "1;true;4,4;4,4;4,4;1.0",
      "1;true;4,4;4,4;4,4;0.0",
      "2;false;6,9;6,9;2,3;1.0",
      "3;false;10,10;10,10;5,5;0.5",
      "3;true;60,50;60,50;1,1;0.2",
      "3;false;60,50;80,50;1,1;1.0",
      "3;true;4,6;8,12;2,3;1.0",
      "4;false;3000;-1;1;0.5",
      "4;true;300000;-1;1;0.05",
      "4;false;3,1000;4,-1;1,1;0.6",
      "4;true;5,700,2;5,-1,7;1,1,1;0.1",
      "4;false;0;-1;8;1.0",
      "5;false;100,100;-1,-1;1,1;0.5",
      "5;true;3,4,5;-1,4,-1;2,2,5;1.0",
      "5;false;0,0;-1,-1;2,2;1.0"})
  void writtenIndexReadsBack(int type, boolean filtered, String dims, String max, String chunk,
      double fill) throws Exception {
    Dataspace space = Dataspace.simple(longs(dims), longs(max));
    long[] chunkDims = longs(chunk);
    ChunkGeometry g = ChunkGeometry.of(chunkDims, 4, space);
    List<ChunkRecord> chunks = randomChunks(g, fill, filtered, type, new Random(type * 31L + dims.hashCode()));
    try (FileAccess fa = FileAccess.create(dir.resolve("rt.h5"))) {
      fa.write(DATA_END - 1, new byte[1]);
      SpaceAllocator alloc = new SpaceAllocator(DATA_END);
      IndexOptions opts = IndexOptions.DEFAULTS;
      if (type == 4 && dims.equals("300000")) {
        opts = opts.withEa(32, 4, 4, 16, 6); // paged data blocks in super blocks
      }
      WrittenIndex w = ChunkIndexType.of(type).write(fa, alloc, g, filtered, chunks, opts);
      ChunkIndex idx = ChunkIndex.open(fa, w.layout(g), space, filtered);
      List<ChunkRecord> back = ChunkTruth.all(idx);
      assertEquals(ChunkTruth.lines(chunks), ChunkTruth.lines(back));
      assertEquals(chunks.size(), back.size());
      assertEquals(chunks.size(), idx.count());
      ChunkIndexFixtureTest.checkFind(idx, back, "written type " + type);
    }
  }

  static long[] longs(String s) {
    String[] p = s.split(",");
    long[] a = new long[p.length];
    for (int i = 0; i < p.length; i++) {
      a[i] = Long.parseLong(p[i]);
    }
    return a;
  }

  /** A random subset of the current grid (all of it for implicit), at distinct addresses. */
  static List<ChunkRecord> randomChunks(ChunkGeometry g, double fill, boolean filtered, int type,
      Random rnd) throws Exception {
    long[] grid = type == 2 ? g.maxGrid() : g.grid();
    List<ChunkRecord> out = new ArrayList<>();
    long next = 4096;
    Set<Long> used = new HashSet<>();
    for (long[] o : ChunkTruth.gridOffsets(g, grid, Integer.MAX_VALUE)) {
      if (type != 2 && rnd.nextDouble() >= fill) {
        continue;
      }
      long size = filtered ? 1 + rnd.nextInt((int) g.chunkBytes() + 8) : g.chunkBytes();
      int mask = filtered ? rnd.nextInt(4) : 0;
      long address = type == 2 ? next : 4096 + (long) rnd.nextInt((int) (DATA_END / 2));
      if (type == 2) {
        next += g.chunkBytes();
      } else if (!used.add(address)) {
        continue;
      }
      out.add(new ChunkRecord(o, address, size, mask));
    }
    return out;
  }
}
