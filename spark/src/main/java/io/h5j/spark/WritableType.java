package io.h5j.spark;

import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * The value column types a write stores, each as the little-endian HDF5 type of its size:
 * elements are kept as stored bytes from the row to the part file, with no boxing.
 */
enum WritableType {
  FLOAT64(DataTypes.DoubleType, Datatypes.FLOAT64) {
    @Override
    void put(InternalRow row, int ordinal, ByteBuffer to, int at) {
      to.putDouble(at, row.getDouble(ordinal));
    }

    @Override
    Object parse(String text) {
      return Double.parseDouble(text);
    }
  },
  FLOAT32(DataTypes.FloatType, Datatypes.FLOAT32) {
    @Override
    void put(InternalRow row, int ordinal, ByteBuffer to, int at) {
      to.putFloat(at, row.getFloat(ordinal));
    }

    @Override
    Object parse(String text) {
      return Float.parseFloat(text);
    }
  },
  INT64(DataTypes.LongType, Datatypes.INT64) {
    @Override
    void put(InternalRow row, int ordinal, ByteBuffer to, int at) {
      to.putLong(at, row.getLong(ordinal));
    }

    @Override
    Object parse(String text) {
      return Long.parseLong(text);
    }
  },
  INT32(DataTypes.IntegerType, Datatypes.INT32) {
    @Override
    void put(InternalRow row, int ordinal, ByteBuffer to, int at) {
      to.putInt(at, row.getInt(ordinal));
    }

    @Override
    Object parse(String text) {
      return Integer.parseInt(text);
    }
  },
  INT16(DataTypes.ShortType, Datatypes.INT16) {
    @Override
    void put(InternalRow row, int ordinal, ByteBuffer to, int at) {
      to.putShort(at, row.getShort(ordinal));
    }

    @Override
    Object parse(String text) {
      return Short.parseShort(text);
    }
  },
  INT8(DataTypes.ByteType, Datatypes.INT8) {
    @Override
    void put(InternalRow row, int ordinal, ByteBuffer to, int at) {
      to.put(at, row.getByte(ordinal));
    }

    @Override
    Object parse(String text) {
      return Byte.parseByte(text);
    }
  };

  private final DataType spark;
  private final Datatype stored;

  WritableType(DataType spark, Datatype stored) {
    this.spark = spark;
    this.stored = stored;
  }

  /** The type a value column of Spark type {@code t} is stored as. */
  static WritableType of(DataType t, String where) {
    for (WritableType w : values()) {
      if (w.spark.equals(t)) {
        return w;
      }
    }
    throw new IllegalArgumentException("hdf5: cannot write a value column of type "
        + t.simpleString() + " to " + where + "; cast it to one of "
        + Arrays.stream(values()).map(w -> w.spark.simpleString()).toList());
  }

  /** The HDF5 type the elements are stored as. */
  Datatype stored() {
    return stored;
  }

  /** The bytes of one element. */
  int size() {
    return stored.size();
  }

  /** Stores the row's value at {@code ordinal} at byte {@code at} of {@code to} (little-endian). */
  abstract void put(InternalRow row, int ordinal, ByteBuffer to, int at);

  /** The value {@code text} (option {@code fill}) gives, boxed as h5j takes fill values. */
  abstract Object parse(String text);

  /** The fill value of option {@code fill} (0 when absent), boxed. */
  Object fill(String text, String where) {
    try {
      return parse(text == null ? "0" : text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("hdf5: option fill \"" + text + "\" is no "
          + spark.simpleString() + " value for " + where);
    }
  }

  /** The elements of stored bytes {@code b} as a flat Java array (double[], int[], ...). */
  Object array(byte[] b) {
    ByteBuffer in = ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int n = b.length / size();
    return switch (this) {
      case FLOAT64 -> {
        double[] a = new double[n];
        in.asDoubleBuffer().get(a);
        yield a;
      }
      case FLOAT32 -> {
        float[] a = new float[n];
        in.asFloatBuffer().get(a);
        yield a;
      }
      case INT64 -> {
        long[] a = new long[n];
        in.asLongBuffer().get(a);
        yield a;
      }
      case INT32 -> {
        int[] a = new int[n];
        in.asIntBuffer().get(a);
        yield a;
      }
      case INT16 -> {
        short[] a = new short[n];
        in.asShortBuffer().get(a);
        yield a;
      }
      case INT8 -> b.clone();
    };
  }

  /** The stored bytes of one element of value {@code value} (as {@link #fill} gives). */
  byte[] bytesOf(Object value) {
    ByteBuffer b = ByteBuffer.allocate(size()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    switch (this) {
      case FLOAT64 -> b.putDouble((Double) value);
      case FLOAT32 -> b.putFloat((Float) value);
      case INT64 -> b.putLong((Long) value);
      case INT32 -> b.putInt((Integer) value);
      case INT16 -> b.putShort((Short) value);
      case INT8 -> b.put((Byte) value);
      default -> throw new AssertionError(this);
    }
    return b.array();
  }
}
