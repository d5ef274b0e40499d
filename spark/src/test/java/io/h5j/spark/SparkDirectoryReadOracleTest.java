package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory or a glob of files h5py wrote, each holding {@code /x} (int32, 2-d, of different
 * lengths), as one table with the column {@code file}: every (file, i0, i1) holds h5py's value
 * of that file, locally and through Hadoop's {@code FileSystem}; files whose {@code /x}
 * differs fail naming both.
 */
@OracleTest
class SparkDirectoryReadOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Writes the files of argv[1] (and a non-HDF5 file, a subfolder), prints h5py's values. */
  private static final String WRITE = String.join("\n",
      "import h5py, numpy as np, json, os, sys",
      "d = sys.argv[1]",
      "out = {}",
      "for n, (name, rows) in enumerate([('a.h5', 4), ('b.hdf5', 2), ('c.h5', 5)]):",
      "    x = (np.arange(rows * 3, dtype='i4') + 100 * n).reshape(rows, 3)",
      "    with h5py.File(os.path.join(d, name), 'w') as f:",
      "        f.create_dataset('x', data=x, chunks=(2, 2))",
      "    with h5py.File(os.path.join(d, name), 'r') as f:",
      "        out[name] = f['x'][...].tolist()",
      "open(os.path.join(d, 'notes.txt'), 'w').write('not hdf5')",
      "os.mkdir(os.path.join(d, 'sub'))",
      "with h5py.File(os.path.join(d, 'sub', 'deeper.h5'), 'w') as f:",
      "    f.create_dataset('x', data=np.zeros((1, 3), 'i4'))",
      "print(json.dumps(out))");

  @TempDir static Path dir;
  private static JsonNode expected;

  @BeforeAll
  static void write() throws Exception {
    expected = JSON.readTree(Oracles.python(WRITE, dir.toString()));
    CountingLocalFileSystem.register(TestSpark.session().sparkContext().hadoopConfiguration());
  }

  private static Dataset<Row> read(String path) {
    return TestSpark.session().read().format("hdf5").option("dataset", "/x")
        .option("partitionBytes", 16).load(path);
  }

  @Test
  void aDirectoryIsItsH5AndHdf5FilesWithAFileColumn() throws Exception {
    Dataset<Row> df = read(dir.toString());
    assertEquals(List.of("i0", "i1", "value", "file"), List.of(df.schema().fieldNames()));
    assertSameAsH5py(df, List.of("a.h5", "b.hdf5", "c.h5"));
    // plain numbers read as column batches, the file a constant column of each
    assertTrue(df.queryExecution().executedPlan().toString().contains("ColumnarToRow"),
        df.queryExecution().executedPlan().toString());
  }

  @Test
  void aGlobIsTheFilesItMatches() throws Exception {
    assertSameAsH5py(read(dir + "/[ab]*"), List.of("a.h5", "b.hdf5"));
    assertSameAsH5py(read(dir + "/{a,c}.h5"), List.of("a.h5", "c.h5"));
  }

  @Test
  void aGlobOfAHadoopFileSystemIsListedThere() throws Exception {
    long before = CountingLocalFileSystem.OPENS.get();
    Dataset<Row> df = read(CountingLocalFileSystem.uri(dir) + "/*.h5");
    assertSameAsH5py(df, List.of("a.h5", "c.h5"));
    assertTrue(CountingLocalFileSystem.OPENS.get() > before, "no file opened through Hadoop");
    for (Row r : df.select("file").distinct().collectAsList()) {
      assertTrue(r.getString(0).startsWith(CountingLocalFileSystem.SCHEME + ":"), r.getString(0));
    }
  }

  @Test
  void aDirectoryWhosePathHasASpaceReadsToo() throws Exception {
    Path spaced = Files.createDirectories(dir.resolve("sub/with space"));
    Files.copy(dir.resolve("c.h5"), spaced.resolve("c.h5"));
    Dataset<Row> df = read(spaced.toString());
    assertEquals(expected.get("c.h5").size() * 3L, df.count());
    assertTrue(df.select("file").first().getString(0).endsWith("/with space/c.h5"),
        df.select("file").first().getString(0));
  }

  @Test
  void filtersOnIndexAndFileKeepTheirRows() throws Exception {
    Dataset<Row> all = read(dir.toString());
    String b = all.select("file").distinct().collectAsList().stream().map(r -> r.getString(0))
        .filter(f -> f.endsWith("/b.hdf5")).findFirst().orElseThrow();
    Dataset<Row> one = all.where("i0 >= 1 AND i0 < 2 AND file = '" + b + "'");
    List<Row> rows = one.collectAsList();
    assertEquals(3, rows.size(), rows.toString());
    // b.hdf5's row 1 lies in 2 chunks of 2 x 2; the other files are not read at all
    assertEquals(2, ScanMetrics.chunksRead(one));
    for (Row r : rows) {
      assertEquals(expected.get("b.hdf5").get(1).get((int) r.getLong(1)).asInt(),
          r.getInt(2), r.toString());
    }
    // the i0 filter applies to each file: c.h5 has rows 3 and 4, a.h5 row 3 only
    assertEquals(3 * 2 + 3, all.where("i0 >= 3").count());
  }

  @Test
  void filesWhoseDatasetDiffersFailNamingBoth(@TempDir Path other) throws Exception {
    Oracles.python(String.join("\n", "import h5py, numpy as np, sys, os",
        "with h5py.File(os.path.join(sys.argv[1], 'p.h5'), 'w') as f:",
        "    f['x'] = np.zeros((2, 3), 'i4')",
        "with h5py.File(os.path.join(sys.argv[1], 'q.h5'), 'w') as f:",
        "    f['x'] = np.zeros((2, 3), 'f8')",
        "with h5py.File(os.path.join(sys.argv[1], 'r.h5'), 'w') as f:",
        "    f['x'] = np.zeros(6, 'i4')", ""), other.toString());
    Exception type = assertThrows(Exception.class, () -> read(other + "/[pq].h5").schema());
    assertTrue(type.getMessage().contains("p.h5") && type.getMessage().contains("q.h5")
        && type.getMessage().contains("double"), type.getMessage());
    Exception rank = assertThrows(Exception.class, () -> read(other + "/[pr].h5").schema());
    assertTrue(rank.getMessage().contains("p.h5") && rank.getMessage().contains("r.h5"),
        rank.getMessage());
    Exception none = assertThrows(Exception.class, () -> read(other + "/z*.h5").schema());
    assertTrue(none.getMessage().contains("no file matches"), none.getMessage());
  }

  /** The rows of {@code df} are exactly h5py's elements of {@code names}, each file named. */
  private static void assertSameAsH5py(Dataset<Row> df, List<String> names) {
    Map<String, Integer> rowsPerFile = new TreeMap<>();
    List<Row> rows = df.collectAsList();
    java.util.Set<String> seen = new java.util.HashSet<>();
    long elements = 0;
    for (String n : names) {
      elements += expected.get(n).size() * 3L;
    }
    assertEquals(elements, rows.size(), "rows of " + names);
    for (Row r : rows) {
      String file = r.getString(3);
      String name = file.substring(file.lastIndexOf('/') + 1);
      assertTrue(names.contains(name), file + " is not among " + names);
      assertTrue(file.contains(dir.toString()), file);
      JsonNode x = expected.get(name);
      assertEquals(x.get((int) r.getLong(0)).get((int) r.getLong(1)).asInt(), r.getInt(2),
          r.toString());
      rowsPerFile.merge(name, 1, Integer::sum);
      assertTrue(seen.add(file + " " + r.getLong(0) + " " + r.getLong(1)), "twice: " + r);
    }
    assertEquals(names.size(), rowsPerFile.size(), rowsPerFile.toString());
  }
}
