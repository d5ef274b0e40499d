package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Versions of variable-length string datasets, as versioned-hdf5 keeps them: h5py reads every
 * version, and recomputes every hash-table row from the raw_data chunk it names by the
 * issue's rule (per element an 8-byte little-endian length and the UTF-8 bytes, then the
 * repr of the trimmed shape).
 */
@OracleTest
class VlenStringVersionsTest {
  private Path file;

  @BeforeEach
  void setUp() throws IOException {
    file = Files.createTempFile("h5j-vlen", ".h5");
  }

  @AfterEach
  void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  private static final String[] V1 = {"alpha", "", "βήτα", "x", "a somewhat longer string"
      + " that spans more than one heap object's usual size".repeat(3), "dup", "dup", "dup",
      "日本", "end"};

  @Test
  void stringVersionsReadBackInH5jAndH5py() throws IOException {
    Map<String, String[]> names = new LinkedHashMap<>();
    Map<String, String[]> grids = new LinkedHashMap<>();
    String[] grid1 = new String[15];
    for (int i = 0; i < grid1.length; i++) {
      grid1[i] = "g" + i;
    }
    long v1Rows;
    try (VersionedFile vf = VersionedFile.create(file)) {
      vf.commit("v1", null, s -> {
        s.createDataset("names", DatasetSpec.of(V1.clone())
            .datatype(Datatypes.vlenString(CharacterSet.UTF8)).chunks(4));
        s.createDataset("sub/grid", DatasetSpec.empty(Datatypes.vlenString(CharacterSet.UTF8),
            3, 5).chunks(2, 2).fillValue(""));
        s.write("sub/grid", grid1.clone());
      });
      names.put("v1", V1.clone());
      grids.put("v1", grid1.clone());
      v1Rows = hashRows("names");

      vf.commit("v2", "v1", s -> {
        s.write("names", new long[] {2}, new long[] {2}, new String[] {"changed", "ü"});
        s.resize("names", 13);
        s.write("sub/grid", new long[] {2, 4}, new long[] {1, 1}, new String[] {"corner"});
        assertArrayEquals(new String[] {"changed", "ü", V1[4]},
            (String[]) s.read("names", new long[] {2}, new long[] {3}));
      });
      String[] n2 = Arrays.copyOf(V1, 13);
      n2[2] = "changed";
      n2[3] = "ü";
      Arrays.fill(n2, 10, 13, "");
      names.put("v2", n2);
      String[] g2 = grid1.clone();
      g2[14] = "corner";
      grids.put("v2", g2);

      // the same strings as v1 on a branch: every chunk is found by its hash, nothing stored
      long before = hashRows("names");
      vf.commit("v3", "v1", s -> s.write("names", V1.clone()));
      assertEquals(before, hashRows("names"), "v3's strings are all stored already");
      names.put("v3", V1.clone());
      grids.put("v3", grid1.clone());

      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> vf.commit("bad", "v1", s -> s.createDataset("f", DatasetSpec.empty(
              Datatypes.vlenString(CharacterSet.UTF8), 4).fillValue("none"))));
      assertTrue(e.getMessage().contains("no other fill value"), e.getMessage());
    }
    assertEquals(3, v1Rows, "v1's names: chunks [0,4) [4,8) [8,10)");
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      for (String v : names.keySet()) {
        assertArrayEquals(names.get(v), (String[]) vf.version(v).read("names"), v);
        assertArrayEquals(grids.get(v), (String[]) vf.version(v).read("sub/grid"), v);
      }
    }
    h5pyAgrees(names, grids);
    String dump = Oracles.h5dump(file, "-d", "/_version_data/versions/v2/names");
    assertTrue(dump.contains("\"changed\"") && dump.contains("H5T_STRING"), dump);
    // v4's new chunks land after v2's; deleting v2 moves them down over v2's slots
    long rowsBefore;
    try (VersionedFile vf = VersionedFile.open(file)) {
      vf.commit("v4", "v3", s -> {
        s.write("names", new long[] {9}, new long[] {1}, new String[] {"fin"});
        s.write("sub/grid", new long[] {0, 0}, new long[] {1, 1}, new String[] {"first"});
      });
      rowsBefore = rawRows("names");
      vf.deleteVersions("v2");
    }
    assertTrue(rawRows("names") < rowsBefore, "the delete compacted raw_data");
    String[] n4 = V1.clone();
    n4[9] = "fin";
    names.put("v4", n4);
    String[] g4 = grid1.clone();
    g4[0] = "first";
    grids.put("v4", g4);
    names.remove("v2");
    grids.remove("v2");
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      for (String v : names.keySet()) {
        assertArrayEquals(names.get(v), (String[]) vf.version(v).read("names"), v);
        assertArrayEquals(grids.get(v), (String[]) vf.version(v).read("sub/grid"), v);
      }
    }
    h5pyAgrees(names, grids);
  }

  private long rawRows(String path) throws IOException {
    try (H5File h = H5File.open(file)) {
      return h.dataset("/_version_data/" + path + "/raw_data").shape()[0];
    }
  }

  private long hashRows(String path) throws IOException {
    try (H5File h = H5File.open(file)) {
      return ((Number) h.dataset("/_version_data/" + path + "/hash_table").attributes()
          .get("largest_index")).longValue();
    }
  }

  /** h5py reads each version as expected, and every hash row matches its chunk. */
  private void h5pyAgrees(Map<String, String[]> names, Map<String, String[]> grids)
      throws IOException {
    StringBuilder expect = new StringBuilder("{");
    for (String v : names.keySet()) {
      expect.append('"').append(v).append("\": [").append(json(names.get(v))).append(", ")
          .append(json(grids.get(v))).append("], ");
    }
    expect.setLength(expect.length() - 2);
    expect.append('}');
    String out = Oracles.python(String.join("\n",
        "import h5py, sys, json, hashlib, numpy as np",
        "expect = json.loads(sys.argv[2])",
        "f = h5py.File(sys.argv[1], 'r')",
        "vs = f['_version_data/versions']",
        "listed = sorted(v for v in vs if v != '__first_version__')",
        "assert listed == sorted(expect), listed",
        "for v, (names, grid) in expect.items():",
        "    got = [x.decode('utf-8') for x in vs[v]['names'][()]]",
        "    assert got == names, (v, got)",
        "    g = vs[v]['sub/grid'][()]",
        "    assert g.shape == (3, 5) and [x.decode('utf-8') for x in g.flat] == grid, (v, g)",
        "    assert h5py.check_string_dtype(vs[v]['names'].dtype).encoding == 'utf-8'",
        "rows = 0",
        "for p in ('names', 'sub/grid'):",
        "    raw = f['_version_data/' + p + '/raw_data']",
        "    ht = f['_version_data/' + p + '/hash_table']",
        "    assert h5py.check_string_dtype(raw.dtype) is not None",
        "    table = {}",
        "    for i in range(int(ht.attrs['largest_index'])):",
        "        h, (start, stop) = ht[i]",
        "        table[int(start)] = bytes(h)",
        "    for v in expect:",
        "        for m in vs[v][p].virtual_sources():",
        "            lo, hi = m.src_space.get_select_bounds()",
        "            chunk = raw[tuple(slice(a, b + 1) for a, b in zip(lo, hi))]",
        "            d = hashlib.sha256()",
        "            for x in chunk.flat:",
        "                d.update(len(x).to_bytes(8, 'little'))",
        "                d.update(x)",
        "            d.update(str(chunk.shape).encode('ascii'))",
        "            assert table.get(lo[0]) == d.digest(), (v, p, lo, hi)",
        "            rows += 1",
        "print(rows)"), file.toString(), expect.toString());
    assertTrue(Integer.parseInt(out.strip()) > 3, out);
  }

  private static String json(String[] a) {
    StringBuilder b = new StringBuilder("[");
    for (String s : a) {
      b.append('"');
      for (char c : s.toCharArray()) {
        b.append(c == '"' || c == '\\' ? "\\" + c : c < 0x20 || c > 0x7e
            ? String.format("\\u%04x", (int) c) : String.valueOf(c));
      }
      b.append("\",");
    }
    if (a.length > 0) {
      b.setLength(b.length() - 1);
    }
    return b.append(']').toString();
  }
}
