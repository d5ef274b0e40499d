package io.h5j.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A dataset as a table that Spark reads in batches. */
final class Hdf5Table implements SupportsRead {
  private final TableDescription description;

  Hdf5Table(TableDescription description) {
    this.description = description;
  }

  @Override
  public String name() {
    ReadOptions o = description.options();
    return "hdf5:" + o.path() + ":" + o.dataset()
        + (o.version() != null ? "@" + o.version() : "")
        + (o.timestampAsOf() != null ? "@" + o.timestampAsOf() : "");
  }

  @Override
  public StructType schema() {
    return description.schema();
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new Hdf5ScanBuilder(description);
  }
}
