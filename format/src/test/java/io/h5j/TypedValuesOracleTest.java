package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * n-d arrays, booleans and typed attributes both ways against h5py (libhdf5): what h5j writes
 * h5py reads with the same shapes, numpy bool and values; what h5py writes (bool, enum, object
 * references, 2-D, scalar) h5j reads typed.
 */
class TypedValuesOracleTest {
  @TempDir
  Path dir;

  /** Prints name, shape, dtype and values (as a list) of every dataset and attribute. */
  private static final String DESCRIBE = String.join("\n",
      "import sys, h5py, numpy as np",
      "def show(name, v):",
      "    a = np.asarray(v)",
      "    print(name, a.shape, a.dtype, a.tolist())",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    def each(name, obj):",
      "        if isinstance(obj, h5py.Dataset):",
      "            show(name, obj[()])",
      "        for k, v in obj.attrs.items():",
      "            show(name + '@' + k, v)",
      "    f.visititems(each)");

  @Test
  void h5pyReadsWhatH5jWritesWithItsShapeAndBooleans() throws IOException {
    Path file = dir.resolve("h5j.h5");
    try (H5File f = H5File.create(file)) {
      Group g = f.root();
      g.createDataset("m", DatasetSpec.of(new double[][] {{1, 2, 3}, {4, 5, 6}}));
      g.createDataset("cube", DatasetSpec.of(new int[][][] {{{1, 2}}, {{3, 4}}}).chunks(1, 1, 2));
      g.createDataset("names", DatasetSpec.of(new String[][] {{"a", "b"}, {"c", "d"}}));
      g.createDataset("b", DatasetSpec.of(new boolean[] {true, false, true}));
      g.createDataset("b2", DatasetSpec.of(new boolean[][] {{false, true}}));
      g.createDataset("flag", DatasetSpec.scalar(true));
      Dataset w = g.createDataset("w", DatasetSpec.empty(io.h5j.type.Datatypes.FLOAT64,
          2, 2));
      w.write(new double[][] {{7, 8}, {9, 10}});
      g.attributes().put("am", new double[][] {{1, 2}, {3, 4}});
      g.attributes().put("done", true);
      g.attributes().put("flags", new boolean[] {false, true});
    }
    String out = Oracles.python(DESCRIBE.replace("f.visititems(each)",
        "each('/', f)\n    f.visititems(each)"), file.toString());
    assertTrue(out.contains("/@am (2, 2) float64 [[1.0, 2.0], [3.0, 4.0]]"), out);
    assertTrue(out.contains("/@done () bool True"), out);
    assertTrue(out.contains("/@flags (2,) bool [False, True]"), out);
    assertTrue(out.contains("m (2, 3) float64 [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]"), out);
    assertTrue(out.contains("cube (2, 1, 2) int32 [[[1, 2]], [[3, 4]]]"), out);
    assertTrue(out.contains("names (2, 2) object [[b'a', b'b'], [b'c', b'd']]"), out);
    assertTrue(out.contains("b (3,) bool [True, False, True]"), out);
    assertTrue(out.contains("b2 (1, 2) bool [[False, True]]"), out);
    assertTrue(out.contains("flag () bool True"), out);
    assertTrue(out.contains("w (2, 2) float64 [[7.0, 8.0], [9.0, 10.0]]"), out);
  }

  @Test
  void h5jReadsWhatH5pyWritesTyped() throws IOException {
    Path file = dir.resolve("h5py.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f['b'] = np.array([True, False, False, True])",
        "    f['m'] = np.arange(12, dtype='<i4').reshape(3, 4)",
        "    f['s'] = np.float32(2.5)",
        "    f['e'] = np.array([2, 0], dtype='u1')",
        "    f['e'].attrs['x'] = 1",
        "    dt = h5py.enum_dtype({'RED': 0, 'GREEN': 1, 'BLUE': 2}, basetype='u1')",
        "    f.create_dataset('colour', data=np.array([2, 0, 1], dtype='u1'), dtype=dt)",
        "    g = f.create_group('g')",
        "    refs = f.create_dataset('refs', (3,), dtype=h5py.ref_dtype)",
        "    refs[0] = g.ref",
        "    refs[1] = f['m'].ref",
        "    f.attrs['ok'] = np.bool_(True)",
        "    f.attrs['mask'] = np.array([[True, False], [False, True]])",
        "    f.attrs['name'] = 'x'"), file.toString());
    try (H5File f = H5File.open(file)) {
      assertArrayEquals(new boolean[] {true, false, false, true}, f.dataset("b").readBooleans());
      assertArrayEquals(new boolean[] {true, false, false, true}, (boolean[]) f.dataset("b").read());
      int[][] m = f.dataset("m").readArray(int[][].class);
      assertEquals(11, m[2][3]);
      assertArrayEquals(new long[] {4, 5, 6, 7}, f.dataset("m").readArray(Selection.parse("1"),
          long[].class));
      assertArrayEquals(new double[][] {{1, 3}, {9, 11}}, f.dataset("m").readArray(
          Selection.parse("::2, 1::2"), double[][].class));
      assertEquals(2.5f, f.dataset("s").read());
      assertEquals(2.5, f.dataset("s").readDouble());
      assertArrayEquals(new long[] {2, 0, 1}, f.dataset("colour").readLongs());
      assertArrayEquals(new String[] {"BLUE", "RED", "GREEN"}, f.dataset("colour").readStrings());
      Node[] refs = f.dataset("refs").readReferences();
      assertEquals("/g", refs[0].path());
      assertEquals("/m", refs[1].path());
      assertNull(refs[2], "h5py's unset reference is null");
      Attributes a = f.root().attributes();
      assertTrue(a.getBoolean("ok"));
      assertArrayEquals(new boolean[][] {{true, false}, {false, true}},
          a.getArray("mask", boolean[][].class));
      assertEquals("x", a.getString("name"));
      assertEquals(1L, f.dataset("e").attributes().getLong("x"));
    }
  }
}
