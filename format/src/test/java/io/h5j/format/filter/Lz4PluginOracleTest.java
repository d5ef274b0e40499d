package io.h5j.format.filter;

import static io.h5j.format.filter.H5pyFilterOracleTest.HEX;
import static io.h5j.format.filter.H5pyFilterOracleTest.JSON;
import static io.h5j.format.filter.H5pyFilterOracleTest.chunkBytes;
import static io.h5j.format.filter.H5pyFilterOracleTest.pipeline;
import static io.h5j.format.filter.H5pyFilterOracleTest.script;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * h5j's LZ4 (32004) against Debian's native plugin libh5lz4.so through h5py, both ways: default
 * and small block sizes (below, equal to, above and not dividing the chunk size, down to 1
 * byte), data that compresses and data that does not, partial edge chunks, chunks never written
 * and an empty dataset.
 */
@OracleTest
class Lz4PluginOracleTest {
  @TempDir static Path dir;
  static Path file;
  static JsonNode datasets;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("lz4.h5");
    datasets = JSON.readTree(Oracles.python(script("h5py_lz4_chunks.py"), file.toString()))
        .get("datasets");
  }

  @Test
  void decodesEveryChunkThePluginWrote() throws Exception {
    List<String> names = new ArrayList<>();
    for (JsonNode ds : datasets) {
      names.add(ds.get("name").asText());
      FilterPipeline p = pipeline(ds);
      for (JsonNode c : ds.get("chunks")) {
        String where = ds.get("name").asText() + " chunk " + c.get("offset");
        byte[] expected = HEX.parseHex(c.get("expected").asText());
        byte[] decoded = p.decode(HEX.parseHex(c.get("stored").asText()), c.get("mask").asInt(),
            chunkBytes(ds), where, -1);
        assertArrayEquals(expected, Arrays.copyOf(decoded, expected.length), where);
      }
    }
    assertEquals(14, names.size(), names.toString());
  }

  /**
   * The framing is the plugin's to the byte: the same header, and where the plugin stored every
   * block raw (noise), the same chunk. (The LZ4 blocks themselves come from different encoders.)
   */
  @Test
  void encodesThePluginsFraming() throws Exception {
    int identical = 0;
    for (JsonNode ds : datasets) {
      FilterPipeline p = pipeline(ds);
      for (JsonNode c : ds.get("chunks")) {
        byte[] stored = HEX.parseHex(c.get("stored").asText());
        byte[] mine = p.encode(p.decode(stored, 0, chunkBytes(ds))).bytes();
        String where = ds.get("name").asText() + " chunk " + c.get("offset");
        assertArrayEquals(Arrays.copyOf(stored, 12), Arrays.copyOf(mine, 12), where);
        if (ds.get("name").asText().endsWith("noise")) {
          assertArrayEquals(stored, mine, where);
          identical++;
        }
      }
    }
    assertEquals(12, identical);
  }

  @Test
  void thePluginReadsChunksH5jEncoded() throws Exception {
    ObjectNode todo = JSON.createObjectNode();
    for (JsonNode ds : datasets) {
      FilterPipeline p = pipeline(ds);
      ArrayNode chunks = todo.putArray(ds.get("name").asText());
      for (JsonNode c : ds.get("chunks")) {
        byte[] chunk = p.decode(HEX.parseHex(c.get("stored").asText()), c.get("mask").asInt(),
            chunkBytes(ds));
        FilterPipeline.Encoded e = p.encode(chunk);
        chunks.addObject().put("offset", c.get("offset").asLong()).put("mask", e.filterMask())
            .put("data", HEX.formatHex(e.bytes()));
      }
    }
    Path json = dir.resolve("h5j-lz4-chunks.json");
    Files.writeString(json, JSON.writeValueAsString(todo));
    String out = Oracles.python(script("h5py_write_direct.py"), file.toString(), json.toString());
    assertEquals(datasets.size(), out.lines().filter(l -> l.startsWith("OK ")).count(), out);
    assertTrue(out.contains("OK sparse 1 chunks, masks [0]"), out);
    assertTrue(out.contains("OK b1_tiny_blocks 6 chunks, masks [0]"), out);
  }
}
