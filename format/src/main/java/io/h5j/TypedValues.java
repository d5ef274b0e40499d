package io.h5j;

import io.h5j.format.dataset.Values;
import io.h5j.format.datatype.Booleans;

import io.h5j.format.datatype.DataConverter;
import io.h5j.type.Datatype;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.StringType;
import io.h5j.type.VarLenType;
import java.lang.reflect.Array;
import org.jspecify.annotations.Nullable;

/**
 * Flat element arrays as the Java element type a caller asks for: {@code double},
 * {@code float}, {@code long}, {@code int}, {@code short}, {@code byte}, {@code boolean} or
 * {@code String}. Numbers convert only where every value of the stored type survives (int32
 * to long or double, float32 to double, uint8 to short or int, ...), as numpy's safe casts;
 * a lossy conversion (int64 to int, float64 to float, uint64 to long) is refused naming both
 * types. Enums read as numbers give their stored values, as strings their names.
 */
final class TypedValues {
  private TypedValues() {}

  /**
   * Checks that elements of {@code type} convert to {@code target} without loss.
   *
   * @param what the dataset or attribute, for the message ("dataset /x")
   * @throws IllegalArgumentException naming the stored and the asked type otherwise
   */
  static void require(Datatype type, Class<?> target, String what) {
    if (target == boolean.class) {
      if (!Booleans.is(type)) {
        throw refused(type, target, what, "only h5py's bool (enum int8 {FALSE=0, TRUE=1})"
            + " reads as booleans");
      }
    } else if (target == String.class) {
      if (!(type instanceof StringType || type instanceof EnumType
          || (type instanceof VarLenType v && v.string()))) {
        throw refused(type, target, what, "only strings and enum names read as strings");
      }
    } else if (target.isPrimitive()) {
      int bits = mantissaBits(target);
      if (type instanceof FloatType f) {
        boolean single = f.size() <= 4; // read as float[] (DataConverter)
        if (!(target == double.class || (target == float.class && single))) {
          throw refused(type, target, what, "floating-point values do not fit it");
        }
      } else if (integerBits(type) < 0 || integerBits(type) > bits) {
        throw refused(type, target, what, integerBits(type) < 0 ? "the values are not numbers"
            : "not every " + (integerBase(type)).name() + " value fits it");
      }
    } else {
      throw new IllegalArgumentException("h5j reads elements as double, float, long, int,"
          + " short, byte, boolean or String, not " + target.getName());
    }
  }

  private static IllegalArgumentException refused(Datatype type, Class<?> target, String what,
      String why) {
    return new IllegalArgumentException(what + " holds " + type.name()
        + ", which h5j does not convert to " + target.getSimpleName() + ": " + why
        + "; it reads without conversion as " + naturalClass(type).getSimpleName());
  }

  /** The flat Java array class {@link Dataset#read()} gives for elements of {@code type}. */
  static Class<?> naturalClass(Datatype type) {
    return Values.naturalClass(type);
  }

  /** Bits of magnitude a Java type holds exactly: 53 for double, 31 for int, ... */
  private static int mantissaBits(Class<?> target) {
    if (target == double.class) {
      return 53;
    } else if (target == float.class) {
      return 24;
    } else if (target == long.class) {
      return 63;
    } else if (target == int.class) {
      return 31;
    } else if (target == short.class) {
      return 15;
    } else if (target == byte.class) {
      return 7;
    }
    throw new IllegalArgumentException("h5j reads elements as double, float, long, int,"
        + " short, byte, boolean or String, not " + target.getName());
  }

  /** The integer type that holds the values of {@code type} (an enum's base), or null. */
  private static @Nullable FixedPointType integerBase(Datatype type) {
    return type instanceof FixedPointType f ? f : type instanceof EnumType e ? e.base() : null;
  }

  /** Bits of magnitude of an integer or enum type's values, -1 for other types. */
  private static int integerBits(Datatype type) {
    FixedPointType f = integerBase(type);
    if (f == null) {
      return -1;
    }
    return f.signed() ? f.bitPrecision() - 1 : f.bitPrecision();
  }

  /**
   * {@code flat} (as {@link Dataset#read()} gives elements of {@code type}) as an array of
   * {@code target} elements; {@link #require} must have passed.
   */
  static Object convert(Object flat, Datatype type, Class<?> target) {
    if (type instanceof EnumType e && !Booleans.is(type) && target != String.class) {
      return narrowed(numbers(e, (String[]) flat), target);
    } else if (flat instanceof boolean[] b && target != boolean.class) {
      String[] names = new String[b.length];
      long[] numbers = new long[b.length];
      for (int i = 0; i < b.length; i++) {
        names[i] = b[i] ? "TRUE" : "FALSE";
        numbers[i] = b[i] ? 1 : 0;
      }
      return target == String.class ? names : narrowed(numbers, target);
    }
    if (flat.getClass().getComponentType() == target) {
      return flat;
    }
    int n = Array.getLength(flat);
    Object out = Array.newInstance(target, n);
    for (int i = 0; i < n; i++) { // widening only: Array's getters refuse narrowing
      if (target == double.class) {
        Array.setDouble(out, i, Array.getDouble(flat, i));
      } else if (target == float.class) {
        Array.setFloat(out, i, Array.getFloat(flat, i));
      } else if (target == long.class) {
        Array.setLong(out, i, Array.getLong(flat, i));
      } else if (target == int.class) {
        Array.setInt(out, i, Array.getInt(flat, i));
      } else {
        Array.setShort(out, i, Array.getShort(flat, i));
      }
    }
    return out;
  }

  /** Values {@link #require} found to fit {@code target}, cast to it. */
  private static Object narrowed(long[] v, Class<?> target) {
    Object out = Array.newInstance(target, v.length);
    for (int i = 0; i < v.length; i++) {
      if (target == double.class) {
        Array.setDouble(out, i, v[i]);
      } else if (target == float.class) {
        Array.setFloat(out, i, v[i]);
      } else if (target == long.class) {
        Array.setLong(out, i, v[i]);
      } else if (target == int.class) {
        Array.setInt(out, i, (int) v[i]);
      } else if (target == short.class) {
        Array.setShort(out, i, (short) v[i]);
      } else {
        Array.setByte(out, i, (byte) v[i]);
      }
    }
    return out;
  }

  /** An enum's stored values for names as {@link Dataset#read()} gives them. */
  static long[] numbers(EnumType e, String[] names) {
    java.util.Map<String, Long> values = new java.util.HashMap<>();
    for (int i = 0; i < e.names().size(); i++) {
      values.put(e.names().get(i), e.values().get(i));
    }
    long[] out = new long[names.length];
    for (int i = 0; i < names.length; i++) {
      Long v = values.get(names[i]);
      out[i] = v != null ? v : Long.parseLong(names[i]); // a value without a name reads as its number
    }
    return out;
  }
}
