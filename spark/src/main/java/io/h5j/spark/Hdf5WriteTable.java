package io.h5j.spark;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The target of {@code df.write().format("hdf5")}: a file to be, whose schema is the written
 * table's. Spark 3.5 writes a path-based source only in modes append (here: create the file,
 * which must not exist) and overwrite (replace it).
 */
final class Hdf5WriteTable implements SupportsWrite {
  private final StructType schema;
  private final String path;

  Hdf5WriteTable(StructType schema, String path) {
    this.schema = schema;
    this.path = path;
  }

  /**
   * Whether {@code schema}, given to {@link Hdf5DataSource#getTable}, is a written table's:
   * Spark passes a write the table's schema with every column nullable, where a read passes
   * {@link Hdf5DataSource#inferSchema}'s, whose index columns are never null; a written
   * table always has index column {@code i0}, a read one of rank 0 has none. (A read with a
   * schema of its own of that kind gets a write-only table, and fails, as it did before.)
   */
  static boolean isWrittenSchema(StructType schema) {
    return schema.getFieldIndex(DatasetSchema.index(0)).isDefined()
        && Arrays.stream(schema.fields()).allMatch(StructField::nullable);
  }

  @Override
  public String name() {
    return "hdf5:" + path;
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new Hdf5WriteBuilder(info);
  }
}
