package io.h5j.spark;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/** One scan of a dataset: its partitions, planned on the driver from the shape alone. */
final class Hdf5Scan implements Scan, Batch, SupportsReportStatistics {
  private final DatasetDescription description;
  private final IndexRanges ranges;
  private final StructType required;
  private final Filter[] pushed;

  Hdf5Scan(DatasetDescription description, IndexRanges ranges, StructType required,
      Filter[] pushed) {
    this.description = description;
    this.ranges = ranges;
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
        + (pushed.length == 0 ? "" : " pushed " + Arrays.toString(pushed));
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    List<List<ElementBox>> plan = PartitionPlanner.plan(description.grid(),
        description.elementBytes(), description.options().partitionBytes(), ranges);
    InputPartition[] out = new InputPartition[plan.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = new Hdf5Partition(description.options(), plan.get(i));
    }
    return out;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new Hdf5ReaderFactory(description, required, SparkFiles.forExecutors());
  }

  @Override
  public Statistics estimateStatistics() {
    long rows = ranges.elements();
    long bytes = IndexRanges.multiplyCapped(rows, description.elementBytes()
        + 8L * description.shape().length);
    return new Statistics() {
      @Override
      public OptionalLong sizeInBytes() {
        return OptionalLong.of(bytes);
      }

      @Override
      public OptionalLong numRows() {
        return OptionalLong.of(rows);
      }
    };
  }
}
