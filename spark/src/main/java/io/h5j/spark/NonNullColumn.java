package io.h5j.spark;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A column of a batch that has no nulls and holds no memory of Spark's: the getters of its
 * own type are overridden by the subclass; every other getter is a bug of the caller.
 */
abstract class NonNullColumn extends ColumnVector {
  NonNullColumn(DataType type) {
    super(type);
  }

  @Override
  public final boolean hasNull() {
    return false;
  }

  @Override
  public final int numNulls() {
    return 0;
  }

  @Override
  public final boolean isNullAt(int rowId) {
    return false;
  }

  @Override
  public void close() {}

  @Override
  public boolean getBoolean(int rowId) {
    throw wrongType("boolean");
  }

  @Override
  public byte getByte(int rowId) {
    throw wrongType("byte");
  }

  @Override
  public short getShort(int rowId) {
    throw wrongType("short");
  }

  @Override
  public int getInt(int rowId) {
    throw wrongType("int");
  }

  @Override
  public long getLong(int rowId) {
    throw wrongType("long");
  }

  @Override
  public float getFloat(int rowId) {
    throw wrongType("float");
  }

  @Override
  public double getDouble(int rowId) {
    throw wrongType("double");
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    throw wrongType("array");
  }

  @Override
  public ColumnarMap getMap(int ordinal) {
    throw wrongType("map");
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    throw wrongType("decimal");
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    throw wrongType("string");
  }

  @Override
  public byte[] getBinary(int rowId) {
    throw wrongType("binary");
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    throw wrongType("struct");
  }

  private UnsupportedOperationException wrongType(String asked) {
    return new UnsupportedOperationException("hdf5: a column of " + dataType().simpleString()
        + " read as " + asked);
  }
}
