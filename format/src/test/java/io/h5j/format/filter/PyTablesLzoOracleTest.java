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
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.format.H5FormatException;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PyTables 3.7's LZO filter (305, liblzo's lzo1x_1) against h5j's, both ways: Tables of records,
 * CArrays and EArrays PyTables wrote at complevels 1, 5, 9 with and without shuffle and
 * fletcher32 decode chunk by chunk and dataset by dataset to what libhdf5 reads (and the script
 * checks that PyTables reads the same); chunks h5j encodes, written with
 * {@code write_direct_chunk}, and a file h5j writes read back equal through PyTables and h5py.
 */
@OracleTest
class PyTablesLzoOracleTest {
  @TempDir static Path dir;
  static Path file;
  static JsonNode datasets;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("pytables-lzo.h5");
    datasets = JSON.readTree(Oracles.python(script("pytables_lzo.py"), file.toString()))
        .get("datasets");
  }

  static int[] offset(JsonNode chunk) {
    int[] o = new int[chunk.get("offset").size()];
    for (int i = 0; i < o.length; i++) {
      o[i] = chunk.get("offset").get(i).asInt();
    }
    return o;
  }

  /** The part of a 1-D dataset's raw bytes that the chunk at this offset covers. */
  static byte[] slice(JsonNode ds, JsonNode chunk) {
    byte[] raw = HEX.parseHex(ds.get("raw").asText());
    int size = ds.get("size").asInt();
    int from = offset(chunk)[0] * size;
    return Arrays.copyOfRange(raw, from, Math.min(raw.length, from + ds.get("chunkBytes").asInt()));
  }

  @Test
  void decodesEveryChunkPyTablesWrote() throws Exception {
    Set<Boolean> lzoSkipped = new HashSet<>();
    int oneDimensional = 0;
    for (JsonNode ds : datasets) {
      FilterPipeline p = pipeline(ds);
      int lzoBit = 1 << (ds.get("filters").size() - 1); // PyTables puts LZO last
      for (JsonNode c : ds.get("chunks")) {
        String where = ds.get("name").asText() + " chunk " + c.get("offset");
        byte[] decoded = p.decode(HEX.parseHex(c.get("stored").asText()), c.get("mask").asInt(),
            ds.get("chunkBytes").asInt(), where, -1);
        lzoSkipped.add((c.get("mask").asInt() & lzoBit) != 0);
        if (ds.get("shape").size() == 1) {
          byte[] expected = slice(ds, c);
          assertArrayEquals(expected, Arrays.copyOf(decoded, expected.length), where);
        }
      }
      oneDimensional += ds.get("shape").size() == 1 ? 1 : 0;
    }
    assertEquals(72, datasets.size());
    assertTrue(oneDimensional >= 36, "1-D datasets: " + oneDimensional);
    assertEquals(Set.of(true, false), lzoSkipped, "chunks both LZO-compressed and stored unfiltered");
  }

  /** Through the public API: every dataset, N-dimensional ones too, reads as libhdf5 reads it. */
  @Test
  void readsEveryDatasetAsLibhdf5() throws Exception {
    try (H5File f = H5File.open(file)) {
      for (JsonNode ds : datasets) {
        String name = ds.get("name").asText();
        assertArrayEquals(HEX.parseHex(ds.get("raw").asText()), f.dataset(name).readRaw(),
            name);
      }
    }
  }

  /**
   * PyTables 0.5-0.7 appended the Adler-32 and the length of the decoded chunk; the trailer
   * (built by the oracle with zlib) is recognised in either byte order, and a trailer that does
   * not check out is not taken for one.
   */
  @Test
  void decodesTheOldFormWithItsChecksumTrailer() throws Exception {
    int seen = 0;
    for (JsonNode ds : datasets) {
      for (JsonNode c : ds.get("chunks")) {
        if (!c.has("oldLE")) {
          continue;
        }
        FilterPipeline p = pipeline(ds);
        int bytes = ds.get("chunkBytes").asInt();
        byte[] expected = slice(ds, c);
        for (String form : new String[] {"oldLE", "oldBE"}) {
          byte[] old = HEX.parseHex(c.get(form).asText());
          assertArrayEquals(expected, p.decode(old, 0, bytes), ds.get("name") + " " + form);
          old[old.length - 6] ^= 1; // the checksum
          byte[] damaged = old;
          assertThrows(H5FormatException.class, () -> p.decode(damaged, 0, bytes));
        }
        seen++;
      }
    }
    assertTrue(seen >= 6, "old-form chunks: " + seen);
  }

  /** Client data of a Table older than version 2.0: PyTables never wrote the trailer there. */
  @Test
  void noTrailerForTablesBeforeVersion2() throws Exception {
    for (JsonNode ds : datasets) {
      for (JsonNode c : ds.get("chunks")) {
        if (c.has("oldLE")) {
          byte[] old = HEX.parseHex(c.get("oldLE").asText());
          Filter lzo = Filters.standard().get(Filters.LZO);
          int bytes = ds.get("chunkBytes").asInt();
          assertArrayEquals(slice(ds, c), lzo.decode(old, new int[] {1, 23, 1}, bytes));
          // as PyTables 0.7 did, the trailer is then read as part of the stream
          assertThrows(H5FormatException.class,
              () -> lzo.decode(old, new int[] {1, 13, 0}, bytes));
          return;
        }
      }
    }
    throw new AssertionError("no old-form chunk");
  }

  @Test
  void pyTablesReadsChunksH5jEncoded() throws Exception {
    ObjectNode todo = JSON.createObjectNode();
    for (JsonNode ds : datasets) {
      FilterPipeline p = pipeline(ds);
      ArrayNode chunks = todo.putArray(ds.get("name").asText());
      for (JsonNode c : ds.get("chunks")) {
        byte[] chunk = p.decode(HEX.parseHex(c.get("stored").asText()), c.get("mask").asInt(),
            ds.get("chunkBytes").asInt());
        FilterPipeline.Encoded e = p.encode(chunk);
        ObjectNode o = chunks.addObject();
        o.set("offset", c.get("offset"));
        o.put("mask", e.filterMask()).put("data", HEX.formatHex(e.bytes()));
      }
    }
    Path copy = dir.resolve("reverse.h5");
    Files.copy(file, copy);
    Path json = dir.resolve("h5j-lzo-chunks.json");
    Files.writeString(json, JSON.writeValueAsString(todo));
    String out = Oracles.python(script("pytables_write_direct.py"), copy.toString(),
        json.toString());
    assertEquals(datasets.size(), out.lines().filter(l -> l.startsWith("OK ")).count(), out);
    assertTrue(out.contains("OK l1_s0_f0/random_u1 5 chunks, masks [1]"), out);
    assertTrue(out.contains("OK l9_s1_f1/table 4 chunks, masks [0]"), out);
  }

  /** A file h5j writes with LZO (client data as PyTables gives an EArray) reads in PyTables. */
  @Test
  void pyTablesReadsAFileH5jWroteWithLzo() throws Exception {
    Path h5 = dir.resolve("h5j-lzo.h5");
    int[] ints = new int[5000];
    double[] noise = new double[3000];
    java.util.Random r = new java.util.Random(3);
    for (int i = 0; i < ints.length; i++) {
      ints[i] = i / 3;
    }
    for (int i = 0; i < noise.length; i++) {
      noise[i] = r.nextDouble();
    }
    io.h5j.Filter lzo = new io.h5j.Filter(Filters.LZO, "lzo", true, new int[] {1, 11, 2});
    try (H5File f = H5File.create(h5)) {
      f.root().createDataset("ints", DatasetSpec.of(ints).chunks(700).filter(lzo));
      f.root().createDataset("noise", DatasetSpec.of(noise).chunks(500).shuffle().filter(lzo));
    }
    String out = Oracles.python(String.join("\n",
        "import sys, hashlib, tables, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    for n in ('ints', 'noise'):",
        "        pl = f[n].id.get_create_plist()",
        "        ids = [pl.get_filter(i)[0] for i in range(pl.get_nfilters())]",
        "        print(n, ids, f[n].dtype.str, hashlib.sha256(f[n][...].tobytes()).hexdigest())",
        "with tables.open_file(sys.argv[1], 'r') as f:",
        "    for n in ('ints', 'noise'):",
        "        a = f.get_node('/' + n).read()",
        "        print('pytables', n, hashlib.sha256(a.tobytes()).hexdigest())"), h5.toString());
    String intsSha = sha(ints);
    String noiseSha = sha(noise);
    assertTrue(out.contains("ints [305] <i4 " + intsSha), out);
    assertTrue(out.contains("noise [2, 305] <f8 " + noiseSha), out);
    assertTrue(out.contains("pytables ints " + intsSha), out);
    assertTrue(out.contains("pytables noise " + noiseSha), out);
  }

  private static String sha(Object flat) throws Exception {
    java.nio.ByteBuffer b;
    if (flat instanceof int[] a) {
      b = java.nio.ByteBuffer.allocate(a.length * 4).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      b.asIntBuffer().put(a);
    } else {
      double[] a = (double[]) flat;
      b = java.nio.ByteBuffer.allocate(a.length * 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      b.asDoubleBuffer().put(a);
    }
    return HEX.formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(b.array()));
  }
}
