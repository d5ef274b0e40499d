package io.h5j.spark;

import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The Spark SQL metric "chunks read" of an {@code hdf5} scan: the chunks of the chunk grid the
 * tasks' reads covered, summed over the tasks (0 for a dataset that is not chunked). It shows
 * how far filters on index columns narrowed the read. Spark makes this class on the driver to
 * sum the tasks' values, so it is public with a public constructor.
 */
public final class ChunksReadMetric extends CustomSumMetric {
  /** The metric's name in the scan's metrics (e.g. {@code BatchScanExec.metrics()}). */
  public static final String NAME = "chunksRead";

  /** Made by Spark (and by the scan it reports for). */
  public ChunksReadMetric() {}

  /** A task's value of this metric: {@code chunks} read. */
  static CustomTaskMetric[] of(long chunks) {
    return new CustomTaskMetric[] {new CustomTaskMetric() {
      @Override
      public String name() {
        return NAME;
      }

      @Override
      public long value() {
        return chunks;
      }
    }};
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "chunks read";
  }
}
