package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Versions of a versioned-hdf5 file named by a URI that is no local path
 * ({@link CountingLocalFileSystem}'s scheme, as {@code hdfs:} would be): read as a snapshot
 * through Hadoop's {@code FileSystem}, each version's sum and the listing of
 * {@code hdf5-versions} are h5py's.
 */
@OracleTest
class SparkHadoopVersionsOracleTest {
  @TempDir static Path dir;
  private static Path file;
  private static List<String> h5py;

  @BeforeAll
  static void copy() throws Exception {
    file = dir.resolve("smoke.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5/smoke-2.4.1.dev-5389a78.h5"), file);
    CountingLocalFileSystem.register(TestSpark.session().sparkContext().hadoopConfiguration());
    h5py = Oracles.python(String.join("\n",
        "import sys, h5py",
        "v = h5py.File(sys.argv[1], 'r')['_version_data/versions']",
        "for n in sorted(k for k in v if k != '__first_version__'):",
        "    print(n, repr(float(v[n]['grid'][()].astype('f8').sum())))", ""),
        file.toString()).trim().lines().toList();
  }

  @Test
  void eachVersionReadsThroughHadoopAsH5pyReadsIt() throws Exception {
    SparkSession spark = TestSpark.session();
    long before = CountingLocalFileSystem.OPENS.get();
    for (String line : h5py) {
      String[] f = line.split(" ");
      double sum = ((Number) spark.read().format("hdf5").option("dataset", "/grid")
          .option("version", f[0]).load(CountingLocalFileSystem.uri(file))
          .agg(functions.sum("value")).first().get(0)).doubleValue();
      assertEquals(Double.parseDouble(f[1]), sum, f[0]);
    }
    assertTrue(CountingLocalFileSystem.OPENS.get() > before, "no stream opened through Hadoop");
  }

  @Test
  void theVersionsListThroughHadoop() {
    List<String> names = TestSpark.session().read().format("hdf5-versions")
        .load(CountingLocalFileSystem.uri(file)).select("name").as(Encoders.STRING())
        .collectAsList();
    assertEquals(h5py.stream().map(l -> l.split(" ")[0]).toList(), names);
  }
}
