package io.h5j.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Makes the executors' readers; serialized to them with the columns to produce. */
final class Hdf5ReaderFactory implements PartitionReaderFactory {
  private final DatasetDescription description;
  private final StructType required;
  private final SparkFiles files;

  Hdf5ReaderFactory(DatasetDescription description, StructType required, SparkFiles files) {
    this.description = description;
    this.required = required;
    this.files = files;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return Hdf5ColumnarPartitionReader.reads(description, required);
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new Hdf5ColumnarPartitionReader(description, (Hdf5Partition) partition, required,
        files);
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    return new Hdf5PartitionReader(description, (Hdf5Partition) partition, required,
        files);
  }
}
