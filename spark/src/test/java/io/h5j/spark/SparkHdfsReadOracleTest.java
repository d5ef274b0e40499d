package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real HDFS (Hadoop's {@link MiniDFSCluster}: a name node and a data node in this JVM)
 * holding files h5py wrote: a chunked, deflated dataset, and a virtual dataset whose source
 * is in the other file, found beside it in HDFS. Spark reads them by {@code hdfs://} URIs;
 * the values are h5py's.
 */
@OracleTest
class SparkHdfsReadOracleTest {
  private static final String WRITE_AND_DUMP = String.join("\n",
      "import h5py, numpy as np, json, sys, os",
      "d = sys.argv[1]",
      "x = (np.arange(300 * 70, dtype='f8') * 0.25 - 7).reshape(300, 70)",
      "with h5py.File(os.path.join(d, 'src.h5'), 'w') as f:",
      "    f.create_dataset('x', data=x, chunks=(32, 16), compression='gzip', shuffle=True)",
      "lay = h5py.VirtualLayout(shape=(2, 70), dtype='f8')",
      "lay[0] = h5py.VirtualSource('src.h5', 'x', shape=(300, 70))[5]",
      "lay[1] = h5py.VirtualSource('src.h5', 'x', shape=(300, 70))[299]",
      "with h5py.File(os.path.join(d, 'vds.h5'), 'w') as f:",
      "    f.create_virtual_dataset('v', lay)",
      "os.chdir('/')",
      "with h5py.File(os.path.join(d, 'vds.h5'), 'r') as f:",
      "    v = f['v'][...]",
      "print(json.dumps({'x': x.ravel().tolist(), 'v': v.ravel().tolist()}))");

  @TempDir static Path dir;
  private static MiniDFSCluster cluster;
  private static String root;
  private static JsonNode expected;

  @BeforeAll
  static void start() throws Exception {
    Path local = java.nio.file.Files.createDirectories(dir.resolve("local"));
    expected = new ObjectMapper().readTree(Oracles.python(WRITE_AND_DUMP, local.toString()));
    long t0 = System.nanoTime();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    FileSystem fs = cluster.getFileSystem();
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path("/data");
    fs.mkdirs(data);
    for (String name : List.of("src.h5", "vds.h5")) {
      fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(local.resolve(name).toString()),
          new org.apache.hadoop.fs.Path(data, name));
    }
    root = fs.getUri() + "/data/";
    System.out.printf("MiniDFSCluster up with the files in %.1f s: %s%n",
        (System.nanoTime() - t0) / 1e9, root);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  private static void assertValues(String file, String dataset, JsonNode want, int columns) {
    List<Row> rows = SparkReadOracleTest.read(root + file, dataset, false)
        .orderBy("i0", "i1").collectAsList();
    assertEquals(want.size(), rows.size(), file + " rows");
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      assertEquals(i / columns, r.getLong(0), file + " i0 of row " + i);
      assertEquals(i % columns, r.getLong(1), file + " i1 of row " + i);
      assertEquals(want.get(i).asDouble(), r.getDouble(2), file + "[" + i + "]");
    }
  }

  @Test
  void aChunkedDeflatedDatasetReadFromHdfsHoldsH5pysValues() {
    assertValues("src.h5", "/x", expected.get("x"), 70);
  }

  @Test
  void aVirtualDatasetFindsItsSourceBesideItInHdfs() {
    assertValues("vds.h5", "/v", expected.get("v"), 70);
  }
}
