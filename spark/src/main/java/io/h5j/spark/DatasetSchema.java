package io.h5j.spark;

import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The table a dataset reads as: index columns {@code i0 ... i{r-1}} (long, the element's
 * index), then {@code value}, or for a compound one column per member. With option
 * {@code layout} {@code rows} (2-d datasets only): {@code i0}, then {@code value}, the array
 * of the row's elements. A directory's or a glob's table adds the column {@code file}.
 */
final class DatasetSchema {
  /** The column of a non-compound element. */
  static final String VALUE = "value";
  /** The column of the file a row is from, in a directory's or a glob's table. */
  static final String FILE = "file";

  private DatasetSchema() {}

  /** The name of the index column of dimension {@code k}. */
  static String index(int k) {
    return "i" + k;
  }

  /** Whether {@code name} is the index column of one of {@code rank} dimensions. */
  static boolean isIndex(String name, int rank) {
    return name.matches("i[0-9]+") && Integer.parseInt(name.substring(1)) < rank;
  }

  /** The schema of a dataset of {@code rank} and {@code type}. */
  static StructType of(int rank, Datatype type, ReadOptions o) {
    String where = o.dataset() + " of " + o.path();
    if (o.rows() && rank != 2) {
      throw new IllegalArgumentException("hdf5: option layout rows reads 2-d datasets; "
          + where + " has rank " + rank + " (leave the option out: one row per element)");
    }
    List<StructField> fields = new ArrayList<>();
    for (int k = 0; k < (o.rows() ? 1 : rank); k++) {
      fields.add(DataTypes.createStructField(index(k), DataTypes.LongType, false));
    }
    if (o.rows()) {
      fields.add(DataTypes.createStructField(VALUE, DataTypes.createArrayType(
          ElementMapping.of(type, o.enumAsNumber(), where).sparkType(), true), false));
    } else if (type instanceof CompoundType c) {
      for (StructField f : ElementMapping.structOf(c, o.enumAsNumber(), where).fields()) {
        if (isIndex(f.name(), rank)) {
          throw new IllegalArgumentException("hdf5: compound member " + f.name() + " of "
              + where + " has the name of an index column");
        }
        fields.add(f);
      }
    } else {
      fields.add(DataTypes.createStructField(VALUE,
          ElementMapping.of(type, o.enumAsNumber(), where).sparkType(), true));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** {@code schema} with the column {@link #FILE} after the others. */
  static StructType withFile(StructType schema, String where) {
    if (List.of(schema.fieldNames()).contains(FILE)) {
      throw new IllegalArgumentException("hdf5: " + where + " has a member named " + FILE
          + ", the column a directory's or a glob's table adds; load the files one by one");
    }
    return schema.add(DataTypes.createStructField(FILE, DataTypes.StringType, false));
  }
}
