package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Chunks that native HDF5 plugins wrote (the JSON of {@code h5py_plugin_chunks.py}), and the two
 * checks on them: h5j decodes each to what libhdf5 read back, and libhdf5 reads back h5j's
 * encoding of each (stored in place with {@code write_direct_chunk} by
 * {@code h5py_overwrite_chunks.py}).
 */
final class PluginChunks {
  private PluginChunks() {}

  /** Writes the datasets of {@code family} into {@code dir}; their JSON descriptions. */
  static JsonNode write(Path dir, String family) throws IOException {
    Path file = dir.resolve(family + ".h5");
    return H5pyFilterOracleTest.JSON.readTree(Oracles.python(
        H5pyFilterOracleTest.script("h5py_plugin_chunks.py"), file.toString(), family))
        .get("datasets");
  }

  /** Every chunk decodes to libhdf5's bytes; the dataset names seen. */
  static List<String> assertDecodesAll(JsonNode datasets) throws Exception {
    List<String> names = new ArrayList<>();
    for (JsonNode ds : datasets) {
      String name = ds.get("name").asText();
      names.add(name);
      FilterPipeline p = H5pyFilterOracleTest.pipeline(ds);
      for (JsonNode c : ds.get("chunks")) {
        byte[] stored = H5pyFilterOracleTest.HEX.parseHex(c.get("stored").asText());
        byte[] expected = H5pyFilterOracleTest.HEX.parseHex(c.get("expected").asText());
        byte[] decoded = p.decode(stored, c.get("mask").asInt(),
            H5pyFilterOracleTest.chunkBytes(ds), name + " chunk " + c.get("offset"), -1);
        assertArrayEquals(expected, java.util.Arrays.copyOf(decoded, expected.length),
            name + " chunk at " + c.get("offset"));
      }
    }
    return names;
  }

  /**
   * h5j re-encodes every chunk (of each file's datasets) and libhdf5 with the native plugin reads
   * the result back equal to the dataset.
   */
  static void assertLibhdf5ReadsEncoded(JsonNode datasets, Path dir) throws Exception {
    java.util.Map<String, ObjectNode> byFile = new java.util.LinkedHashMap<>();
    for (JsonNode ds : datasets) {
      ObjectNode todo = byFile.computeIfAbsent(ds.get("file").asText(),
          f -> H5pyFilterOracleTest.JSON.createObjectNode());
      FilterPipeline p = H5pyFilterOracleTest.pipeline(ds);
      ArrayNode chunks = todo.putArray(ds.get("name").asText());
      for (JsonNode c : ds.get("chunks")) {
        byte[] chunk = p.decode(H5pyFilterOracleTest.HEX.parseHex(c.get("stored").asText()),
            c.get("mask").asInt(), H5pyFilterOracleTest.chunkBytes(ds));
        FilterPipeline.Encoded e = p.encode(chunk);
        chunks.addObject().put("offset", c.get("offset").asLong()).put("mask", e.filterMask())
            .put("data", H5pyFilterOracleTest.HEX.formatHex(e.bytes()));
      }
    }
    int k = 0;
    for (var entry : byFile.entrySet()) {
      Path json = dir.resolve("h5j-chunks-" + k++ + ".json");
      Files.writeString(json, H5pyFilterOracleTest.JSON.writeValueAsString(entry.getValue()));
      String out = Oracles.python(H5pyFilterOracleTest.script("h5py_overwrite_chunks.py"),
          entry.getKey(), json.toString());
      entry.getValue().fieldNames().forEachRemaining(
          name -> assertTrue(out.contains("OK " + name + " "), name + ": " + out));
    }
  }
}
