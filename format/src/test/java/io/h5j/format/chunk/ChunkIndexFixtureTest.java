package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every chunked dataset of the layout fixtures: h5j's index lists exactly libhdf5's chunks. */
@OracleTest
class ChunkIndexFixtureTest {
  private static final Map<String, Class<?>> TYPES = Map.of(
      "v1 B-tree", BTreeV1ChunkIndex.class, "Single Chunk", SingleChunkIndex.class,
      "Implicit", ImplicitChunkIndex.class, "Fixed Array", FixedArrayIndex.class,
      "Extensible Array", ExtensibleArrayIndex.class, "v2 B-tree", BTreeV2ChunkIndex.class);

  @ParameterizedTest
  @ValueSource(strings = {"layouts_latest.h5", "layouts_earliest.h5"})
  void indexesMatchLibhdf5(String name) throws Exception {
    Path file = Fixtures.file(name);
    Map<String, JsonNode> chunked = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = Fixtures.objects(name).fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if ("chunked".equals(e.getValue().path("layout").asText())) {
        chunked.put(e.getKey(), e.getValue());
      }
    }
    assertFalse(chunked.isEmpty());
    Map<String, TreeSet<String>> truth = ChunkTruth.oracle(file, new ArrayList<>(chunked.keySet()));
    try (ChunkTruth.Opened f = ChunkTruth.Opened.of(file)) {
      for (Map.Entry<String, JsonNode> e : chunked.entrySet()) {
        String path = e.getKey();
        boolean filtered = e.getValue().path("filters").size() > 0;
        ChunkIndex idx = f.index(path, filtered);
        String type = e.getValue().path("chunk_index").asText();
        if (!truth.get(path).isEmpty()) {
          assertEquals(TYPES.get(type), idx.getClass(), path);
        }
        List<ChunkRecord> all = ChunkTruth.all(idx);
        assertEquals(truth.get(path), ChunkTruth.lines(all), path);
        assertEquals(all.size(), idx.count(), path);
        checkFind(idx, all, path);
      }
    }
  }

  /** find() returns each present chunk and nothing for every other cell of the grid. */
  static void checkFind(ChunkIndex idx, List<ChunkRecord> all, String what) throws Exception {
    Set<String> present = new HashSet<>();
    for (ChunkRecord c : all) {
      assertEquals(Optional.of(c), idx.find(c.offset()), what + " " + c);
      present.add(ChunkTruth.key(c.offset()));
    }
    ChunkGeometry g = idx.geometry();
    long[] probe = g.grid();
    long[] max = g.maxGrid();
    for (int i = 0; i < probe.length; i++) {
      probe[i] = max[i] == ChunkGeometry.UNLIMITED ? probe[i] + 2 : max[i];
    }
    for (long[] o : ChunkTruth.gridOffsets(g, probe, 20000)) {
      if (!present.contains(ChunkTruth.key(o))) {
        assertTrue(idx.find(o).isEmpty(), what + " absent chunk " + ChunkTruth.key(o));
      }
    }
  }
}
