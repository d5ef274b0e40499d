package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The columnar reader reads a task's slices into one array: slices with unwritten chunks
 * (the fill value, not the previous slice's values), a last slice shorter than the array,
 * a type converted for Spark (uint8 as short) and 2-d index columns give h5py's exact sums.
 */
@OracleTest
class SparkColumnarBatchOracleTest {
  /**
   * Writes the datasets and prints per dataset: count, sum(value), sum(i0 * value) and, for
   * 2-d, sum(i1 * value); all exact (multiples of 1/4 below 2^53).
   */
  private static final String WRITE = String.join("\n",
      "import h5py, numpy as np, sys",
      "n = 300000",
      "x = (np.arange(n) % 1000) * 0.25",
      "u = ((np.arange(1100 * 1000) * 7) % 251).astype('u1').reshape(1100, 1000)",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    for name, extra in [('deflated', dict(compression='gzip', shuffle=True)),"
          + " ('plain', {})]:",
      "        d = f.create_dataset(name, shape=(n,), dtype='f8', chunks=(10000,),"
          + " fillvalue=7.5, **extra)",
      "        d[0:95000] = x[0:95000]",
      "        d[200000:283456] = x[200000:283456]",
      "    f.create_dataset('u1', data=u, chunks=(100, 250), compression='gzip')",
      "    for name in ['deflated', 'plain']:",
      "        v = f[name][...]; i = np.arange(n)",
      "        print(name, n, repr(float(v.sum())), repr(float((i * v).sum())), 0)",
      "    v = u.astype('i8'); i0, i1 = np.indices(u.shape)",
      "    print('u1', v.size, int(v.sum()), int((i0 * v).sum()), int((i1 * v).sum()))");

  @TempDir static Path dir;
  private static Path file;
  private static Map<String, String[]> expected = new java.util.HashMap<>();

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("batches.h5");
    for (String line : Oracles.python(WRITE, file.toString()).trim().split("\n")) {
      String[] w = line.trim().split(" ");
      expected.put(w[0], w);
    }
  }

  @Test
  void slicesWithUnwrittenChunksAndAShortLastOneGiveH5pysSums() {
    for (String name : List.of("deflated", "plain")) {
      Row r = TestSpark.session().read().format("hdf5").option("dataset", "/" + name)
          .load(file.toString()).selectExpr("count(*)", "sum(value)", "sum(i0 * value)")
          .first();
      String[] want = expected.get(name);
      assertEquals(Long.parseLong(want[1]), r.getLong(0), name);
      assertEquals(Double.parseDouble(want[2]), r.getDouble(1), name);
      assertEquals(Double.parseDouble(want[3]), r.getDouble(2), name);
    }
  }

  @Test
  void convertedValuesAndTwoDimensionalIndexesGiveH5pysSums() {
    Row r = TestSpark.session().read().format("hdf5").option("dataset", "/u1")
        .load(file.toString()).selectExpr("count(*)", "sum(value)", "sum(i0 * value)",
            "sum(i1 * value)", "first(typeof(value))").first();
    String[] want = expected.get("u1");
    assertEquals(Long.parseLong(want[1]), r.getLong(0));
    assertEquals(Long.parseLong(want[2]), r.getLong(1));
    assertEquals(Long.parseLong(want[3]), r.getLong(2));
    assertEquals(Long.parseLong(want[4]), r.getLong(3));
    assertEquals("smallint", r.getString(4));
  }

  @Test
  void aTaskReadsEverySliceIntoTheArrayOfTheFirst() throws Exception {
    TestSpark.session();
    ReadOptions o = ReadOptions.of(Map.of("path", file.toString(), "dataset", "/deflated"));
    SparkFiles files = SparkFiles.onDriver();
    DatasetDescription d = DatasetDescription.of(o, files);
    BoxSlices slices = new BoxSlices(new Hdf5Partition(d,
        List.of(new ElementBox(new long[] {0}, new long[] {300000}))),
        Hdf5ColumnarPartitionReader.BATCH_BYTES);
    try (SourceDataset source = SourceDataset.open(o, files)) {
      assertTrue(slices.next());
      Object first = slices.read(source, null);
      int slicesRead = 1;
      while (slices.next()) {
        assertSame(first, slices.read(source, first), "slice " + slices.slice());
        slicesRead++;
      }
      assertTrue(slicesRead >= 3, slicesRead + " slices");
      assertNotSame(first, slices.read(source, new double[1]), "an array too short");
    }
  }
}
