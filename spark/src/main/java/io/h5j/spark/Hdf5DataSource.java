package io.h5j.spark;

import io.h5j.type.Datatype;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 *
 * <p>Writes: a table of columns {@code i0 ... i{r-1}} (long) and {@code value} becomes one
 * chunked dataset, as a virtual dataset over the tasks' part files or, with option
 * {@code merge}, one plain file, or with option {@code version} a new version of a
 * versioned-hdf5 file (options {@code shape}, {@code chunks}, {@code fill}, {@code merge},
 * {@code bufferBytes}, {@code version}; modes append, which creates, and overwrite):
 *
 * <pre>{@code
 * df.write().format("hdf5").mode("append").option("dataset", "/x").save("/data/out.h5");
 * }</pre>
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
    if (Hdf5WriteTable.isWrittenSchema(schema)) {
      return new Hdf5WriteTable(schema, properties.getOrDefault("path", ""));
    }
    return new Hdf5Table(describe(ReadOptions.of(new CaseInsensitiveStringMap(properties))));
  }

  /**
   * True so that {@code df.write()} hands {@link #getTable} the written table's schema rather
   * than asking {@link #inferSchema} of a file that may not exist yet.
   */
  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }

  private static DatasetDescription describe(ReadOptions o) {
    try (SourceDataset d = SourceDataset.open(o, SparkFiles.onDriver())) {
      long[] shape = d.shape();
      Datatype type = d.datatype();
      return new DatasetDescription(o, shape, d.grid(), type.size(), d.chunked(),
          DatasetSchema.of(shape.length, type, o),
          type instanceof FixedPointType || type instanceof FloatType);
    } catch (IOException e) {
      throw new UncheckedIOException("hdf5: cannot read dataset " + o.dataset() + " of "
          + o.path() + ": " + e.getMessage(), e);
    }
  }
}
