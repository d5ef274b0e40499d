package io.h5j.spark;

import org.apache.spark.sql.SparkSession;

/** The one local Spark session the module's test classes share (started on first use). */
final class TestSpark {
  private static SparkSession session;

  private TestSpark() {}

  static synchronized SparkSession session() {
    if (session == null) {
      session = SparkSession.builder().master("local[2]").appName("h5j-spark-tests")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.catalog.spark_catalog", Hdf5Catalog.class.getName())
          .config("spark.sql.shuffle.partitions", "2")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.driver.bindAddress", "127.0.0.1")
          .getOrCreate();
      session.sparkContext().setLogLevel("ERROR");
      Runtime.getRuntime().addShutdownHook(new Thread(session::stop));
    }
    return session;
  }
}
