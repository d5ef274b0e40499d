package io.h5j.spark;

import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.OpaqueType;
import io.h5j.type.StringType;
import io.h5j.type.TimeType;
import io.h5j.type.VarLenType;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * An HDF5 datatype as a Spark type, with the conversion of the Java values h5j reads
 * ({@code Dataset.read}: numbers, strings, maps for compounds, arrays) into Spark's internal
 * ones. Integers get the narrowest Spark type that holds every value (uint8 as short, uint32
 * as long, uint64 as decimal(20,0)); float16 reads as float; booleans (h5py's enum) as
 * boolean; other enums as their names, or with {@code enumAsNumber} as their numbers;
 * compounds as structs; array members as arrays of their elements in C order.
 *
 * @param sparkType the Spark type of one element
 * @param convert a Java value as h5j reads it to the Spark value
 */
record ElementMapping(DataType sparkType, Function<Object, Object> convert) {
  /** uint64 holds 20 decimal digits. */
  static final DecimalType UINT64 = new DecimalType(20, 0);

  /** The mapping of {@code t}; {@code where} names the dataset for errors. */
  static ElementMapping of(Datatype t, boolean enumAsNumber, String where) {
    if (t instanceof FixedPointType f) {
      return integer(f.size(), f.signed(), where);
    } else if (t instanceof FloatType f) {
      return f.size() <= 4 ? new ElementMapping(DataTypes.FloatType,
          v -> ((Number) v).floatValue())
          : new ElementMapping(DataTypes.DoubleType, v -> ((Number) v).doubleValue());
    } else if (t instanceof EnumType e) {
      if (isBoolean(e)) {
        return new ElementMapping(DataTypes.BooleanType, ElementMapping::bool);
      }
      if (!enumAsNumber) {
        return new ElementMapping(DataTypes.StringType, v -> UTF8String.fromString(v.toString()));
      }
      ElementMapping base = integer(e.base().size(), e.base().signed(), where);
      Map<String, Long> numbers = new HashMap<>();
      for (int i = 0; i < e.names().size(); i++) {
        numbers.put(e.names().get(i), e.values().get(i));
      }
      return new ElementMapping(base.sparkType(), v -> base.convert().apply(
          v instanceof String s ? number(numbers, s) : v));
    } else if (t instanceof StringType || (t instanceof VarLenType v && v.string())) {
      return new ElementMapping(DataTypes.StringType, v -> UTF8String.fromString(v.toString()));
    } else if (t instanceof VarLenType v) {
      return array(of(v.base(), enumAsNumber, where));
    } else if (t instanceof ArrayType a) {
      return array(of(a.base(), enumAsNumber, where));
    } else if (t instanceof CompoundType c) {
      return struct(c, enumAsNumber, where);
    } else if (t instanceof TimeType) {
      return new ElementMapping(DataTypes.LongType, v -> ((Number) v).longValue());
    } else if (t instanceof OpaqueType || t instanceof BitfieldType) {
      return new ElementMapping(DataTypes.BinaryType, v -> v);
    }
    throw new IllegalArgumentException("hdf5: dataset " + where + " has datatype " + t
        + ", which the Spark source does not read (numbers, booleans, enums, strings,"
        + " compounds, arrays, sequences, time, opaque and bitfields it does)");
  }

  /** The Spark fields of a compound's members, in order. */
  static StructType structOf(CompoundType c, boolean enumAsNumber, String where) {
    return (StructType) struct(c, enumAsNumber, where).sparkType();
  }

  private static ElementMapping struct(CompoundType c, boolean enumAsNumber, String where) {
    List<CompoundType.Member> members = c.members();
    StructField[] fields = new StructField[members.size()];
    @SuppressWarnings("unchecked")
    Function<Object, Object>[] convert = new Function[members.size()];
    String[] names = new String[members.size()];
    for (int i = 0; i < fields.length; i++) {
      CompoundType.Member m = members.get(i);
      ElementMapping e = of(m.type(), enumAsNumber, where + " member " + m.name());
      fields[i] = DataTypes.createStructField(m.name(), e.sparkType(), true);
      convert[i] = e.convert();
      names[i] = m.name();
    }
    return new ElementMapping(new StructType(fields), v -> {
      Map<?, ?> map = (Map<?, ?>) v;
      Object[] values = new Object[names.length];
      for (int i = 0; i < names.length; i++) {
        Object m = map.get(names[i]);
        values[i] = m == null ? null : convert[i].apply(m);
      }
      return new GenericInternalRow(values);
    });
  }

  private static ElementMapping array(ElementMapping element) {
    Function<Object, Object> c = element.convert();
    return new ElementMapping(DataTypes.createArrayType(element.sparkType(), true), v -> {
      int n = Array.getLength(v);
      Object[] out = new Object[n];
      for (int i = 0; i < n; i++) {
        Object e = Array.get(v, i);
        out[i] = e == null ? null : c.apply(e);
      }
      return new GenericArrayData(out);
    });
  }

  private static ElementMapping integer(int size, boolean signed, String where) {
    if (size == 1 && signed) {
      return new ElementMapping(DataTypes.ByteType, v -> ((Number) v).byteValue());
    } else if (size == 1 || (size == 2 && signed)) {
      return new ElementMapping(DataTypes.ShortType, v -> ((Number) v).shortValue());
    } else if (size == 2 || (size <= 4 && signed)) {
      return new ElementMapping(DataTypes.IntegerType, v -> ((Number) v).intValue());
    } else if (size <= 4 || (size <= 8 && signed)) {
      return new ElementMapping(DataTypes.LongType, v -> ((Number) v).longValue());
    } else if (size <= 8) {
      // h5j reads uint64 as the long of the same bits
      return new ElementMapping(UINT64, v -> Decimal.apply(v instanceof BigInteger b
          ? new BigDecimal(b) : new BigDecimal(Long.toUnsignedString(((Number) v).longValue()))));
    }
    throw new IllegalArgumentException("hdf5: dataset " + where + " holds " + size
        + "-byte integers; the Spark source reads integers of up to 8 bytes");
  }

  /** h5py's boolean: an enum of one byte, FALSE = 0 and TRUE = 1. */
  private static boolean isBoolean(EnumType e) {
    int f = e.names().indexOf("FALSE");
    int t = e.names().indexOf("TRUE");
    return e.size() == 1 && e.names().size() == 2 && f >= 0 && t >= 0
        && e.values().get(f) == 0 && e.values().get(t) == 1;
  }

  private static Object bool(Object v) {
    if (v instanceof Boolean b) {
      return b;
    } else if (v instanceof Number n) {
      return n.longValue() != 0;
    }
    return "TRUE".equals(v.toString());
  }

  /** An enum's number: of its name, or (a value without a name reads so) of its text. */
  private static Long number(Map<String, Long> numbers, String s) {
    Long n = numbers.get(s);
    if (n != null) {
      return n;
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("hdf5: enum value " + s + " has no number", e);
    }
  }
}
