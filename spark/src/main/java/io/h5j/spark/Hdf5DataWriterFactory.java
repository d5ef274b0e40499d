package io.h5j.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;

/** Ships the job to the executors and makes each task's writer there. */
final class Hdf5DataWriterFactory implements DataWriterFactory {
  private static final long serialVersionUID = 1L;
  private final WriteJob job;

  Hdf5DataWriterFactory(WriteJob job) {
    this.job = job;
  }

  @Override
  public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
    return new Hdf5DataWriter(job, partitionId, taskId);
  }
}
