package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file h5py wrote, then damaged here: {@code /bad_filter}'s deflate filter renumbered 200 (a
 * filter no library has), the object header of {@code /broken_header} given an unknown
 * version, and one chunk of {@code /damaged} changed under its Fletcher-32 checksum, past the
 * first slab of values. libhdf5 (h5dump, h5py) reads none of the three; the dump must print
 * everything else with h5py's values, name each of the three with the file on stderr, and
 * exit 1.
 */
@OracleTest
class DumpFailuresTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Java names in a message: a package path, an exception, a method call. */
  private static final Pattern JAVA = Pattern.compile(
      "\\b(java|javax|io\\.h5j)\\.|Exception|Error\\b|\\w\\(\\)");
  /** The chunk changed and the chunk length of /damaged, in elements. */
  private static final int BAD_CHUNK = 6;
  private static final int CHUNK = 1 << 18;

  @TempDir
  static Path dir;
  static Path file;
  /** What h5py reads from the damaged file. */
  static JsonNode h5py;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("partly-bad.h5");
    JsonNode made = JSON.readTree(Oracles.python(String.join("\n",
        "import sys, json, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='earliest') as f:", // no header checksums
        "    f['a'] = np.arange(10, dtype='i4') * 3",
        "    f.create_dataset('g/b', data=np.arange(20.0).reshape(4, 5) / 4, chunks=(2, 5))",
        "    f['g'].attrs['note'] = 'kept'",
        "    f.create_dataset('bad_filter', data=np.arange(100, dtype='i4'), chunks=(10,),",
        "                     compression='gzip')",
        "    f['broken_header'] = np.arange(4)",
        "    f.create_dataset('damaged', data=np.arange(2**21, dtype='i4') - 5,",
        "                     chunks=(" + CHUNK + ",), fletcher32=True)",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(json.dumps({'chunk': f['damaged'].id.get_chunk_info(" + BAD_CHUNK
            + ").byte_offset, 'header': h5py.h5o.get_info(f['broken_header'].id).addr}))"),
        file.toString()));
    byte[] bytes = Files.readAllBytes(file);
    // the deflate entry of a version 1 filter pipeline message: id 1, name length 8, flags,
    // one client value, then the name; the only deflate filter in the file
    int name = indexOf(bytes, "deflate\0".getBytes(StandardCharsets.US_ASCII));
    assertEquals(-1, indexOf(bytes, "deflate\0".getBytes(StandardCharsets.US_ASCII), name + 1));
    assertEquals(1, bytes[name - 8]);
    assertEquals(8, bytes[name - 6]);
    bytes[name - 8] = (byte) 200;
    bytes[(int) made.get("chunk").asLong() + 100] ^= (byte) 0xff;
    int header = (int) made.get("header").asLong();
    assertEquals(1, bytes[header], "version 1 object header");
    bytes[header] = 7;
    Files.write(file, bytes);

    for (String broken : List.of("/bad_filter", "/broken_header", "/damaged")) {
      assertNotEquals(0, Oracles.run(List.of("h5dump", "-d", broken, file.toString()))
          .exitCode(), "h5dump reads " + broken + " of the damaged file");
    }
    h5py = JSON.readTree(Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
        "import json",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    for p in ['bad_filter', 'broken_header', 'damaged']:",
        "        try:",
        "            f[p][()]",
        "            raise SystemExit(p + ' reads whole')",
        "        except (OSError, KeyError):",
        "            pass",
        "    print(json.dumps({'a': f['a'][()].tolist(), 'b': f['g/b'][()].tolist(),",
        "        'note': f['g'].attrs['note'],",
        "        'damaged_sha': sha(f['damaged'][:int(sys.argv[2])])}))"),
        file.toString(), Long.toString(dumpedOfDamaged())));
  }

  /** The values of /damaged a dump gets out: the slabs before the one with the bad chunk. */
  private static long dumpedOfDamaged() {
    long slab = DatasetValues.SLAB_BYTES / 4;
    long dumped = (long) BAD_CHUNK * CHUNK / slab * slab;
    assertTrue(dumped > 0 && dumped < 2 * CHUNK * BAD_CHUNK, "the failure is past slab 1");
    return dumped;
  }

  @Test
  void jsonHoldsEverythingReadableAndAnErrorForEachBadDataset() throws Exception {
    CliRun r = CliRun.of("dump", "--json", file.toString());
    assertEquals(1, r.code(), r.err());
    stderrNamesBoth(r.err());
    JsonNode tree = JSON.readTree(r.out());
    assertEquals(h5py.get("a"), tree.get("/a").get("values"));
    assertEquals(h5py.get("b"), tree.get("/g/b").get("values"));
    assertEquals(h5py.get("note"), tree.get("/g").get("attrs").get("note"));
    assertFalse(tree.get("/a").has("error"));

    JsonNode bad = tree.get("/bad_filter");
    assertFalse(bad.has("values"), bad.toString());
    assertTrue(bad.get("error").get("reason").asText().contains("filter 200"), bad.toString());

    JsonNode damaged = tree.get("/damaged");
    assertEquals(dumpedOfDamaged(), damaged.get("error").get("values_dumped").asLong());
    assertTrue(damaged.get("error").get("reason").asText().contains("checksum"),
        damaged.get("error").toString());
    assertEquals(dumpedOfDamaged(), damaged.get("values").size());
    assertEquals(h5py.get("damaged_sha").asText(), int32Sha(damaged.get("values")));

    JsonNode header = tree.get("/broken_header");
    assertTrue(header.get("error").get("reason").asText().contains("object header"),
        header.toString());
    assertEquals(List.of("kind", "error"), fieldNames(header));
  }

  private static List<String> fieldNames(JsonNode n) {
    List<String> names = new java.util.ArrayList<>();
    n.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void textMarksEachBadDatasetAndGoesOn() throws Exception {
    CliRun r = CliRun.of("dump", file.toString());
    assertEquals(1, r.code(), r.err());
    stderrNamesBoth(r.err());
    List<String> lines = r.out().lines().toList();
    // integers print as in JSON: a JSON parser reads /a's DATA line
    int a = lines.indexOf("DATASET \"/a\" int32 {10} CONTIGUOUS");
    assertEquals(h5py.get("a"), JSON.readTree(lines.get(a + 1).substring("  DATA ".length())));
    int bad = lines.indexOf("DATASET \"/bad_filter\" int32 {100} CHUNKED");
    assertTrue(lines.get(bad + 1).startsWith("  DATA UNREADABLE: "), lines.get(bad + 1));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("OBJECT \"/broken_header\" UNREADABLE: ")),
        r.out());
    int damaged = lines.indexOf("DATASET \"/damaged\" int32 {2097152} CHUNKED");
    assertTrue(lines.get(damaged + 2).startsWith("  DATA UNREADABLE after " + dumpedOfDamaged()
        + " of 2097152 elements: "), lines.get(damaged + 2));
    assertTrue(lines.contains("DATASET \"/g/b\" float64 {4, 5} CHUNKED"), r.out());
  }

  @Test
  void oneGoodDatasetOfTheFileDumpsWithExitZero() throws Exception {
    CliRun r = CliRun.of("dump", "--json", file.toString(), "/g");
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    assertEquals(h5py.get("b"), JSON.readTree(r.out()).get("/g/b").get("values"));
  }

  private static void stderrNamesBoth(String err) {
    List<String> lines = err.lines().toList();
    assertEquals(3, lines.size(), err);
    assertTrue(lines.get(0).startsWith("h5j: could not dump dataset /bad_filter of " + file
        + ": "), err);
    assertTrue(lines.get(0).contains("filter 200"), err);
    assertTrue(lines.get(1).startsWith("h5j: could not dump object /broken_header of " + file
        + ": "), err);
    assertTrue(lines.get(2).startsWith("h5j: could not dump dataset /damaged of " + file
        + " past element " + dumpedOfDamaged() + " of 2097152: "), err);
    assertFalse(JAVA.matcher(err).find(), "Java names in: " + err);
  }

  private static String int32Sha(JsonNode values) throws Exception {
    ByteBuffer b = ByteBuffer.allocate(4 * values.size()).order(ByteOrder.LITTLE_ENDIAN);
    values.forEach(v -> b.putInt(v.intValue()));
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
  }

  private static int indexOf(byte[] in, byte[] what) {
    return indexOf(in, what, 0);
  }

  private static int indexOf(byte[] in, byte[] what, int from) {
    outer:
    for (int i = from; i <= in.length - what.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (in[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
