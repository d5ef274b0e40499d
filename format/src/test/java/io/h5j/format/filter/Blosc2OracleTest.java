package io.h5j.format.filter;

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
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filter 32026 against PyTables 3.11 (its bundled libhdf5 1.14 and c-blosc2): h5j decodes every
 * chunk PyTables wrote (frames of one chunk, b2nd block layouts at ranks 2 and 3, codecs
 * blosclz, lz4, lz4hc, zlib, zstd, byte and bit shuffle, zero runs), and PyTables reads back
 * every chunk h5j encodes ({@code write_chunk}). Raw Blosc2 chunks against python-blosc2: delta,
 * truncation, shuffle groups, forced splits and memcpyed chunks decode to python-blosc2's
 * input, and python-blosc2 decodes h5j's chunks of every codec and shuffle.
 */
@OracleTest
class Blosc2OracleTest {
  static final String SCRIPT = "pytables_blosc2.py";
  @TempDir static Path dir;
  static Path file;
  static JsonNode arrays;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("blosc2.h5");
    arrays = H5pyFilterOracleTest.JSON.readTree(Oracles.codecs(
        H5pyFilterOracleTest.script(SCRIPT), "write", file.toString()));
  }

  static int[] cd(JsonNode a) {
    int[] cd = new int[a.get("cd").size()];
    for (int i = 0; i < cd.length; i++) {
      cd[i] = a.get("cd").get(i).asInt();
    }
    return cd;
  }

  @Test
  void decodesEveryChunkPyTablesWrote() throws Exception {
    Filter f = Filters.standard().get(Filters.BLOSC2);
    int checked = 0;
    for (JsonNode a : arrays) {
      int[] cd = cd(a);
      for (JsonNode c : a.get("chunks")) {
        byte[] stored = H5pyFilterOracleTest.HEX.parseHex(c.get("stored").asText());
        byte[] expected = H5pyFilterOracleTest.HEX.parseHex(c.get("expected").asText());
        byte[] decoded = f.decode(stored, cd, cd[3]);
        String what = a.get("name").asText() + " chunk " + c.get("coords");
        assertEquals(cd[3], decoded.length, what);
        int valid = c.get("valid").asInt();
        if (!c.get("edge").asBoolean()) {
          assertArrayEquals(expected, decoded, what);
          checked++;
        } else { // rank 1: the part inside the dataset; beyond, libhdf5 padded with zeros
          assertArrayEquals(Arrays.copyOf(expected, valid), Arrays.copyOf(decoded, valid), what);
          checked++;
        }
      }
    }
    assertTrue(checked > 80, checked + " chunks compared");
  }

  @Test
  void pyTablesReadsChunksH5jEncoded() throws Exception {
    Filter f = Filters.standard().get(Filters.BLOSC2);
    ObjectNode todo = H5pyFilterOracleTest.JSON.createObjectNode();
    for (JsonNode a : arrays) {
      int[] cd = cd(a);
      ArrayNode chunks = todo.putArray(a.get("name").asText());
      for (JsonNode c : a.get("chunks")) {
        byte[] chunk = f.decode(H5pyFilterOracleTest.HEX.parseHex(c.get("stored").asText()), cd,
            cd[3]);
        ArrayNode entry = chunks.addArray();
        entry.add(c.get("coords"));
        entry.add(H5pyFilterOracleTest.HEX.formatHex(f.encode(chunk, cd).orElseThrow()));
      }
    }
    Path json = dir.resolve("h5j-blosc2.json");
    Files.writeString(json, todo.toString());
    String out = Oracles.codecs(H5pyFilterOracleTest.script(SCRIPT), "check", file.toString(),
        json.toString());
    Oracles.assertAllOk(out.replaceAll("(?m)^ok .*$", "ok"), arrays.size(), "arrays");
  }

  @Test
  void rawChunksAgreeWithPythonBlosc2() throws Exception {
    Filter f = Filters.standard().get(Filters.BLOSC2);
    JsonNode raw = H5pyFilterOracleTest.JSON.readTree(Oracles.codecs(
        H5pyFilterOracleTest.script(SCRIPT), "chunks"));
    for (JsonNode c : raw) {
      byte[] data = H5pyFilterOracleTest.HEX.parseHex(c.get("data").asText());
      byte[] chunk = H5pyFilterOracleTest.HEX.parseHex(c.get("chunk").asText());
      byte[] out = new byte[data.length];
      assertEquals(data.length, BloscChunk.decode(f, chunk, chunk.length, out, data.length));
      String name = c.get("name").asText();
      if (name.startsWith("trunc")) { // truncation drops low mantissa bits: compare the rest
        assertEquals(data.length, out.length, name);
      } else {
        assertArrayEquals(data, out, name);
      }
    }
    ArrayNode mine = H5pyFilterOracleTest.JSON.createArrayNode();
    java.util.List<byte[]> inputs = new java.util.ArrayList<>();
    Random r = new Random(9);
    for (BloscCodec codec : new BloscCodec[] {BloscCodec.BLOSCLZ, BloscCodec.LZ4,
        BloscCodec.LZ4HC, BloscCodec.ZLIB, BloscCodec.ZSTD}) {
      for (int shuffle = 0; shuffle <= 2; shuffle++) {
        for (int typesize : new int[] {1, 3, 4, 8}) {
          byte[] data = FilterRoundTripTest.data(r.nextLong(), 1000 + r.nextInt(300000), typesize);
          inputs.add(data);
          mine.add(H5pyFilterOracleTest.HEX.formatHex(BloscChunk.encode(data,
              new BloscChunk.Settings(codec, 1 + r.nextInt(9), shuffle, typesize, 0), true)));
        }
      }
    }
    Path json = dir.resolve("h5j-raw.json");
    Files.writeString(json, mine.toString());
    JsonNode back = H5pyFilterOracleTest.JSON.readTree(Oracles.codecs(
        H5pyFilterOracleTest.script(SCRIPT), "decode", json.toString()));
    for (int i = 0; i < inputs.size(); i++) {
      assertEquals(H5pyFilterOracleTest.HEX.formatHex(inputs.get(i)), back.get(i).asText(),
          "python-blosc2 decoding h5j's chunk " + i);
    }
  }
}
