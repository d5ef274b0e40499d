package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import io.h5j.internal.DatasetInternals;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Chunked datasets written by h5j, of every chunk index h5j writes and every filter libhdf5
 * 2.0 has built in (deflate, shuffle, fletcher32), in layout message version 4 and, on
 * request, 5, read by libhdf5 2.0 through h5wasm exactly; and h5j's writes into files
 * libhdf5 wrote (2.0 with layout v5, 1.10 with the v1 B-tree).
 */
@OracleTest
class H5wasmChunkedReadTest {
  private static final int FILL = -9;

  /** Index kind → {shape, max shape, chunk shape}. */
  private static final Map<String, long[][]> SHAPES = new LinkedHashMap<>();

  static {
    long u = Dataspace.UNLIMITED;
    SHAPES.put("single", new long[][] {{6, 5}, {6, 5}, {6, 5}});
    SHAPES.put("fixed", new long[][] {{20, 7}, {20, 7}, {6, 4}});
    SHAPES.put("fixed_paged", new long[][] {{3000}, {3000}, {2}});
    SHAPES.put("earray", new long[][] {{41, 7}, {u, 7}, {3, 4}});
    SHAPES.put("btree2", new long[][] {{41, 30}, {u, u}, {3, 4}});
  }

  private static final Map<String, Integer> INDEX = Map.of("single", ChunkIndex.SINGLE_CHUNK,
      "fixed", ChunkIndex.FIXED_ARRAY, "fixed_paged", ChunkIndex.FIXED_ARRAY, "earray",
      ChunkIndex.EXTENSIBLE_ARRAY, "btree2", ChunkIndex.V2_BTREE);

  private static final String[] PIPELINES = {"none", "deflate", "shuffle_deflate_fletcher32",
      "fletcher32", "shuffle"};

  @ParameterizedTest(name = "layoutV5={0}")
  @ValueSource(booleans = {false, true})
  void everyIndexAndFilterReadsExactlyInLibhdf5TwoPointZero(boolean v5) throws Exception {
    Path f = Files.createTempFile("h5wasm-chunked", ".h5");
    Map<String, int[]> expected = new LinkedHashMap<>();
    try (H5File h = H5File.create(f)) {
      for (Map.Entry<String, long[][]> e : SHAPES.entrySet()) {
        for (String pipeline : PIPELINES) {
          String name = e.getKey() + "_" + pipeline;
          expected.put("/" + name, write(h, name, e.getValue(), pipeline, v5));
        }
      }
    }
    try (H5File h = H5File.open(f)) {
      for (String path : expected.keySet()) {
        Dataset d = h.dataset(path);
        LayoutMessage.Chunked c = (LayoutMessage.Chunked) DatasetInternals.layout(d);
        boolean filtered = !path.endsWith("_none");
        assertEquals(v5 && filtered ? 5 : 4, c.version(), path + " layout version");
        assertEquals(INDEX.get(indexKind(path)), c.indexType(), path + " index");
        assertArrayEquals(expected.get(path), (int[]) d.read(), path + " read by h5j");
      }
    }
    JsonNode all = Oracles.h5wasm(f).get("datasets");
    for (Map.Entry<String, int[]> e : expected.entrySet()) {
      JsonNode d = all.get(e.getKey());
      assertFalse(d.has("error"), () -> "libhdf5 2.0 refused " + e.getKey() + ": "
          + d.get("error"));
      assertArrayEquals(e.getValue(), ints(d.get("values")), e.getKey() + " in libhdf5 2.0");
    }
  }

