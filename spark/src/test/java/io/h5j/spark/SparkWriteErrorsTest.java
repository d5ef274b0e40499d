package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rows a task refuses: the error names the index and the file, and nothing is left. */
class SparkWriteErrorsTest {
  @TempDir Path dir;

  private String failure(Dataset<Row> df, Path target, String shape) {
    Exception e = assertThrows(Exception.class, () -> df.write().format("hdf5")
        .mode("append").option("dataset", "/x").option("shape", shape)
        .save(target.toString()));
    StringBuilder b = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      b.append(t.getMessage()).append(" | ");
    }
    assertFalse(Files.exists(target), "no file after a failed write");
    assertFalse(Files.exists(PartFiles.root(target)), "no part files after a failed write");
    return b.toString();
  }

  @Test
  void indexOutsideTheShapeOrNegativeIsNamed() {
    Path target = dir.resolve("out.h5");
    Dataset<Row> df = TestSpark.session().range(12)
        .select(col("id").as("i0"), expr("cast(id as double)").as("value"));
    String m = failure(df, target, "10");
    assertTrue(m.contains("index 10 of column i0 is outside the shape [10]")
        || m.contains("index 11 of column i0 is outside the shape [10]"), m);
    assertTrue(m.contains(target.toString()), m);
    m = failure(df.select(expr("i0 - 3").as("i0"), col("value")), target, "20");
    assertTrue(m.contains("of column i0 is outside the shape [20]"), m);
  }
}
