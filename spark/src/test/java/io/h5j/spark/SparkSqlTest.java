package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code hdf5} source from Spark SQL: a table made with {@code CREATE TABLE ... USING hdf5
 * OPTIONS (...)}, queried with a filter on an index column and an aggregate, against the values
 * h5py reads from the same file.
 */
@OracleTest
class SparkSqlTest {
  @Test
  void aTableCreatedWithUsingHdf5AnswersQueries(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("grid.h5");
    String h5py = Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "x = (np.arange(3000, dtype='f8') * 0.5).reshape(100, 30)",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('g/x', data=x, chunks=(16, 8), compression='gzip')",
        "print(repr(float(x[40:60].sum())), int((x > 700).sum()))", ""), file.toString()).trim();
    SparkSession spark = TestSpark.session();
    spark.sql("CREATE TABLE grid USING hdf5 OPTIONS (path '" + file + "', dataset '/g/x')");
    try {
      List<Row> sum = spark.sql(
          "SELECT sum(value), count(*) FROM grid WHERE i0 >= 40 AND i0 < 60").collectAsList();
      List<Row> over = spark.sql("SELECT count(*) FROM grid WHERE value > 700").collectAsList();
      String[] expected = h5py.split(" ");
      assertEquals(Double.parseDouble(expected[0]), sum.get(0).getDouble(0));
      assertEquals(20L * 30, sum.get(0).getLong(1));
      assertEquals(Long.parseLong(expected[1]), over.get(0).getLong(0));
      assertEquals(List.of("i0", "i1", "value"),
          List.of(spark.table("grid").schema().fieldNames()));
    } finally {
      spark.sql("DROP TABLE grid");
    }
    assertTrue(java.nio.file.Files.isRegularFile(file), "DROP TABLE deleted the file");
  }

  /**
   * {@code VERSION AS OF} and {@code TIMESTAMP AS OF} on a file versioned-hdf5 wrote: each
   * version's sum, and the version current at a time between two commits, as h5py reads them.
   */
  @Test
  void versionAsOfReadsTheVersionsVersionedHdf5Committed() throws Exception {
    Path file = io.h5j.testing.Fixtures.dir().resolve("versioned-hdf5/smoke-2.4.1.dev-5389a78.h5");
    String h5py = Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "f = h5py.File(sys.argv[1], 'r')",
        "v = f['_version_data/versions']",
        "for n in ['v1', 'v2', 'v3']:",
        "    print(n, v[n].attrs['timestamp'], repr(float(v[n]['grid'][()].astype('f8').sum())))",
        ""), file.toString()).trim();
    SparkSession spark = TestSpark.session();
    spark.sql("CREATE TABLE smoke USING hdf5 OPTIONS (path '" + file + "', dataset '/grid')");
    try {
      java.util.Map<String, String> timestamps = new java.util.LinkedHashMap<>();
      for (String line : h5py.lines().toList()) {
        String[] f = line.split(" ");
        double sum = spark.sql("SELECT sum(value) FROM smoke VERSION AS OF '" + f[0] + "'")
            .collectAsList().get(0).getAs(0) instanceof Number n ? n.doubleValue() : Double.NaN;
        assertEquals(Double.parseDouble(f[3]), sum, f[0]);
        timestamps.put(f[0], f[1] + "T" + f[2].replace("+0000", "Z"));
      }
      java.time.Instant v2 = java.time.Instant.parse(timestamps.get("v2"));
      String between = v2.plusNanos(1000).toString();
      double asOf = ((Number) spark.sql("SELECT sum(value) FROM smoke TIMESTAMP AS OF '"
          + between.replace("T", " ") + "'").collectAsList().get(0).get(0)).doubleValue();
      double second = ((Number) spark.sql("SELECT sum(value) FROM smoke VERSION AS OF 'v2'")
          .collectAsList().get(0).get(0)).doubleValue();
      assertEquals(second, asOf, "the version current at " + between);
    } finally {
      spark.sql("DROP TABLE smoke");
    }
  }
}
