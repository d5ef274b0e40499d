package io.h5j.spark;

import java.lang.reflect.Array;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * The {@code value} column of a batch: the primitive array h5j read, used as it is (no copy)
 * when its type is the column's, else converted once.
 */
final class PrimitiveColumn extends NonNullColumn {
  private final double[] doubles;
  private final float[] floats;
  private final long[] longs;
  private final int[] ints;
  private final short[] shorts;
  private final byte[] bytes;

  private PrimitiveColumn(DataType type, Object values) {
    super(type);
    doubles = values instanceof double[] d ? d : null;
    floats = values instanceof float[] f ? f : null;
    longs = values instanceof long[] l ? l : null;
    ints = values instanceof int[] i ? i : null;
    shorts = values instanceof short[] s ? s : null;
    bytes = values instanceof byte[] b ? b : null;
  }

  /** The Spark types this column holds. */
  static boolean holds(DataType t) {
    return component(t) != null;
  }

  /**
   * A column of type {@code t} over the first {@code n} entries of {@code values}, a flat
   * primitive array of numbers.
   */
  static PrimitiveColumn of(DataType t, Object values, int n) {
    Class<?> want = component(t);
    if (values.getClass().getComponentType() == want) {
      return new PrimitiveColumn(t, values);
    }
    Object out = Array.newInstance(want, n);
    for (int i = 0; i < n; i++) {
      Number v = (Number) Array.get(values, i);
      switch (want.getName()) {
        case "double" -> Array.setDouble(out, i, v.doubleValue());
        case "float" -> Array.setFloat(out, i, v.floatValue());
        case "long" -> Array.setLong(out, i, v.longValue());
        case "int" -> Array.setInt(out, i, v.intValue());
        case "short" -> Array.setShort(out, i, v.shortValue());
        default -> Array.setByte(out, i, v.byteValue());
      }
    }
    return new PrimitiveColumn(t, out);
  }

  private static Class<?> component(DataType t) {
    return t.equals(DataTypes.DoubleType) ? double.class
        : t.equals(DataTypes.FloatType) ? float.class
        : t.equals(DataTypes.LongType) ? long.class
        : t.equals(DataTypes.IntegerType) ? int.class
        : t.equals(DataTypes.ShortType) ? short.class
        : t.equals(DataTypes.ByteType) ? byte.class : null;
  }

  @Override
  public double getDouble(int rowId) {
    return doubles[rowId];
  }

  @Override
  public float getFloat(int rowId) {
    return floats[rowId];
  }

  @Override
  public long getLong(int rowId) {
    return longs[rowId];
  }

  @Override
  public int getInt(int rowId) {
    return ints[rowId];
  }

  @Override
  public short getShort(int rowId) {
    return shorts[rowId];
  }

  @Override
  public byte getByte(int rowId) {
    return bytes[rowId];
  }
}
