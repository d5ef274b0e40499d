package io.h5j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * Takes the filters on index columns (they narrow the chunks read), those on the column
 * {@code file} (they skip files) and the columns needed. Every filter is also handed back for
 * Spark to apply: the narrowing is by index and file only.
 */
final class Hdf5ScanBuilder implements ScanBuilder, SupportsPushDownFilters,
    SupportsPushDownRequiredColumns {
  private final TableDescription description;
  private Filter[] pushed = new Filter[0];
  private StructType required;

  Hdf5ScanBuilder(TableDescription description) {
    this.description = description;
    this.required = description.schema();
  }

  @Override
  public Filter[] pushFilters(Filter[] filters) {
    // which filters narrow an index does not depend on the shape: files' shapes may differ
    long[] unbounded = new long[description.indexRank()];
    Arrays.fill(unbounded, Long.MAX_VALUE);
    IndexRanges any = IndexRanges.all(unbounded);
    List<Filter> used = new ArrayList<>();
    for (Filter f : filters) {
      if (any.narrow(f) != null || (description.fileColumn() && FileFilter.reads(f))) {
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
    return new Hdf5Scan(description, required, pushed);
  }
}
