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
 * <p>Columns: {@code i0 ... i{r-1}} (the element's index), then {@code value}, or a column per
 * member of a compound. Filters on index columns ({@code =}, {@code <}, {@code >=},
 * {@code IN}, and their ANDs) narrow the chunks read; the scan's metric "chunks read"
 * ({@link ChunksReadMetric}) counts those the tasks read.
 *
 * <p>Options: {@code dataset} (required); {@code version}, or {@code timestampAsOf} (the
 * latest version committed at or before an ISO-8601 time; one without an offset is a time in
 * the session's {@code spark.sql.session.timeZone}), to read a version of a versioned-hdf5
 * file (without them such a file reads as its current version, pinned on the driver); {@code layout} {@code rows} (a 2-d dataset as a row per {@code i0}, whose
 * {@code value} is the array of the row's elements); {@code enumAsNumber};
 * {@code partitionBytes} (decoded bytes per partition, 128 MiB by default).
 *
 * <p>A path is a file, a directory (its {@code *.h5} and {@code *.hdf5} files, not those of
 * its subdirectories) or a glob (Hadoop's {@code globStatus}: {@code *}, {@code ?},
 * {@code [ab]}, {@code {a,b}}) of files that hold the dataset with one type and rank; the
 * table of a directory or a glob has the column {@code file} (each file's path as Hadoop
 * qualifies it), and filters {@code file = '...'} and {@code file IN (...)} skip files.
 * Paths are local, or URIs of any of Hadoop's file systems ({@code hdfs://}, {@code s3a://},
 * ...) read with the session's Hadoop configuration; versions of such a file are read as a
 * snapshot, without the locks a local file's readers take. Hadoop configuration keys (also as
 * {@code spark.hadoop.KEY}) tune reads: {@code h5j.read.blockBytes} and
 * {@code h5j.read.cacheBytes}, the request size and the block cache per open file on Hadoop's
 * file systems (4 MiB, 16 MiB); {@code h5j.read.workerThreads}, threads that decode a file's
 * chunks beside the task's own (0: Spark already runs a task per core). Bad input fails the
 * query with a message naming the file, the dataset and, for a damaged chunk, the chunk. The
 * versions of a file are listed by the source {@code hdf5-versions}
 * ({@link VersionsDataSource}); SQL tables by {@link Hdf5Catalog}. See the README's "Spark"
 * section.
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
 *
 * <p>A write's path is local, or a URI of any of Hadoop's file systems: there each file is
 * written to a local scratch file and uploaded, then renamed into place (see
 * {@code docs/spark-write.md}); a version is added to a local copy of a versioned file that
 * replaces the original, failing when another writer changed it meanwhile.
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

  private static TableDescription describe(ReadOptions o) {
    return TableDescription.of(o, SparkFiles.onDriver());
  }
}
