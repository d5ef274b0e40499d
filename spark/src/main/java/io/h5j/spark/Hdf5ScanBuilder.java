package io.h5j.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * Takes the filters on index columns (they narrow the chunks read) and the columns needed.
 * Every filter is also handed back for Spark to apply: the narrowing is by index only.
 */
final class Hdf5ScanBuilder implements ScanBuilder, SupportsPushDownFilters,
    SupportsPushDownRequiredColumns {
  private final DatasetDescription description;
  private IndexRanges ranges;
  private Filter[] pushed = new Filter[0];
  private StructType required;

  Hdf5ScanBuilder(DatasetDescription description) {
    this.description = description;
    this.ranges = IndexRanges.all(description.shape());
    this.required = description.schema();
  }

  @Override
  public Filter[] pushFilters(Filter[] filters) {
    List<Filter> used = new ArrayList<>();
    for (Filter f : filters) {
      IndexRanges narrowed = ranges.narrow(f);
      if (narrowed != null) {
        ranges = narrowed;
        used.add(f);
      }
    }
    pushed = used.toArray(new Filter[0]);
    return filters;
  }

  @Override
  public Filter[] pushedFilters() {
    return pushed.clone();
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    required = requiredSchema;
  }

  @Override
  public Scan build() {
    return new Hdf5Scan(description, ranges, required, pushed);
  }
}
