package io.h5j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * One scan of a table: its partitions, planned on the driver from the shapes alone, each
 * file's apart. With option {@code layout} {@code rows} a partition holds whole rows: it is
 * planned over the first dimension alone, one unit a row of the chunk grid's height.
 */
final class Hdf5Scan implements Scan, Batch, SupportsReportStatistics {
  private final TableDescription description;
  private final StructType required;
  private final Filter[] pushed;

  Hdf5Scan(TableDescription description, StructType required, Filter[] pushed) {
    this.description = description;
    this.required = required;
    this.pushed = pushed;
  }

  @Override
  public StructType readSchema() {
    return required;
  }

  @Override
  public String description() {
    return "hdf5 " + description.options().dataset() + " of " + description.options().path()
        + (description.files().size() > 1 ? " (" + description.files().size() + " files)" : "")
        + (pushed.length == 0 ? "" : " pushed " + Arrays.toString(pushed));
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    List<InputPartition> out = new ArrayList<>();
    for (DatasetDescription d : kept()) {
      long[] shape = d.shape();
      if (d.options().rows()) {
        long rowBytes = IndexRanges.multiplyCapped(d.elementBytes(), shape[1]);
        for (List<ElementBox> rows : PartitionPlanner.plan(new long[] {d.grid()[0]}, rowBytes,
            d.options().partitionBytes(), ranges(d))) {
          List<ElementBox> boxes = new ArrayList<>();
          for (ElementBox r : rows) {
            boxes.add(new ElementBox(new long[] {r.start()[0], 0},
                new long[] {r.count()[0], shape[1]}));
          }
          out.add(new Hdf5Partition(d, boxes));
        }
      } else {
        for (List<ElementBox> boxes : PartitionPlanner.plan(d.grid(), d.elementBytes(),
            d.options().partitionBytes(), ranges(d))) {
          out.add(new Hdf5Partition(d, boxes));
        }
      }
    }
    return out.toArray(new InputPartition[0]);
  }

  /** The files the filters on column {@code file} keep. */
  private List<DatasetDescription> kept() {
    List<DatasetDescription> out = new ArrayList<>();
    for (DatasetDescription d : description.files()) {
      if (!description.fileColumn() || FileFilter.keeps(pushed, d.options().path())) {
        out.add(d);
      }
    }
    return out;
  }

  /** The index ranges of {@code d} the pushed filters keep. */
  private IndexRanges ranges(DatasetDescription d) {
    long[] shape = d.options().rows() ? new long[] {d.shape()[0]} : d.shape();
    IndexRanges r = IndexRanges.all(shape);
    for (Filter f : pushed) {
      IndexRanges narrowed = r.narrow(f);
      if (narrowed != null) {
        r = narrowed;
      }
    }
    return r;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    List<String> paths = new ArrayList<>();
    for (DatasetDescription d : kept()) {
      paths.add(d.options().path());
    }
    return new Hdf5ReaderFactory(required, description.fileColumn(),
        SparkFiles.forExecutorsReading(paths));
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return new CustomMetric[] {new ChunksReadMetric()};
  }

  @Override
  public Statistics estimateStatistics() {
    long rows = 0;
    long bytes = 0;
    for (DatasetDescription d : kept()) {
      long n = ranges(d).elements();
      long rowBytes = d.options().rows()
          ? IndexRanges.multiplyCapped(d.elementBytes(), d.shape()[1]) + 8
          : d.elementBytes() + 8L * d.shape().length;
      rows = capped(rows, n);
      bytes = capped(bytes, IndexRanges.multiplyCapped(n, rowBytes));
    }
    long numRows = rows;
    long sizeInBytes = bytes;
    return new Statistics() {
      @Override
      public OptionalLong sizeInBytes() {
        return OptionalLong.of(sizeInBytes);
      }

      @Override
      public OptionalLong numRows() {
        return OptionalLong.of(numRows);
      }
    };
  }

  private static long capped(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }
}
