package io.h5j.spark;

import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.DelegatingCatalogExtension;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.connector.expressions.Transform;

/**
 * The session catalog with {@code hdf5} tables: Spark 3.5 keeps a table made by
 * {@code CREATE TABLE t USING hdf5 OPTIONS (path '...', dataset '/x')} as a plain catalog entry
 * and reads it through the v1 source interface, which a DataSource V2 source lacks; this
 * extension of the session catalog turns such an entry into the source's table, and answers
 * {@code VERSION AS OF 'v42'} and {@code TIMESTAMP AS OF '...'} with a version of a versioned
 * file. Set it as Delta Lake's catalog is set:
 *
 * <pre>{@code
 * SparkSession spark = SparkSession.builder()
 *     .config("spark.sql.catalog.spark_catalog", "io.h5j.spark.Hdf5Catalog")
 *     .getOrCreate();
 * spark.sql("CREATE TABLE prices USING hdf5 OPTIONS (path '/data/prices.h5', dataset '/close')");
 * spark.sql("SELECT * FROM prices VERSION AS OF 'r7' WHERE i0 < 100");
 * }</pre>
 *
 * <p>Every other table is the session catalog's, unchanged.
 */
public class Hdf5Catalog extends DelegatingCatalogExtension {
  /** Created by Spark from {@code spark.sql.catalog.spark_catalog}. */
  public Hdf5Catalog() {}

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    Table t = super.loadTable(ident);
    Map<String, String> options = hdf5Options(t);
    return options == null ? t : table(options);
  }

  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    Map<String, String> options = hdf5Options(super.loadTable(ident));
    if (options == null) {
      return super.loadTable(ident, version);
    }
    options.put("version", version);
    return table(options);
  }

  /** @param timestamp microseconds since the epoch, as Spark gives {@code TIMESTAMP AS OF} */
  @Override
  public Table loadTable(Identifier ident, long timestamp) throws NoSuchTableException {
    Map<String, String> options = hdf5Options(super.loadTable(ident));
    if (options == null) {
      return super.loadTable(ident, timestamp);
    }
    options.put("timestampAsOf", Instant.EPOCH.plus(timestamp, ChronoUnit.MICROS).toString());
    return table(options);
  }

  private static Table table(Map<String, String> options) {
    return new Hdf5DataSource().getTable(new StructType(), new Transform[0], options);
  }

  /**
   * The source options of a catalog entry whose provider is {@code hdf5} (its {@code OPTIONS},
   * the file as {@code path}), or null for any other table.
   */
  private static Map<String, String> hdf5Options(Table t) {
    Map<String, String> properties = t.properties();
    String provider = properties.get(TableCatalog.PROP_PROVIDER);
    if (provider == null || !provider.toLowerCase(Locale.ROOT).equals("hdf5")) {
      return null;
    }
    Map<String, String> options = new HashMap<>();
    properties.forEach((k, v) -> {
      if (k.startsWith(TableCatalog.OPTION_PREFIX)) {
        options.put(k.substring(TableCatalog.OPTION_PREFIX.length()), v);
      }
    });
    String location = properties.get(TableCatalog.PROP_LOCATION);
    if (!options.containsKey("path") && location != null) {
      URI uri = URI.create(location);
      options.put("path", "file".equals(uri.getScheme()) ? Path.of(uri).toString() : location);
    }
    return options;
  }
}
