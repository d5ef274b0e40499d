package io.h5j.format.filter;

import static io.h5j.format.filter.H5pyFilterOracleTest.HEX;
import static io.h5j.format.filter.H5pyFilterOracleTest.JSON;
import static io.h5j.format.filter.H5pyFilterOracleTest.pipeline;
import static io.h5j.format.filter.H5pyFilterOracleTest.script;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * h5j's ZFP decoder (32013) against Debian's native H5Z-ZFP plugin (libh5zzfp.so, ZFP 1.0)
 * through h5py and hdf5plugin: every chunk the plugin wrote, in fixed-rate (short and 64-bit
 * mode words), fixed-precision and fixed-accuracy modes, float32/float64/int32/int64, 1-D to
 * 4-D, decodes bit for bit to what libhdf5 reads inside the dataset; reversible mode is refused
 * by name.
 */
@OracleTest
class ZfpPluginOracleTest {
  @TempDir static Path dir;
  static Path file;
  static JsonNode datasets;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("zfp.h5");
    datasets = JSON.readTree(Oracles.python(script("h5py_zfp_chunks.py"), file.toString()))
        .get("datasets");
  }

  /** Through the file API: each dataset reads as libhdf5 reads it. */
  @Test
  void readsEveryDatasetAsLibhdf5Does() throws Exception {
    try (H5File f = H5File.open(file)) {
      for (JsonNode ds : datasets) {
        String name = ds.get("name").asText();
        Dataset d = f.dataset(name);
        if (name.contains("reversible")) {
          H5FormatException e = assertThrows(H5FormatException.class, d::readRaw);
          assertTrue(String.valueOf(e.getMessage()).contains("ZFP mode reversible"),
              String.valueOf(e));
        } else {
          assertArrayEquals(HEX.parseHex(ds.get("all").asText()), d.readRaw(), name);
        }
      }
    }
  }

  static int[] ints(JsonNode a) {
    int[] r = new int[a.size()];
    for (int i = 0; i < r.length; i++) {
      r[i] = a.get(i).asInt();
    }
    return r;
  }

  /** The part of a decoded chunk (C order, extents {@code chunk}) inside {@code inside}. */
  static byte[] inside(byte[] decoded, int[] chunk, int[] inside, int size) {
    int count = 1;
    for (int n : inside) {
      count *= n;
    }
    byte[] r = new byte[count * size];
    int[] at = new int[chunk.length];
    for (int i = 0; i < count; i++) {
      int linear = 0;
      for (int d = 0; d < chunk.length; d++) {
        linear = linear * chunk[d] + at[d];
      }
      System.arraycopy(decoded, linear * size, r, i * size, size);
      for (int d = chunk.length - 1; d >= 0 && ++at[d] == inside[d]; d--) {
        at[d] = 0;
      }
    }
    return r;
  }

  @Test
  void decodesEveryChunkThePluginWrote() throws Exception {
    List<String> names = new ArrayList<>();
    int chunks = 0;
    for (JsonNode ds : datasets) {
      String name = ds.get("name").asText();
      if (name.contains("reversible")) {
        continue;
      }
      names.add(name);
      int[] chunk = ints(ds.get("chunk"));
      int size = ds.get("size").asInt();
      int chunkBytes = size;
      for (int n : chunk) {
        chunkBytes *= n;
      }
      FilterPipeline p = pipeline(ds);
      for (JsonNode c : ds.get("chunks")) {
        String where = name + " chunk " + c.get("offset");
        byte[] decoded = p.decode(HEX.parseHex(c.get("stored").asText()), c.get("mask").asInt(),
            chunkBytes, where, -1);
        assertEquals(chunkBytes, decoded.length, where);
        assertArrayEquals(HEX.parseHex(c.get("expected").asText()),
            inside(decoded, chunk, ints(c.get("inside")), size), where);
        chunks++;
      }
    }
    assertEquals(24, names.size(), names.toString());
    assertTrue(chunks > 150, "chunks " + chunks);
  }

  /**
   * A fixed-rate chunk short of its last 64-bit word lacks bits of its last block; every chunk
   * cut anywhere decodes or fails with {@link H5FormatException}, nothing else.
   */
  @Test
  void truncatedChunksFailWithFormatExceptions() throws Exception {
    int refused = 0;
    for (JsonNode ds : datasets) {
      String name = ds.get("name").asText();
      int[] cd = ints(ds.get("filters").get(0).get("cd"));
      for (JsonNode c : ds.get("chunks")) {
        byte[] stored = HEX.parseHex(c.get("stored").asText());
        for (int cut = 0; cut < stored.length; cut += 1 + stored.length / 40) {
          try {
            ZfpFilterTest.ZFP.decode(Arrays.copyOf(stored, cut), cd, 1 << 20);
          } catch (H5FormatException e) {
            refused++;
          }
        }
        if (name.contains("rate")) {
          byte[] shortWord = Arrays.copyOf(stored, stored.length - 8);
          H5FormatException e = assertThrows(H5FormatException.class,
              () -> ZfpFilterTest.ZFP.decode(shortWord, cd, 1 << 20), name);
          assertTrue(e.getMessage().contains("ends inside block"), e.getMessage());
        }
      }
    }
    assertTrue(refused > 1000, "refused " + refused);
  }

  @Test
  void refusesReversibleModeByName() throws Exception {
    for (JsonNode ds : datasets) {
      if (ds.get("name").asText().equals("f8_reversible")) {
        JsonNode c = ds.get("chunks").get(0);
        H5FormatException e = assertThrows(H5FormatException.class, () -> pipeline(ds)
            .decode(HEX.parseHex(c.get("stored").asText()), 0, 800, "reversible", -1));
        assertTrue(e.getMessage().contains("ZFP mode reversible"), e.getMessage());
        return;
      }
    }
    throw new AssertionError("f8_reversible missing");
  }
}
