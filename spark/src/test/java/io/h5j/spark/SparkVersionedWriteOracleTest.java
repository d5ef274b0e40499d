package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.testing.VersionedHdf5Peers.Peer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code option("version", ...)}: versioned-hdf5 (each peer: libhdf5 1.10.8 and 2.0) makes a file
 * with version v1, Spark adds v2 changing some elements (partly covering chunks) and v3 with
 * a new dataset, and versioned-hdf5 reads every version back.
 */
@OracleTest
class SparkVersionedWriteOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** versioned-hdf5 makes version v1 with x = arange(30) as 5 x 6 in 2 x 3 chunks. */
  static final String MAKE_V1 = String.join("\n",
      "import sys, h5py, numpy as np",
      "from versioned_hdf5 import VersionedHDF5File",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    vf = VersionedHDF5File(f)",
      "    with vf.stage_version('v1') as g:",
      "        g.create_dataset('x', data=np.arange(30, dtype='f8').reshape(5, 6), chunks=(2, 3))");
  /** Prints {version: {name: values}} of every version. */
  private static final String DUMP = String.join("\n",
      "import sys, json, h5py",
      "from versioned_hdf5 import VersionedHDF5File",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    vf = VersionedHDF5File(f)",
      "    out = {}",
      "    for v in ['v1', 'v2', 'v3']:",
      "        if v in vf._versions:",
      "            g = vf[v]",
      "            out[v] = {n: {'shape': list(g[n].shape), 'values': g[n][()].ravel().tolist()}"
          + " for n in g}",
      "    print(json.dumps(out))");

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Peer.class)
  void versionsAddedBySparkAreReadByVersionedHdf5(Peer peer) throws Exception {
    VersionedHdf5Peers.require(peer);
    SparkSession spark = TestSpark.session();
    Path file = dir.resolve("v.h5");
    VersionedHdf5Peers.python(peer, MAKE_V1, file.toString());

    // v2: row 1 (half of chunks (0, 0) and (0, 1)) and element (4, 5), over two tasks
    Dataset<Row> v2 = spark.range(0, 6, 1, 1)
        .select(lit(1L).as("i0"), col("id").as("i1"), expr("cast(-1 - id as double)").as("value"))
        .union(spark.range(0, 1, 1, 1).select(lit(4L).as("i0"), lit(5L).as("i1"),
            lit(99.0).as("value")));
    v2.write().format("hdf5").mode("append").option("dataset", "/x").option("version", "v2")
        .option("chunks", "2,3").save(file.toString());
    // v3: a new dataset y of int32, shape from its indices
    spark.range(7).select(col("id").as("i0"), expr("cast(id * 10 as int)").as("value"))
        .write().format("hdf5").mode("append").option("dataset", "/y").option("version", "v3")
        .save(file.toString());

    JsonNode d = JSON.readTree(VersionedHdf5Peers.python(peer, DUMP, file.toString()));
    double[] x = new double[30];
    for (int i = 0; i < 30; i++) {
      x[i] = i;
    }
    assertEquals(JSON.valueToTree(x), d.get("v1").get("x").get("values"), "v1 unchanged");
    for (int j = 0; j < 6; j++) {
      x[6 + j] = -1 - j;
    }
    x[29] = 99;
    assertEquals(JSON.valueToTree(x), d.get("v2").get("x").get("values"), "v2");
    assertEquals("[5,6]", d.get("v2").get("x").get("shape").toString());
    assertFalse(d.get("v2").has("y"));
    assertEquals(JSON.valueToTree(x), d.get("v3").get("x").get("values"), "v3 keeps x");
    assertEquals("[0,10,20,30,40,50,60]", d.get("v3").get("y").get("values").toString());
    assertFalse(Files.exists(PartFiles.root(file)), "the versions hold the chunks");

    // a version is never overwritten
    Exception e = assertThrows(Exception.class, () -> v2.write().format("hdf5")
        .mode("overwrite").option("dataset", "/x").option("version", "v4")
        .save(file.toString()));
    assertTrue(String.valueOf(e.getMessage()).contains("never overwritten"), e.toString());
  }
}
