package io.h5j.spark;

import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.Write;

/** A planned write of one dataset, run as one batch job. */
final class Hdf5Write implements Write {
  private final WriteJob job;
  private final boolean replace;

  Hdf5Write(WriteJob job, boolean replace) {
    this.job = job;
    this.replace = replace;
  }

  @Override
  public String description() {
    return "hdf5 " + (replace ? "overwrite " : "create ") + job.where()
        + (job.options().merge() ? " (merged)" : " (virtual over part files)");
  }

  @Override
  public BatchWrite toBatch() {
    return new Hdf5BatchWrite(job, replace);
  }
}
