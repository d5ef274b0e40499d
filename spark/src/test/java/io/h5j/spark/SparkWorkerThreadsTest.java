package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.H5File;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark's tasks decode a file's chunks on their own threads: the source opens files with no
 * chunk worker threads unless the Hadoop key {@value SparkFiles#WORKER_THREADS} asks for some;
 * either way a scan of a deflated dataset gives h5py's sums. A scan of local files ships the
 * key's value to its tasks, not the whole configuration.
 */
@OracleTest
class SparkWorkerThreadsTest {
  @TempDir static Path dir;
  private static Path file;
  private static String expected;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("deflated.h5");
    expected = Oracles.python(String.join("\n",
        "import h5py, numpy as np, sys",
        "x = (np.arange(400 * 50, dtype='f8') * 0.5 - 11).reshape(400, 50)",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('x', data=x, chunks=(20, 25), compression='gzip', shuffle=True)",
        "print(x.size, repr(float(x.sum())))"), file.toString()).trim();
  }

  /** The row count and value sum of a scan, against h5py's. */
  private static void assertScanSums() {
    Row r = TestSpark.session().read().format("hdf5").option("dataset", "/x")
        .load(file.toString()).selectExpr("count(*)", "sum(value)").first();
    String[] h5py = expected.split(" ");
    assertEquals(Long.parseLong(h5py[0]), r.getLong(0), "rows");
    assertEquals(Double.parseDouble(h5py[1]), r.getDouble(1), "sum (multiples of 0.5: exact)");
  }

  /** The worker threads of the file as the source opens it (driver and tasks alike). */
  private static int threadsOfOpenedFile() throws Exception {
    TestSpark.session();
    try (H5File f = SparkFiles.onDriver().open(file.toString())) {
      return f.workerThreads();
    }
  }

  /** An instance as a task gets it: serialized on the driver, read back. */
  private static SparkFiles shipped(SparkFiles files) throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(files);
    }
    try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
        new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      return (SparkFiles) in.readObject();
    }
  }

  @Test
  void aLocalScansTasksGetTheKeyWithoutTheConfiguration() throws Exception {
    SparkSession spark = TestSpark.session();
    spark.conf().set(SparkFiles.WORKER_THREADS, "2");
    try {
      SparkFiles tasks = shipped(SparkFiles.forExecutorsReading(
          java.util.List.of(file.toString(), "file:" + file)));
      try (H5File f = tasks.open(file.toString())) {
        assertEquals(2, f.workerThreads());
      }
      assertThrows(IllegalStateException.class, tasks::hadoopConf, "no configuration shipped");
      // a path on another file system needs the configuration on the executors
      SparkFiles remote = SparkFiles.forExecutorsReading(
          java.util.List.of(file.toString(), "hdfs://namenode/a.h5"));
      assertEquals("2", remote.hadoopConf().get(SparkFiles.WORKER_THREADS));
    } finally {
      spark.conf().unset(SparkFiles.WORKER_THREADS);
    }
  }

  @Test
  void tasksDecodeOnTheirOwnThreads() throws Exception {
    assertEquals(0, threadsOfOpenedFile());
    assertScanSums();
  }

  @Test
  void theHadoopKeyGivesFilesThreads() throws Exception {
    SparkSession spark = TestSpark.session();
    spark.conf().set(SparkFiles.WORKER_THREADS, "3");
    try {
      assertEquals(3, threadsOfOpenedFile());
      assertScanSums();
    } finally {
      spark.conf().unset(SparkFiles.WORKER_THREADS);
    }
  }
}
