package io.h5j.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark data source {@code hdf5}: one HDF5 dataset as a table of one row per element.
 *
 * <pre>{@code
 * Dataset<Row> df = spark.read().format("hdf5").option("dataset", "/temperature")
 *     .load("/data/run1.h5");   // columns i0, i1, value
 * }</pre>
 *
 * <p>Options: {@code dataset} (required), {@code version} or {@code timestampAsOf} (a version
 * of a versioned-hdf5 file), {@code enumAsNumber}, {@code partitionBytes} (decoded bytes per
 * partition, 128 MiB by default). A path is a local file, or a URI of any of Hadoop's file
 * systems ({@code hdfs://}, {@code s3a://}, ...), read with the session's Hadoop
 * configuration (versions: local files only, for now). See the README's "Spark" section.
 */
public final class Hdf5DataSource implements TableProvider, DataSourceRegister {
  /** Creates the source; Spark does, through {@code META-INF/services}. */
  public Hdf5DataSource() {}

  @Override
  public String shortName() {
    return "hdf5";
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return describe(ReadOptions.of(options)).schema();
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning,
      Map<String, String> properties) {
    return new Hdf5Table(describe(ReadOptions.of(new CaseInsensitiveStringMap(properties))));
  }

  @Override
  public boolean supportsExternalMetadata() {
    return false;
  }

  private static TableDescription describe(ReadOptions o) {
    return TableDescription.of(o, SparkFiles.onDriver());
  }
}
