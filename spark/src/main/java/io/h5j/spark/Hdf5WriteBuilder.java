package io.h5j.spark;

import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;

/**
 * Builds a write: a new file (Spark's append mode, refused when the file exists), a new
 * version of a versioned file (append mode with option {@code version}) or, once Spark asks
 * to truncate (overwrite mode), a file that replaces the one there.
 */
final class Hdf5WriteBuilder implements WriteBuilder, SupportsTruncate {
  private final LogicalWriteInfo info;
  private boolean replace;

  Hdf5WriteBuilder(LogicalWriteInfo info) {
    this.info = info;
  }

  @Override
  public WriteBuilder truncate() {
    replace = true;
    return this;
  }

  @Override
  public Write build() {
    WriteOptions options = WriteOptions.of(info.options());
    WriteJob job = WriteJob.of(info.schema(), options, info.queryId());
    try {
      job.store().removeLeftovers(WriterId::provablyDead); // before it looks at the target
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("hdf5: cannot finish or remove what killed writes"
          + " of " + options.path() + " left: " + e.getMessage(), e);
    }
    if (options.version() != null) {
      if (replace) {
        throw new IllegalArgumentException("hdf5: a version (option version "
            + options.version() + ") is added to " + options.path() + ", never overwritten;"
            + " use mode(\"append\")");
      }
    } else {
      try {
        TargetWriter.checkAbsent(job, replace); // before any task runs
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("hdf5: cannot look for " + options.path()
            + ": " + e.getMessage(), e);
      }
    }
    return new Hdf5Write(job, replace);
  }
}
