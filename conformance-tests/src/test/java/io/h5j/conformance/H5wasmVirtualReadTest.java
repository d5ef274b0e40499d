package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.VirtualSpec;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Virtual datasets written by h5j, in the default encoding (block v0, hyperslab v1) and in the
 * compact one (block v1 with shared names, hyperslab v3), read by libhdf5 2.0 through h5wasm:
 * every mapping's source names as libhdf5 decoded them, and every value, exactly.
 */
@OracleTest
class H5wasmVirtualReadTest {
  private static final long FILL = -7;

  /**
   * Names repeat so that a shared-name index is ambiguous unless read right: mapping 1 shares
   * mapping 0's file, 2 shares 0's dataset, 3 shares the file of 2 (a later entry than the
   * second distinct file name would be numbered) and the dataset of 1, 4 repeats mapping 0.
   */
  private static final String[][] NAMES = {
      {"A.h5", "/x"}, {"A.h5", "/y"}, {"B.h5", "/x"}, {"B.h5", "/y"}, {"A.h5", "/x"}};

  @ParameterizedTest(name = "compact={0}")
  @ValueSource(booleans = {false, true})
  void crossFileSharedNamesReadExactly(boolean compact) throws Exception {
    Path dir = Files.createTempDirectory("h5wasm-vds");
    long[][] src = new long[4][];
    int s = 0;
    for (String file : new String[] {"A", "B"}) {
      try (H5File h = H5File.create(dir.resolve(file + ".h5"))) {
        for (String ds : new String[] {"x", "y"}) {
          long[] v = new long[6];
          for (int i = 0; i < v.length; i++) {
            v[i] = 1000L * (s + 1) + i;
          }
          src[s++] = v;
          h.root().createDataset(ds, DatasetSpec.of(v));
        }
      }
    }
    // mapping k takes source elements [k % 3, k % 3 + 4) to virtual [5k, 5k + 4); 4 holes
    long[] expected = new long[NAMES.length * 5];
    Arrays.fill(expected, FILL);
    VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, expected.length).fillValue(FILL);
    for (int k = 0; k < NAMES.length; k++) {
      spec.map(NAMES[k][0], NAMES[k][1], new long[] {k % 3}, new long[] {5L * k},
          new long[] {4});
      long[] from = src[(NAMES[k][0].equals("A.h5") ? 0 : 2) + (NAMES[k][1].equals("/x") ? 0 : 1)];
      System.arraycopy(from, k % 3, expected, 5 * k, 4);
    }
    if (compact) {
      spec.compactEncoding();
    }
    Path vds = dir.resolve("vds.h5");
    try (H5File h = H5File.create(vds)) {
      h.root().createVirtualDataset("v", spec);
    }
    try (H5File h = H5File.open(vds)) {
      assertArrayEquals(expected, (long[]) h.dataset("v").read(), "h5j");
    }

