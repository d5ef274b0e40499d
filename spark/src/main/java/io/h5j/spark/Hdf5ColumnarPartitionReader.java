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
 * ({@link BoxSlices}): the value column is the array h5j read, the index columns are computed
 * ({@link IndexColumn}). Spark then sums or filters them without a row object per element.
 */
final class Hdf5ColumnarPartitionReader implements PartitionReader<ColumnarBatch> {
  private final BoxSlices slices;
  private final ReadOptions options;
  private final SparkFiles files;
  private final StructField[] fields;
  private @Nullable SourceDataset source;
  private @Nullable ColumnarBatch batch;

  Hdf5ColumnarPartitionReader(Hdf5Partition partition, StructType required, SparkFiles files) {
    this.slices = new BoxSlices(partition);
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
        values = values != null ? values : slices.read(source);
        columns[i] = PrimitiveColumn.of(fields[i].dataType(), values);
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
