package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.rand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.testing.VersionedHdf5Peers.Peer;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongUnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes to a real HDFS (Hadoop's {@link MiniDFSCluster}, in this JVM) by {@code hdfs://}
 * URIs: a virtual dataset over part files, a merged file, and versions added to a file
 * versioned-hdf5 made. Each result is copied back to a local folder with
 * {@link FileSystem#copyToLocalFile} and judged there by h5py and h5dump (plain files) or
 * versioned-hdf5 (versions), against the values the rows were made from.
 */
@OracleTest
class SparkHdfsWriteOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Peer PEER = Peer.DEB;
  /** Prints {version: values of x} of every version. */
  private static final String DUMP_VERSIONS = String.join("\n",
      "import sys, json, h5py",
      "from versioned_hdf5 import VersionedHDF5File",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    vf = VersionedHDF5File(f)",
      "    print(json.dumps({v: vf[v]['x'][()].ravel().tolist() for v in vf._versions"
          + " if v != '__first_version__'}))");

  @TempDir static Path dir;
  private static MiniDFSCluster cluster;
  private static FileSystem fs;
  private static String root;
  private static SparkSession spark;

  @BeforeAll
  static void start() throws Exception {
    Oracles.requireH5py();
    spark = TestSpark.session();
    long t0 = System.nanoTime();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
    root = fs.getUri() + "/out/";
    System.out.printf("MiniDFSCluster up in %.1f s: %s%n", (System.nanoTime() - t0) / 1e9,
        root);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @AfterEach
  void listenToNone() {
    WriteEvents.listen(null);
  }

  /** Copies HDFS folder {@code name} under /out to a new local folder, which it returns. */
  private static Path copyBack(String name) throws Exception {
    Path local = Files.createTempDirectory(dir, "back-");
    fs.copyToLocalFile(false, new org.apache.hadoop.fs.Path("/out/" + name),
        new org.apache.hadoop.fs.Path(local.toString()), true);
    return local.resolve(name);
  }

  /** The values of {@code dataset} as h5dump prints them (-y: no indices, -w 0: no wraps). */
  private static double[] h5dumpValues(Path file, String dataset) throws Exception {
    String out = Oracles.h5dump(file, "-d", dataset, "-y", "-w", "0");
    int data = out.indexOf("DATA {");
    assertTrue(data >= 0, out);
    String body = out.substring(data + "DATA {".length(), out.indexOf('}', data));
    return Arrays.stream(body.trim().split("[,\\s]+")).mapToDouble(Double::parseDouble)
        .toArray();
  }

  private static void assertH5dump(Path file, String dataset, long n, LongUnaryOperator want)
      throws Exception {
    double[] values = h5dumpValues(file, dataset);
    assertEquals(n, values.length, "h5dump's element count of " + file);
    List<String> wrong = new ArrayList<>();
    for (int i = 0; i < n && wrong.size() < 10; i++) {
      if (values[i] != want.applyAsLong(i) * 0.25) {
        wrong.add("[" + i + "] " + values[i] + " != " + want.applyAsLong(i) * 0.25);
      }
    }
    assertEquals(List.of(), wrong, "h5dump reads other values in " + file);
  }

  /**
   * 12 x 10 elements (i0 = id / 10), chunks 5 x 4, three tasks of consecutive ids in random
   * order so that chunks at their borders come in two pieces; ids divisible by 7 missing.
   */
  private static Dataset<Row> grid() {
    return spark.range(0, 120, 1, 3).where("id % 7 != 0")
        .select(expr("id div 10").as("i0"), expr("id % 10").as("i1"),
            expr("cast(id * 0.25 as double)").as("value"))
        .sortWithinPartitions(rand(11));
  }

  /** Element i's value in units of 0.25: id, or the fill value -4 (-1.0) where no row was. */
  private static long gridValue(long id) {
    return id % 7 != 0 ? id : -4;
  }

  @Test
  void aVirtualDatasetOverPartFilesInHdfsReadsBackBesideItsParts() throws Exception {
    List<String> steps = java.util.Collections.synchronizedList(new ArrayList<>());
    WriteEvents.listen((kind, name) -> steps.add(kind + " " + name));
    grid().write().format("hdf5").mode("append").option("dataset", "/x")
        .option("chunks", "5,4").option("fill", "-1").save(root + "vds/out.h5");
    assertTrue(steps.contains("PLACED out.h5"), "the target is renamed into place: " + steps);

    List<String> names = new ArrayList<>();
    for (var s : fs.listStatus(new org.apache.hadoop.fs.Path("/out/vds"))) {
      names.add(s.getPath().getName());
    }
    assertEquals(List.of("out.h5", "out.h5.parts"), names.stream().sorted().toList(),
        "no temporary file is left beside the target");
    Path local = copyBack("vds").resolve("out.h5");

    JsonNode d = SparkWriteOracleTest.dump(local, "/x");
    assertEquals("[12,10]", d.get("shape").toString());
    assertTrue(d.get("virtual").asBoolean());
    SparkWriteOracleTest.assertValues(d, 120, id -> gridValue(id) * 0.25);
    for (JsonNode s : d.get("sources")) {
      assertFalse(s.asText().startsWith("/") || s.asText().contains(":"),
          "part files named relative to the target: " + s);
    }
    assertTrue(d.get("sources").toString().contains(PartFiles.MERGED), d.toString());
    assertH5dump(local, "/x", 120, SparkHdfsWriteOracleTest::gridValue);
    // and Spark reads it from HDFS, finding the part files beside it
    List<Row> back = spark.read().format("hdf5").option("dataset", "/x")
        .load(root + "vds/out.h5").orderBy("i0", "i1").collectAsList();
    assertEquals(120, back.size());
    for (int i = 0; i < 120; i++) {
      assertEquals(gridValue(i) * 0.25, back.get(i).getDouble(2), "x[" + i + "] from HDFS");
    }
  }

  @Test
  void aMergedFileReplacesTheOldOneInHdfs() throws Exception {
    String target = root + "merged/out.h5";
    grid().write().format("hdf5").mode("append").option("dataset", "/x")
        .option("chunks", "5,4").option("fill", "-1").option("merge", "true").save(target);
    Exception e = assertThrows(Exception.class, () -> grid().write().format("hdf5")
        .mode("append").option("dataset", "/x").save(target));
    assertTrue(String.valueOf(e.getMessage()).contains("exists"), e.toString());
    // overwrite with other values, twice each id, from more tasks than the driver keeps part
    // files open (PartReader.MAX_OPEN)
    spark.range(0, 120, 1, PartReader.MAX_OPEN + 4).select(expr("id div 10").as("i0"), expr("id % 10").as("i1"),
            expr("cast(id * 0.5 as double)").as("value"))
        .write().format("hdf5").mode("overwrite").option("dataset", "/x")
        .option("chunks", "5,4").option("merge", "true").save(target);

    List<String> names = new ArrayList<>();
    for (var s : fs.listStatus(new org.apache.hadoop.fs.Path("/out/merged"))) {
      names.add(s.getPath().getName());
    }
    assertEquals(List.of("out.h5"), names, "no part files or temporary files left");
    Path local = copyBack("merged").resolve("out.h5");
    JsonNode d = SparkWriteOracleTest.dump(local, "/x");
    assertFalse(d.get("virtual").asBoolean());
    assertEquals("[5,4]", d.get("chunks").toString());
    SparkWriteOracleTest.assertValues(d, 120, id -> id * 0.5);
    assertH5dump(local, "/x", 120, id -> 2 * id);
  }

  private static List<String> names(String folder) throws Exception {
    List<String> names = new ArrayList<>();
    for (var s : fs.listStatus(new org.apache.hadoop.fs.Path(folder))) {
      names.add(s.getPath().getName());
    }
    return names.stream().sorted().toList();
  }

  /**
   * What a write killed on a file system that cannot rename over a file leaves (the old target
   * kept aside, the name empty), and what killed writers leave (part folders, uploads): a read
   * finds the kept file, the next write puts it back and removes what dead writers of this
   * host left, and keeps what a writer elsewhere did.
   */
  @Test
  void theNextWriteFinishesAKilledReplaceAndRemovesDeadWritersLeftovers() throws Exception {
    String target = root + "kept/out.h5";
    grid().write().format("hdf5").mode("append").option("dataset", "/x")
        .option("chunks", "5,4").option("fill", "-1").save(target);
    List<String> jobs = names("/out/kept/out.h5.parts");
    fs.rename(new org.apache.hadoop.fs.Path("/out/kept/out.h5"),
        new org.apache.hadoop.fs.Path("/out/kept/.out.h5.h5j-old"));
    Process ended = new ProcessBuilder("true").start();
    assertTrue(ended.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
    String dead = ended.pid() + "@" + WriterId.current().host();
    String elsewhere = "q1." + ended.pid() + "@elsewhere.example.org";
    for (String leftover : List.of("out.h5.parts/q0." + dead + "/part-0-1.h5",
        "out.h5.parts/" + elsewhere + "/part-0-1.h5", ".out.h5." + dead + ".x.tmp")) {
      fs.create(new org.apache.hadoop.fs.Path("/out/kept/" + leftover)).close();
    }

    List<Row> back = spark.read().format("hdf5").option("dataset", "/x").load(target)
        .orderBy("i0", "i1").collectAsList();
    assertEquals(120, back.size(), "the kept file is read in the target's place");
    for (int i = 0; i < 120; i++) {
      assertEquals(gridValue(i) * 0.25, back.get(i).getDouble(2), "x[" + i + "]");
    }
    Exception e = assertThrows(Exception.class, () -> grid().write().format("hdf5")
        .mode("append").option("dataset", "/x").save(target));
    assertTrue(String.valueOf(e.getMessage()).contains("exists"), e.toString());
    assertEquals(List.of("out.h5", "out.h5.parts"), names("/out/kept"),
        "the kept file is back at its name, the dead writer's upload gone");
    List<String> want = new ArrayList<>(jobs);
    want.add(elsewhere);
    assertEquals(want.stream().sorted().toList(), names("/out/kept/out.h5.parts"),
        "the dead writer's part folder is gone, the target's and the other host's stay");
    Path local = copyBack("kept").resolve("out.h5");
    SparkWriteOracleTest.assertValues(SparkWriteOracleTest.dump(local, "/x"), 120,
        id -> gridValue(id) * 0.25);
  }

  /** v2 changes row 1 and element (4, 5) of the 5 x 6 dataset v1 of versioned-hdf5 made. */
  private static void writeV2(String target) {
    spark.range(0, 6, 1, 1)
        .select(lit(1L).as("i0"), col("id").as("i1"), expr("cast(-1 - id as double)").as("value"))
        .union(spark.range(0, 1, 1, 1).select(lit(4L).as("i0"), lit(5L).as("i1"),
            lit(99.0).as("value")))
        .write().format("hdf5").mode("append").option("dataset", "/x").option("version", "v2")
        .option("chunks", "2,3").save(target);
  }

  @Test
  void aVersionAddedToAVersionedFileInHdfsIsReadByVersionedHdf5() throws Exception {
    VersionedHdf5Peers.require(PEER);
    Path made = dir.resolve("made-v1.h5");
    VersionedHdf5Peers.python(PEER, SparkVersionedWriteOracleTest.MAKE_V1, made.toString());
    fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(made.toString()),
        new org.apache.hadoop.fs.Path("/out/versioned/v.h5"));
    String target = root + "versioned/v.h5";
    writeV2(target);

    // a writer that changes the file after this one copied it: the version is refused
    WriteEvents.listen((kind, name) -> {
      if (kind == WriteEvents.Kind.COPIED) {
        try (OutputStream out = fs.append(new org.apache.hadoop.fs.Path("/out/versioned/v.h5"))) {
          out.write(new byte[16]); // after the end of the file's allocation: still readable
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    });
    long before = fs.getFileStatus(new org.apache.hadoop.fs.Path("/out/versioned/v.h5"))
        .getLen();
    Exception e = assertThrows(Exception.class, () -> spark.range(3)
        .select(lit(0L).as("i0"), col("id").as("i1"), lit(7.0).as("value"))
        .write().format("hdf5").mode("append").option("dataset", "/x").option("version", "v3")
        .save(target));
    WriteEvents.listen(null);
    assertTrue(String.valueOf(e.getMessage()).contains("changed while this write"),
        e.toString());
    assertEquals(before + 16, fs.getFileStatus(
        new org.apache.hadoop.fs.Path("/out/versioned/v.h5")).getLen(),
        "the other writer's file stays");

    List<String> names = new ArrayList<>();
    for (var s : fs.listStatus(new org.apache.hadoop.fs.Path("/out/versioned"))) {
      names.add(s.getPath().getName());
    }
    assertEquals(List.of("v.h5"), names, "no part files or temporary files left");
    Path local = copyBack("versioned").resolve("v.h5");
    JsonNode d = JSON.readTree(VersionedHdf5Peers.python(PEER, DUMP_VERSIONS,
        local.toString()));
    double[] x = new double[30];
    for (int i = 0; i < 30; i++) {
      x[i] = i;
    }
    assertEquals(JSON.valueToTree(x), d.get("v1"), "v1 unchanged");
    for (int j = 0; j < 6; j++) {
      x[6 + j] = -1 - j;
    }
    x[29] = 99;
    assertEquals(JSON.valueToTree(x), d.get("v2"), "v2");
    assertFalse(d.has("v3"), "the refused version is not there: " + d);
  }
}
