package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filter 32008 against the native bitshuffle plugin (Debian's 0.3.5, LZ4 and no compression, and
 * hdf5plugin's option builder): h5j decodes every chunk libhdf5 wrote, libhdf5 reads back every
 * chunk h5j encodes. Zstandard mode, which no native plugin here has, against frames built by
 * imagecodecs' bitshuffle and zstd codecs ({@code bitshuffle_zstd_oracle.py}).
 */
@OracleTest
class BitshuffleOracleTest {
  @TempDir static Path dir;
  static JsonNode datasets;

  @BeforeAll
  static void write() throws Exception {
    datasets = PluginChunks.write(dir, "bitshuffle");
  }

  @Test
  void decodesEveryChunkThePluginWrote() throws Exception {
    List<String> names = PluginChunks.assertDecodesAll(datasets);
    assertTrue(names.containsAll(List.of("bs_lz4_i4", "bs_lz4_v3", "bs_lz4_tiny", "bs_none_i2",
        "bs_plugin_i8be", "bs_lz4_f8_b256")), names.toString());
  }

  @Test
  void pluginReadsChunksH5jEncoded() throws Exception {
    PluginChunks.assertLibhdf5ReadsEncoded(datasets, dir);
  }

  /** [s, block, length] cases: tails, a single partial block, element sizes 1 to 16. */
  static final int[][] ZSTD_CASES = {{4, 2048, 40000}, {1, 0, 20003}, {8, 256, 8 * 1001},
      {3, 0, 3 * 7777}, {16, 64, 16 * 77}, {2, 8, 2 * 5}};

  @Test
  void zstdModeMatchesImagecodecs() throws Exception {
    Random r = new Random(5);
    ArrayNode todo = H5pyFilterOracleTest.JSON.createArrayNode();
    byte[][] inputs = new byte[ZSTD_CASES.length][];
    for (int i = 0; i < ZSTD_CASES.length; i++) {
      int[] c = ZSTD_CASES[i];
      byte[] data = new byte[c[2]];
      for (int k = 0; k < data.length; k++) {
        data[k] = (byte) (k % 97 < 50 ? k / c[0] % 13 : r.nextInt(4));
      }
      inputs[i] = data;
      int block = c[1] == 0 ? BitshuffleFilter.defaultBlockSize(c[0]) : c[1];
      todo.addObject().put("s", c[0]).put("block", block)
          .put("data", H5pyFilterOracleTest.HEX.formatHex(data));
    }
    Path json = dir.resolve("zstd-encode.json");
    Files.writeString(json, todo.toString());
    JsonNode stored = H5pyFilterOracleTest.JSON.readTree(Oracles.codecs(
        H5pyFilterOracleTest.script("bitshuffle_zstd_oracle.py"), "encode", json.toString()));
    Filter f = Filters.standard().get(Filters.BITSHUFFLE);
    ArrayNode back = H5pyFilterOracleTest.JSON.createArrayNode();
    for (int i = 0; i < ZSTD_CASES.length; i++) {
      int[] cd = {0, 0, ZSTD_CASES[i][0], ZSTD_CASES[i][1], BitshuffleFilter.ZSTD, 3};
      byte[] theirs = H5pyFilterOracleTest.HEX.parseHex(stored.get(i).asText());
      assertArrayEquals(inputs[i], f.decode(theirs, cd, inputs[i].length), "case " + i);
      byte[] mine = f.encode(inputs[i], cd).orElseThrow();
      back.addObject().put("s", ZSTD_CASES[i][0])
          .put("stored", H5pyFilterOracleTest.HEX.formatHex(mine));
    }
    Files.writeString(json, back.toString());
    JsonNode decoded = H5pyFilterOracleTest.JSON.readTree(Oracles.codecs(
        H5pyFilterOracleTest.script("bitshuffle_zstd_oracle.py"), "decode", json.toString()));
    for (int i = 0; i < ZSTD_CASES.length; i++) {
      assertEquals(H5pyFilterOracleTest.HEX.formatHex(inputs[i]), decoded.get(i).asText(),
          "imagecodecs decoding h5j's case " + i);
    }
  }
}