    JsonNode d = libhdf5(vds, "/v");
    List<String> names = new ArrayList<>();
    for (JsonNode m : d.get("virtual_sources")) {
      names.add(m.get("file_name").asText() + " " + m.get("dset_name").asText());
    }
    List<String> want = new ArrayList<>();
    for (String[] n : NAMES) {
      want.add(n[0] + " " + n[1]);
    }
    assertEquals(want, names, "source names as libhdf5 2.0 decodes them");
    assertArrayEquals(expected, longs(d.get("values")), "values read by libhdf5 2.0");
  }

  /**
   * Same-file sources (the compact block's flag 4, no file name) and hyperslab v3 at each field
   * width: coordinates below 2^16 (2 bytes), up to 70,000 (4 bytes) and beyond 2^32 (8 bytes,
   * a virtual dataset of 2^32 + 16 elements read as a slab). Both encodings where they can:
   * block v0's hyperslab v1 holds only 32-bit coordinates, so the 8-byte case is compact only.
   */
  @ParameterizedTest(name = "compact={0}")
  @ValueSource(booleans = {false, true})
  void sameFileSourcesAtEveryFieldWidth(boolean compact) throws Exception {
    Path f = Files.createTempFile("h5wasm-vds-widths", ".h5");
    int n = 70_010;
    int[] raw = new int[n];
    for (int i = 0; i < n; i++) {
      raw[i] = i * 3 + 1;
    }
    long big = 1L << 32;
    try (H5File h = H5File.create(f)) {
      h.root().createDataset("raw", DatasetSpec.of(raw).chunks(1000));
      VirtualSpec narrow = VirtualSpec.of(Datatypes.INT32, n).fillValue(-1)
          .map(".", "/raw", new long[] {10}, new long[] {0}, new long[] {20})
          .map(".", "/raw", new long[] {69_990}, new long[] {66_000}, new long[] {20})
          .map(".", "/raw", new long[] {0}, new long[] {69_000}, new long[] {5});
      VirtualSpec wide = VirtualSpec.of(Datatypes.INT32, big + 16).fillValue(-1)
          .map(".", "/raw", new long[] {66_000}, new long[] {big + 4}, new long[] {8});
      if (compact) {
        narrow.compactEncoding();
        wide.compactEncoding();
        h.root().createVirtualDataset("wide", wide);
      }
      h.root().createVirtualDataset("narrow", narrow);
    }
    long[] expectNarrow = new long[n];
    Arrays.fill(expectNarrow, -1);
    copy(raw, 10, expectNarrow, 0, 20);
    copy(raw, 69_990, expectNarrow, 66_000, 20);
    copy(raw, 0, expectNarrow, 69_000, 5);
    long[] expectWide = new long[16];
    Arrays.fill(expectWide, -1);
    copy(raw, 66_000, expectWide, 4, 8);

    try (H5File h = H5File.open(f)) {
      assertArrayEquals(ints(expectNarrow), (int[]) h.dataset("narrow").read(), "h5j narrow");
      if (compact) {
        assertArrayEquals(ints(expectWide), (int[]) h.dataset("wide")
            .read(Selection.box(new long[] {big}, new long[] {16})), "h5j wide");
      }
    }
    JsonNode narrow = libhdf5(f, "/narrow");
    assertEquals(".", narrow.get("virtual_sources").get(0).get("file_name").asText());
    assertArrayEquals(expectNarrow, longs(narrow.get("values")), "narrow, libhdf5 2.0");
    if (compact) {
      JsonNode wide = libhdf5(f, "/wide@" + big + ":" + (big + 16));
      assertEquals(big + 16, wide.get("shape").get(0).asLong());
      assertArrayEquals(expectWide, longs(wide.get("values")), "wide, libhdf5 2.0");
    }
  }

  /**
   * versioned-hdf5's shape at a modest scale: a 100x100 virtual dataset of 2,500 mappings of
   * 2x2 chunks, each from a permuted chunk of one raw dataset in the same file (every mapping
   * after the first shares its dataset name), one chunk left unmapped.
   */
  @ParameterizedTest(name = "compact={0}")
  @ValueSource(booleans = {false, true})
  void versionedStyleGridOfManyMappings(boolean compact) throws Exception {
    Path f = Files.createTempFile("h5wasm-vds-grid", ".h5");
    int side = 100;
    int chunks = (side / 2) * (side / 2);
    long[] raw = new long[chunks * 4];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = 5_000_000_000L + i;
    }
    long[] expected = new long[side * side];
    Arrays.fill(expected, FILL);
    VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, side, side).fillValue(FILL);
    for (int c = 0; c < chunks; c++) {
      if (c == 1234) {
        continue;
      }
      int src = (int) ((c * 7919L) % chunks); // a permutation: the prime 7919 does not divide 2500
      int vi = 2 * (c / (side / 2));
      int vj = 2 * (c % (side / 2));
      spec.map(".", "/raw", new long[] {2L * src, 0}, new long[] {vi, vj}, new long[] {2, 2});
      for (int a = 0; a < 2; a++) {
        for (int b = 0; b < 2; b++) {
          expected[(vi + a) * side + vj + b] = raw[(2 * src + a) * 2 + b];
        }
      }
    }
    if (compact) {
      spec.compactEncoding();
    }
    try (H5File h = H5File.create(f)) {
      h.root().createDataset("raw", DatasetSpec.of(raw).shape(2L * chunks, 2).chunks(2, 2));
      h.root().createVirtualDataset("v", spec);
    }
    try (H5File h = H5File.open(f)) {
      assertArrayEquals(expected, (long[]) h.dataset("v").read(), "h5j");
    }
    JsonNode d = libhdf5(f, "/v");
    assertEquals(chunks - 1, d.get("virtual_sources").size(), "mappings libhdf5 2.0 decoded");
    assertArrayEquals(expected, longs(d.get("values")), "values read by libhdf5 2.0");
  }

  /** One dataset as libhdf5 2.0 sees it; fails with libhdf5's message if it could not read it. */
  private static JsonNode libhdf5(Path file, String request) throws Exception {
    JsonNode all = Oracles.h5wasm(file, request);
    assertEquals("2.0.0", all.get("libhdf5").asText(), "h5wasm's bundled libhdf5");
    JsonNode d = all.get("datasets").get(request);
    assertFalse(d.has("error"), () -> "libhdf5 2.0 refused " + request + ": " + d.get("error"));
    return d;
  }

  private static long[] longs(JsonNode values) {
    long[] out = new long[values.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Long.parseLong(values.get(i).asText());
    }
    return out;
  }

  private static int[] ints(long[] v) {
    int[] out = new int[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = Math.toIntExact(v[i]);
    }
    return out;
  }

  private static void copy(int[] from, int at, long[] to, int into, int count) {
    for (int i = 0; i < count; i++) {
      to[into + i] = from[at + i];
    }
  }

  @Test
  void libhdf5VersionIsTwoPointZero() throws Exception {
    assertEquals("h5wasm 0.10.3 libhdf5 2.0.0", Oracles.node("version.mjs").trim());
  }
}
