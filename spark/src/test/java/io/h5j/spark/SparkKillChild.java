package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The child JVM of {@link SparkWriteKillTest}: a local[2] Spark session that writes rounds
 * {@code first}, {@code first + 1}, ... into {@code folder} until killed, each round a
 * virtual target {@code d.h5} overwritten and a version added to {@code v.h5} (both of
 * {@link #values}), saying on stdout when each write starts and when it returned.
 */
final class SparkKillChild {
  /** The elements of {@code /x}. */
  static final int ELEMENTS = 40;

  private SparkKillChild() {}

  /** What round {@code r} writes: i + 1000 r (over two tasks, in chunks of 7). */
  static double[] values(int round) {
    double[] v = new double[ELEMENTS];
    for (int i = 0; i < ELEMENTS; i++) {
      v[i] = i + 1000.0 * round;
    }
    return v;
  }

  public static void main(String[] args) throws Exception {
    Path folder = Path.of(args[0]);
    SparkSession spark = SparkSession.builder().master("local[2]").appName("h5j-kill-child")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    System.out.println("ready");
    for (int round = Integer.parseInt(args[1]);; round++) {
      System.out.println("start vds " + round);
      write(spark, folder.resolve("d.h5"), round, null);
      System.out.println("done vds " + round);
      System.out.println("start version " + round);
      write(spark, folder.resolve("v.h5"), round, "v" + round);
      System.out.println("done version " + round);
    }
  }

  private static void write(SparkSession spark, Path target, int round, String version) {
    var w = spark.range(0, ELEMENTS, 1, 2)
        .select(col("id").as("i0"), expr("cast(id + " + 1000 * round + " as double)")
            .as("value"))
        .write().format("hdf5").option("dataset", "/x").option("chunks", "7");
    if (version == null) {
      w.mode("overwrite").save(target.toString());
    } else {
      w.mode("append").option("version", version).save(target.toString());
    }
  }
}