  /**
   * h5j writes into datasets libhdf5 made: a v2.0 file's layout v5 datasets (fixed array,
   * extensible array grown, v2 B-tree, all deflated) keep version 5 and their 8-byte chunk
   * sizes; an h5py (libhdf5 1.10, earliest format) file's v1 B-tree dataset with shuffle,
   * deflate and fletcher32. libhdf5 2.0 then reads every value h5j meant.
   */
  @Test
  void writesIntoFilesLibhdf5WroteReadBackInLibhdf5TwoPointZero() throws Exception {
    Path v200 = Files.createTempFile("h5wasm-edit-v200", ".h5");
    Files.copy(Fixtures.dir().resolve("h5wasm/layouts_v200.h5"), v200,
        StandardCopyOption.REPLACE_EXISTING);
    Map<String, long[]> want = new LinkedHashMap<>();
    try (H5File h = H5File.openReadWrite(v200)) {
      Dataset fixed = h.dataset("fixed_deflate"); // int64 10x10, chunks 3x4
      long[] all = (long[]) fixed.read();
      long[] box = {-1, -2, -3, -4, -5, -6};
      fixed.write(Selection.box(new long[] {4, 5}, new long[] {2, 3}), box);
      for (int k = 0; k < 6; k++) {
        all[(4 + k / 3) * 10 + 5 + k % 3] = box[k];
      }
      want.put("/fixed_deflate", all);
      Dataset ea = h.dataset("earray_deflate"); // float64 [1000] of max [unlimited], chunks 2
      double[] before = (double[]) ea.read();
      ea.resize(1010);
      ea.write(Selection.box(new long[] {1005}, new long[] {3}), new double[] {7.5, 8.5, 9.5});
      long[] bits = new long[1010];
      for (int i = 0; i < bits.length; i++) {
        double v = i < 1000 ? before[i] : i >= 1005 && i < 1008 ? i + 2.5 - 1000 : 0;
        bits[i] = Double.doubleToLongBits(v);
      }
      want.put("/earray_deflate", bits);
      Dataset bt = h.dataset("btree2_deflate"); // int64 100x100 of max unlimited, chunks 4x4
      long[] b = (long[]) bt.read();
      bt.write(Selection.box(new long[] {97, 0}, new long[] {3, 2}), new long[] {1, 2, 3, 4, 5,
          6});
      for (int k = 0; k < 6; k++) {
        b[(97 + k / 2) * 100 + k % 2] = k + 1;
      }
      want.put("/btree2_deflate", b);
    }
    try (H5File h = H5File.open(v200)) {
      for (String path : want.keySet()) {
        assertEquals(5,
            ((LayoutMessage.Chunked) DatasetInternals.layout(h.dataset(path))).version(), path);
      }
    }
    JsonNode got = Oracles.h5wasm(v200, want.keySet().toArray(new String[0])).get("datasets");
    for (Map.Entry<String, long[]> e : want.entrySet()) {
      JsonNode d = got.get(e.getKey());
      assertFalse(d.has("error"), () -> e.getKey() + ": " + d.get("error"));
      long[] actual = new long[d.get("values").size()];
      for (int i = 0; i < actual.length; i++) {
        JsonNode v = d.get("values").get(i);
        actual[i] = e.getKey().equals("/earray_deflate")
            ? Double.doubleToLongBits(v.asDouble()) : Long.parseLong(v.asText());
      }
      assertArrayEquals(e.getValue(), actual, e.getKey() + " in libhdf5 2.0");
    }

    Path old = Files.createTempFile("h5wasm-edit-earliest", ".h5");
    Files.copy(Fixtures.file("layouts_earliest.h5"), old, StandardCopyOption.REPLACE_EXISTING);
    String path = "/chunked_gzip_shuffle_fletcher32"; // int32 20x10, chunks 5x5, v1 B-tree
    int[] expect;
    try (H5File h = H5File.openReadWrite(old)) {
      Dataset d = h.dataset(path);
      expect = (int[]) d.read();
      int[] box = new int[7 * 4];
      for (int k = 0; k < box.length; k++) {
        box[k] = -100 - k;
        expect[(9 + k / 4) * 10 + 3 + k % 4] = box[k];
      }
      d.write(Selection.box(new long[] {9, 3}, new long[] {7, 4}), box);
      assertEquals(ChunkIndex.V1_BTREE,
          ((LayoutMessage.Chunked) DatasetInternals.layout(d)).indexType());
    }
    JsonNode d = Oracles.h5wasm(old, path).get("datasets").get(path);
    assertFalse(d.has("error"), () -> path + ": " + d.get("error"));
    assertArrayEquals(expect, ints(d.get("values")), path + " in libhdf5 2.0");
  }

  /**
   * One dataset of int32 with fill value {@link #FILL}: the values of one box written, the
   * rest left unallocated where the chunks allow. Returns what every element must read as.
   */
  private static int[] write(H5File h, String name, long[][] shapes, String pipeline, boolean v5)
      throws Exception {
    long[] shape = shapes[0];
    DatasetSpec spec = DatasetSpec.empty(Datatypes.INT32, shape).maxShape(shapes[1])
        .chunks(shapes[2]).fillValue(FILL);
    for (String filter : pipeline.split("_")) {
      switch (filter) {
        case "deflate" -> spec.deflate(6);
        case "shuffle" -> spec.shuffle();
        case "fletcher32" -> spec.fletcher32();
        default -> { }
      }
    }
    if (v5) {
      spec.layoutV5();
    }
    Dataset d = h.root().createDataset(name, spec);
    int n = Math.toIntExact(Arrays.stream(shape).reduce(1, (a, b) -> a * b));
    int[] expected = new int[n];
    Arrays.fill(expected, FILL);
    long[] start = new long[shape.length];
    long[] count = new long[shape.length];
    for (int i = 0; i < shape.length; i++) {
      start[i] = shape[i] / 5;
      count[i] = shape[i] - 2 * start[i];
    }
    int m = Math.toIntExact(Arrays.stream(count).reduce(1, (a, b) -> a * b));
    int[] box = new int[m];
    for (int k = 0; k < m; k++) {
      box[k] = k * 37 - 500;
      long at = 0;
      int rest = k;
      long[] pos = new long[shape.length];
      for (int i = shape.length - 1; i >= 0; i--) {
        pos[i] = start[i] + rest % count[i];
        rest /= count[i];
      }
      for (int i = 0; i < shape.length; i++) {
        at = at * shape[i] + pos[i];
      }
      expected[(int) at] = box[k];
    }
    d.write(Selection.box(start, count), box);
    return expected;
  }

  private static String indexKind(String path) {
    for (String kind : SHAPES.keySet()) {
      if (path.startsWith("/" + kind + "_") && Arrays.stream(PIPELINES).anyMatch(
          p -> path.equals("/" + kind + "_" + p))) {
        return kind;
      }
    }
    throw new AssertionError(path);
  }

  private static int[] ints(JsonNode values) {
    int[] out = new int[values.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = values.get(i).asInt();
    }
    return out;
  }
}
