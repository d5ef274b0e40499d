package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.internal.DatasetInternals;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.type.Dataspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ChunkIndex#extents()} reports exactly the space an index's structures were allocated:
 * for indexes h5j wrote, the bytes the allocator handed out, no more and no less; for indexes
 * libhdf5 wrote, ranges inside the file that overlap neither each other nor any chunk.
 */
@OracleTest
class ChunkIndexExtentsTest {
  @TempDir
  Path dir;

  static final long DATA_END = ChunkIndexRoundTripTest.DATA_END;

  @ParameterizedTest(name = "type {0} filtered={1} {2} max {3} chunk {4} fill {5} opts {6}")
  @CsvSource(delimiter = ';', value = {
      "0;false;100,100;100,100;1,1;0.3;-",
      "0;true;37,5;-1,5;2,2;0.9;-",
      "0;false;300;-1;1;1.0;k2",
      "0;true;40,40;-1,-1;1,1;0.7;k3",
      "1;false;4,4;4,4;4,4;1.0;-",
      "1;true;4,4;4,4;4,4;1.0;-",
      "2;false;6,9;6,9;2,3;1.0;-",
      "3;false;10,10;10,10;5,5;0.5;-",
      "3;true;60,50;60,50;1,1;0.2;-",
      "3;false;60,50;80,50;1,1;1.0;-",
      "3;true;4,6;8,12;2,3;1.0;-",
      "3;false;70,70;70,70;1,1;0.01;fa4",
      "4;false;3000;-1;1;0.5;-",
      "4;true;300000;-1;1;0.05;ea6",
      "4;false;3,1000;4,-1;1,1;0.6;-",
      "4;true;5,700,2;5,-1,7;1,1,1;0.1;-",
      "4;false;5000;-1;1;0.002;ea4",
      "5;false;100,100;-1,-1;1,1;0.5;-",
      "5;true;3,4,5;-1,4,-1;2,2,5;1.0;-",
      "5;false;200,200;-1,-1;1,1;0.9;bt512"})
  void extentsAreExactlyWhatTheWriterAllocated(int type, boolean filtered, String dims,
      String max, String chunk, double fill, String opt) throws Exception {
    Dataspace space = Dataspace.simple(ChunkIndexRoundTripTest.longs(dims),
        ChunkIndexRoundTripTest.longs(max));
    ChunkGeometry g = ChunkGeometry.of(ChunkIndexRoundTripTest.longs(chunk), 4, space);
    IndexOptions opts = switch (opt) {
      case "k2" -> IndexOptions.DEFAULTS.withV1K(2);
      case "k3" -> IndexOptions.DEFAULTS.withV1K(3);
      case "fa4" -> IndexOptions.DEFAULTS.withFaPageBits(4);
      case "ea6" -> IndexOptions.DEFAULTS.withEa(32, 4, 4, 16, 6);
      case "ea4" -> IndexOptions.DEFAULTS.withEa(32, 4, 4, 4, 4);
      case "bt512" -> IndexOptions.DEFAULTS.withBt2NodeSize(512);
      default -> IndexOptions.DEFAULTS;
    };
    List<ChunkRecord> many = ChunkIndexRoundTripTest.randomChunks(g, fill, filtered, type,
        new Random(type * 17L + dims.hashCode()));
    List<List<ChunkRecord>> cases = new ArrayList<>();
    cases.add(many);
    if (type != 2) { // implicit needs every chunk
      cases.add(List.of());
      if (!many.isEmpty()) {
        cases.add(List.of(many.get(many.size() / 2)));
      }
    }
    for (List<ChunkRecord> chunks : cases) {
      String what = "type " + type + " " + dims + " with " + chunks.size() + " chunks";
      try (FileAccess fa = FileAccess.create(dir.resolve("x" + chunks.size() + ".h5"))) {
        fa.write(DATA_END - 1, new byte[1]);
        SpaceAllocator alloc = new SpaceAllocator(DATA_END);
        WrittenIndex w = ChunkIndexType.of(type).write(fa, alloc, g, filtered, chunks, opts);
        long end = alloc.endOfAllocation();
        ChunkIndex idx = ChunkIndex.open(fa, w.layout(g), space, filtered, opts.v1K());
        List<Extent> extents = idx.extents();
        assertEquals(Extent.sortedDisjoint(extents, what, 0), extents, what + ": sorted");
        for (Extent e : extents) {
          assertTrue(e.address() >= DATA_END && e.end() <= end && e.end() <= fa.size(),
              what + ": " + e + " outside the index's space " + DATA_END + ".." + end);
        }
        assertEquals(end - DATA_END, Extent.total(extents), what + ": bytes allocated");
        if (type == ChunkIndex.SINGLE_CHUNK || type == ChunkIndex.IMPLICIT) {
          assertTrue(extents.isEmpty(), what);
        } else {
          assertFalse(extents.isEmpty(), what);
        }
        Extent.freeAll(alloc, extents);
        assertEquals(DATA_END, alloc.endOfAllocation(), what + ": freed all");
        assertEquals(0, alloc.freeBytes(), what + ": freed all");
      }
    }
  }

  /**
   * In the h5py fixtures, every index's extents lie inside the file and overlap neither each
   * other, nor another dataset's index, nor any chunk.
   */
  @ParameterizedTest
  @ValueSource(strings = {"layouts_latest.h5", "layouts_earliest.h5"})
  void libhdf5IndexesLieInsideTheFileAndApart(String name) throws Exception {
    Path file = Fixtures.file(name);
    int indexes = 0;
    try (ChunkTruth.Opened f = ChunkTruth.Opened.of(file)) {
      List<Extent> everything = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = Fixtures.objects(name).fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (!"chunked".equals(e.getValue().path("layout").asText())) {
          continue;
        }
        String path = e.getKey();
        boolean filtered = e.getValue().path("filters").size() > 0;
        io.h5j.Dataset d = f.file().dataset(path);
        ChunkIndex idx = ChunkIndex.open(f.fa(),
            (io.h5j.format.message.LayoutMessage.Chunked) DatasetInternals.layout(d),
            d.dataspace(), filtered,
            f.ctx().superblock().chunkInternalK());
        List<Extent> extents = idx.extents();
        Extent.sortedDisjoint(extents, path, 0);
        for (Extent x : extents) {
          assertTrue(x.address() >= 0 && x.end() <= f.fa().size(), path + ": " + x);
        }
        if (!extents.isEmpty()) {
          indexes++;
        }
        everything.addAll(extents);
        idx.forEach(c -> everything.add(new Extent(c.address(), c.storedSize())));
      }
      Extent.sortedDisjoint(everything, name, 0);
    }
    assertTrue(indexes >= 1, name + " has indexes with structures");
  }
}
