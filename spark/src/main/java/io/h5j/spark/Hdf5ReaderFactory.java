package io.h5j.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Makes the executors' readers; serialized to them with the columns to produce. */
final class Hdf5ReaderFactory implements PartitionReaderFactory {
  private final StructType required;
  private final boolean fileColumn;
  private final SparkFiles files;

  Hdf5ReaderFactory(StructType required, boolean fileColumn, SparkFiles files) {
    this.required = required;
    this.fileColumn = fileColumn;
    this.files = files;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return Hdf5ColumnarPartitionReader.reads(((Hdf5Partition) partition).description(),
        required);
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new Hdf5ColumnarPartitionReader((Hdf5Partition) partition, required, files);
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    return new Hdf5PartitionReader((Hdf5Partition) partition, required, fileColumn, files);
  }
}
