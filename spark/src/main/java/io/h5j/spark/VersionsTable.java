package io.h5j.spark;

import io.h5j.versioning.VersionInfo;
import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.unsafe.types.UTF8String;

/** The versions of one versioned file, listed on the driver when a query scans them. */
final class VersionsTable implements SupportsRead {
  /** name, parent (null for a root), timestamp (null if it does not parse), datasets. */
  static final StructType SCHEMA = new StructType()
      .add("name", DataTypes.StringType, false)
      .add("parent", DataTypes.StringType, true)
      .add("timestamp", DataTypes.TimestampType, true)
      .add("datasets", DataTypes.createArrayType(DataTypes.StringType, false), false);

  private final String path;

  VersionsTable(String path) {
    this.path = path;
  }

  @Override
  public String name() {
    return "hdf5-versions:" + path;
  }

  @Override
  public StructType schema() {
    return SCHEMA;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return () -> new LocalScan() {
      @Override
      public InternalRow[] rows() {
        return list();
      }

      @Override
      public StructType readSchema() {
        return SCHEMA;
      }

      @Override
      public String description() {
        return "hdf5-versions of " + path;
      }
    };
  }

  /** One row per committed version, oldest first. */
  private InternalRow[] list() {
    try (VersionedFile vf = SparkFiles.onDriver().openVersioned(path)) {
      List<InternalRow> rows = new ArrayList<>();
      for (VersionInfo v : vf.versions()) {
        VersionView view = vf.version(v.name());
        List<String> paths = view.datasetPaths();
        Object[] datasets = new Object[paths.size()];
        for (int i = 0; i < datasets.length; i++) {
          datasets[i] = UTF8String.fromString(paths.get(i));
        }
        rows.add(new GenericInternalRow(new Object[] {UTF8String.fromString(v.name()),
            v.isRoot() ? null : UTF8String.fromString(v.parent()), micros(v.time()),
            new GenericArrayData(datasets)}));
      }
      return rows.toArray(new InternalRow[0]);
    } catch (IOException e) {
      throw new UncheckedIOException("hdf5-versions: cannot list the versions of " + path
          + ": " + e.getMessage(), e);
    }
  }

  private static Long micros(Instant t) {
    return t == null ? null : ChronoUnit.MICROS.between(Instant.EPOCH, t);
  }
}
