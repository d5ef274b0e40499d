package io.h5j.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark data source {@code hdf5-versions}: the committed versions of a versioned-hdf5 file
 * as a table of one row per version, oldest first.
 *
 * <pre>{@code
 * spark.read().format("hdf5-versions").load("/data/prices.h5").show();
 * // name, parent (null for a first version), timestamp, datasets (array<string>)
 * }</pre>
 *
 * <p>The file is read on the driver when the query runs (a listing, not data). A local path
 * or a URI of one of Hadoop's file systems, as for {@code hdf5}.
 */
public final class VersionsDataSource implements TableProvider, DataSourceRegister {
  /** Creates the source; Spark does, through {@code META-INF/services}. */
  public VersionsDataSource() {}

  @Override
  public String shortName() {
    return "hdf5-versions";
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return VersionsTable.SCHEMA;
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning,
      Map<String, String> properties) {
    String path = new CaseInsensitiveStringMap(properties).get("path");
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException("hdf5-versions: no file given; use load(path)");
    }
    return new VersionsTable(path);
  }
}
