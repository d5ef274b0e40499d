package io.h5j.spark;

import java.io.IOException;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;
import org.jspecify.annotations.Nullable;

/**
 * Reads one partition of a dataset of plain numbers as column batches, one per slice
 * ({@link BoxSlices}) of about {@value #BATCH_BYTES} bytes: the value column is the array h5j
 * read, the index columns are computed ({@link IndexColumn}). Spark then sums or filters them
 * without a row object per element. The task reads every slice into the same array (Spark is
 * done with a batch when it asks for the next, as with its own Parquet reader), so a batch
 * costs no allocation, and one small enough that a chunk decoded into it is still in the
 * core's cache when Spark reads it.
 */
final class Hdf5ColumnarPartitionReader implements PartitionReader<ColumnarBatch> {
  /**
   * The decoded bytes a batch of a plain dataset aims at: a chunk of 1 MiB (h5py's largest
   * default) per batch; smaller chunks are read several rows at once. A version's dataset
   * reads into a new array each time, in the row reader's larger slices (fewer reads through
   * its virtual mappings; not measured with smaller ones).
   */
  static final long BATCH_BYTES = 1L << 20;

  private final BoxSlices slices;
  private final ReadOptions options;
  private final SparkFiles files;
  private final StructField[] fields;
  private @Nullable SourceDataset source;
  private @Nullable ColumnarBatch batch;
  private @Nullable Object buffer; // the array slices are read into, kept for the next

  Hdf5ColumnarPartitionReader(Hdf5Partition partition, StructType required, SparkFiles files) {
    this.slices = new BoxSlices(partition, partition.description().options().versioned()
        ? BoxSlices.READ_BYTES : BATCH_BYTES);
    this.options = partition.description().options();
    this.files = files;
    this.fields = required.fields();
  }

  /**
   * Whether a scan of {@code required} from {@code description} reads as batches: the value
   * column (if asked for) holds numbers of a Java primitive type, and every other column is
   * an index or a directory's column {@code file} (so not with option layout rows).
   */
  static boolean reads(DatasetDescription description, StructType required) {
    if (!description.numbers() || description.options().rows()) {
      return false;
    }
    for (StructField f : required.fields()) {
      if (!DatasetSchema.isIndex(f.name(), description.shape().length)
          && !f.name().equals(DatasetSchema.FILE)
          && !(f.name().equals(DatasetSchema.VALUE) && PrimitiveColumn.holds(f.dataType()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean next() throws IOException {
    if (!slices.next()) {
      return false;
    }
    if (source == null) {
      source = SourceDataset.open(options, files);
    }
    ElementBox slice = slices.slice();
    Object values = null;
    ColumnVector[] columns = new ColumnVector[fields.length];
    for (int i = 0; i < fields.length; i++) {
      String name = fields[i].name();
      if (name.equals(DatasetSchema.VALUE)) {
        if (values == null) {
          values = slices.read(source, buffer);
          buffer = values;
        }
        columns[i] = PrimitiveColumn.of(fields[i].dataType(), values, (int) slice.elements());
      } else if (name.equals(DatasetSchema.FILE)) {
        ConstantColumnVector file = new ConstantColumnVector((int) slice.elements(),
            DataTypes.StringType);
        file.setUtf8String(UTF8String.fromString(options.path()));
        columns[i] = file;
      } else {
        columns[i] = new IndexColumn(slice, Integer.parseInt(name.substring(1)));
      }
    }
    batch = new ColumnarBatch(columns, (int) slice.elements());
    return true;
  }

  @Override
  public ColumnarBatch get() {
    return batch;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return ChunksReadMetric.of(slices.chunksRead());
  }

  @Override
  public void close() throws IOException {
    if (source != null) {
      source.close();
    }
  }
}
