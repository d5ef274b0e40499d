package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.rand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables written with {@code df.write().format("hdf5")}, each file read back by h5py (run from
 * another folder than the file's, so a virtual dataset's relative part file names must
 * resolve beside the file) and compared element by element with the values the rows were
 * made from, the fill value where no row was.
 */
@OracleTest
class SparkWriteOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Prints the dataset's shape, dtype, layout, fill value, values and virtual sources. */
  private static final String DUMP = String.join("\n",
      "import h5py, json, sys",
      "f = h5py.File(sys.argv[1], 'r')",
      "d = f[sys.argv[2]]",
      "out = {'shape': list(d.shape), 'dtype': d.dtype.str, 'virtual': d.is_virtual,",
      "       'chunks': list(d.chunks) if d.chunks else None, 'fill': d.fillvalue.item(),",
      "       'values': d[...].ravel().tolist()}",
      "if d.is_virtual:",
      "    out['sources'] = sorted(set(s.file_name for s in d.virtual_sources()))",
      "print(json.dumps(out))");

  @TempDir Path dir;
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    Oracles.requireH5py();
    spark = TestSpark.session();
  }

  /**
   * Rows i0 = id in 3 tasks of consecutive ids, in random order within each, so that chunks at
   * the tasks' borders come in two pieces; float64 values; an edge chunk.
   */
  @Test
  void rankOneFloat64AsVirtualDatasetOverPartFiles() throws Exception {
    Path target = dir.resolve("r1.h5");
    long n = 45; // chunks of 7: the last one has 3 elements
    LongPredicate present = id -> id % 5 != 2;
    Dataset<Row> df = spark.range(0, n, 1, 3).where("id % 5 != 2")
        .select(col("id").as("i0"), expr("cast(id * 0.5 - 3.25 as double)").as("value"))
        .sortWithinPartitions(rand(7));
    df.write().format("hdf5").mode("append").option("dataset", "/x").option("chunks", "7")
        .option("fill", "-1.5").save(target.toString());

    JsonNode d = dump(target, "/x");
    assertEquals("[45]", d.get("shape").toString());
    assertEquals("<f8", d.get("dtype").asText());
    assertTrue(d.get("virtual").asBoolean(), "a virtual dataset unless merge");
    assertEquals(-1.5, d.get("fill").asDouble());
    assertValues(d, n, id -> present.test(id) ? id * 0.5 - 3.25 : -1.5);
    for (JsonNode s : d.get("sources")) {
      assertFalse(Path.of(s.asText()).isAbsolute(), "part files named relative: " + s);
      assertTrue(Files.exists(dir.resolve(s.asText())), s.asText());
    }
    assertTrue(d.get("sources").toString().contains(PartFiles.MERGED),
        "chunks of two tasks were combined into " + PartFiles.MERGED + ": " + d.get("sources"));
    // and the source reads it back: the same elements, the fill value where no row was
    List<Row> back = spark.read().format("hdf5").option("dataset", "/x")
        .load(target.toString()).orderBy("i0").collectAsList();
    assertEquals(n, back.size());
    for (Row r : back) {
      long id = r.getLong(0);
      assertEquals(present.test(id) ? id * 0.5 - 3.25 : -1.5, r.getDouble(1), "x[" + id + "]");
    }
  }

  /**
   * 10 x 13 with chunks 4 x 5 (edge chunks both ways), rows missing, two tasks sharing the
   * chunks of rows 4-7, merged to one file.
   */
  @Test
  void rankTwoInt32MergedWithShapeAndFill() throws Exception {
    Path target = dir.resolve("r2.h5");
    Dataset<Row> df = spark.range(0, 130, 1, 2).where("id % 7 != 3")
        .select(expr("id div 13").as("i0"), expr("id % 13").as("i1"),
            expr("cast(id * 3 - 50 as int)").as("value"))
        .sortWithinPartitions(rand(3));
    df.write().format("hdf5").mode("append").option("dataset", "/g/y").option("shape", "10,13")
        .option("chunks", "4,5").option("fill", "-7").option("merge", "true")
        .save(target.toString());

    JsonNode d = dump(target, "/g/y");
    assertEquals("[10,13]", d.get("shape").toString());
    assertEquals("<i4", d.get("dtype").asText());
    assertFalse(d.get("virtual").asBoolean());
    assertEquals("[4,5]", d.get("chunks").toString());
    assertValues(d, 130, id -> id % 7 != 3 ? id * 3 - 50 : -7);
    assertFalse(Files.exists(PartFiles.root(target)), "no part files left after merge");
  }

  /**
   * 5 x 6 x 7 of int8, shape from the largest indices, a buffer so small that every task
   * spills after each chunk, so that chunks come back in pieces the driver combines.
   */
  @Test
  void rankThreeInt8WithSpillsAndShapeFromIndices() throws Exception {
    Path target = dir.resolve("r3.h5");
    Dataset<Row> df = spark.range(210)
        .select(expr("id div 42").as("i0"), expr("(id div 7) % 6").as("i1"),
            expr("id % 7").as("i2"), expr("cast(id % 256 - 128 as tinyint)").as("value"))
        .sortWithinPartitions(rand(11));
    df.write().format("hdf5").mode("append").option("dataset", "/z").option("chunks", "2,3,4")
        .option("bufferBytes", "1").save(target.toString());

    JsonNode d = dump(target, "/z");
    assertEquals("[5,6,7]", d.get("shape").toString());
    assertEquals("|i1", d.get("dtype").asText());
    assertTrue(d.get("virtual").asBoolean());
    assertValues(d, 210, id -> id % 256 - 128);
    assertTrue(d.get("sources").toString().contains(PartFiles.MERGED),
        "pieces of chunks were combined into " + PartFiles.MERGED + ": " + d.get("sources"));
  }

  /** The other value types, and a null value, which leaves the fill value. */
  @Test
  void float32Int16AndInt64AndNullValues() throws Exception {
    String[][] types = {{"float", "<f4"}, {"smallint", "<i2"}, {"bigint", "<i8"}};
    for (String[] t : types) {
      Path target = dir.resolve(t[0] + ".h5");
      Dataset<Row> df = spark.range(0, 20, 1, 2).select(col("id").as("i0"),
          expr("if(id = 4, null, cast(id * 3 - 30 as " + t[0] + "))").as("value"));
      write(df, target).mode("append").option("chunks", "6").option("fill", "5")
          .save(target.toString());
      JsonNode d = dump(target, "/x");
      assertEquals(t[1], d.get("dtype").asText(), t[0]);
      assertValues(d, 20, id -> id == 4 ? 5 : id * 3 - 30);
    }
  }

  /** Overwrite replaces the file and removes the part files the old one mapped. */
  @Test
  void overwriteReplacesTheFileAndItsPartFiles() throws Exception {
    Path target = dir.resolve("ow.h5");
    write(spark.range(20).select(col("id").as("i0"), expr("cast(id as int)").as("value")),
        target).mode("append").save(target.toString());
    List<Path> before = jobDirs(target);
    assertEquals(1, before.size());

    write(spark.range(12).select(col("id").as("i0"), expr("cast(id * 2 as double)").as("value")), target)
        .mode("overwrite").save(target.toString());
    JsonNode d = dump(target, "/x");
    assertEquals("[12]", d.get("shape").toString());
    assertEquals("<f8", d.get("dtype").asText());
    assertValues(d, 12, id -> id * 2.0);
    List<Path> after = jobDirs(target);
    assertEquals(1, after.size());
    assertFalse(Files.exists(before.get(0)), "the replaced file's part files are removed");
  }

  /**
   * An overwrite removes only the part folders the replaced file mapped: a write of the same
   * target still running beside it (its folder named by a live driver, mapped by no file yet)
   * keeps its part files, for the file it is about to commit. Both for a virtual target and a
   * merged one.
   */
  @Test
  void overwriteKeepsThePartFilesOfAWriteStillRunning() throws Exception {
    for (boolean merge : new boolean[] {false, true}) {
      Path target = dir.resolve("running-" + merge + ".h5");
      write(spark.range(20).select(col("id").as("i0"), expr("cast(id as int)").as("value")),
          target).mode("append").save(target.toString());
      List<Path> before = jobDirs(target);
      Path running = PartFiles.root(target).resolve("query-still-running."
          + WriterId.current().token());
      Files.createDirectories(running);
      Files.writeString(running.resolve("part-0-1.h5"), "a task's part file, being written");

      write(spark.range(12).select(col("id").as("i0"), expr("cast(id * 3 as int)").as("value")),
          target).option("merge", String.valueOf(merge)).mode("overwrite")
          .save(target.toString());
      assertValues(dump(target, "/x"), 12, id -> id * 3);
      assertFalse(Files.exists(before.get(0)), "the replaced file's part files are removed");
      assertTrue(Files.exists(running.resolve("part-0-1.h5")),
          "the running write's part files stay (merge=" + merge + ")");
      List<Path> left = jobDirs(target);
      assertTrue(left.contains(running), left.toString());
      assertEquals(merge ? 1 : 2, left.size(), "what is left under the parts folder: " + left);
    }
  }

  /** Spark's default mode (error if exists) and append onto an existing file are refused. */
  @Test
  void existingFileIsNotOverwrittenWithoutOverwriteMode() throws Exception {
    Path target = dir.resolve("exists.h5");
    Dataset<Row> df = spark.range(4).select(col("id").as("i0"), expr("cast(id as double)").as("value"));
    write(df, target).mode("append").save(target.toString());
    byte[] first = Files.readAllBytes(target);
    Exception e = assertThrows(Exception.class,
        () -> write(df, target).mode("append").save(target.toString()));
    assertTrue(messages(e).contains("exists; use mode(\"overwrite\")"), messages(e));
    // Spark 3.5 refuses the default mode for path-based v2 sources before asking the source
    e = assertThrows(Exception.class, () -> write(df, target).save(target.toString()));
    assertTrue(messages(e).contains("ErrorIfExists"), messages(e));
    assertEquals(List.of(first.length), List.of(Files.readAllBytes(target).length));
    assertValues(dump(target, "/x"), 4, id -> id * 1.0);
  }

  /** (0, 1) twice: within one task (its buffer sees it), and in two tasks (the driver does). */
  @Test
  void duplicateIndicesAreNamedAndLeaveNothing() throws Exception {
    // range(0, 5) in one partition and range(5, 6) in another: id 5 is (0, 1) as id 1 is
    Dataset<Long> twoTasks = spark.range(0, 5, 1, 1).union(spark.range(5, 6, 1, 1));
    for (Dataset<Long> ids : List.of(spark.range(0, 6, 1, 1), twoTasks)) {
      Path target = dir.resolve("dup" + ids.rdd().getNumPartitions() + ".h5");
      Dataset<Row> df = ids.select(expr("if(id = 5, 0, id div 3)").as("i0"),
          expr("if(id = 5, 1, id % 3)").as("i1"), expr("cast(id as double)").as("value"));
      Exception e = assertThrows(Exception.class,
          () -> write(df, target).mode("append").save(target.toString()));
      assertTrue(messages(e).contains("index (0, 1) is given more than once"), messages(e));
      assertFalse(Files.exists(target));
      assertFalse(Files.exists(PartFiles.root(target)), "part files removed");
    }
  }

  @Test
  void failedTaskLeavesNoTargetAndNoPartFiles() throws Exception {
    Path target = dir.resolve("fail.h5");
    // assert_true fails the task that meets id 150 (after it wrote some chunks)
    Dataset<Row> df = spark.range(200).repartition(2)
        .select(col("id").as("i0"), expr("if(id = 150, cast(assert_true(false) as double),"
            + " cast(id as double))").as("value"));
    assertThrows(Exception.class, () -> write(df, target).mode("append")
        .option("chunks", "10").option("bufferBytes", "1").save(target.toString()));
    assertFalse(Files.exists(target));
    assertFalse(Files.exists(PartFiles.root(target)), "part files removed");
  }

  private static DataFrameWriter<Row> write(Dataset<Row> df, Path target) {
    return df.write().format("hdf5").option("dataset", "/x");
  }

  private static List<Path> jobDirs(Path target) throws Exception {
    try (Stream<Path> s = Files.list(PartFiles.root(target))) {
      return s.toList();
    }
  }

  static JsonNode dump(Path file, String dataset) throws Exception {
    return JSON.readTree(Oracles.python(DUMP, file.toString(), dataset));
  }

  static void assertValues(JsonNode d, long n, LongFunction<Number> expected) {
    JsonNode values = d.get("values");
    assertEquals(n, values.size(), "element count");
    List<String> wrong = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double want = expected.apply(i).doubleValue();
      if (values.get(i).asDouble() != want && wrong.size() < 10) {
        wrong.add("[" + i + "] " + values.get(i) + " != " + want);
      }
    }
    assertTrue(wrong.isEmpty(), "h5py reads other values: " + wrong);
  }

  private static String messages(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      b.append(t).append(" | ");
    }
    return b.toString();
  }
}
