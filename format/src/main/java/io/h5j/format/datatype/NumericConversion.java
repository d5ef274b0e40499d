package io.h5j.format.datatype;

import io.h5j.type.Datatype;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import java.io.IOException;
import java.lang.reflect.Array;

/**
 * Converts stored elements of one integer or floating-point type into another, as libhdf5's
 * default conversion path does when a virtual dataset's type differs from a source's:
 * integers to integers and floats to integers saturate at the target's range (floats are
 * truncated toward zero first, NaN becomes 0), integers to floats round to nearest. The bytes
 * are decoded and encoded by {@link DataConverter}, so every byte order, size, bit offset and
 * precision it reads is converted.
 */
public final class NumericConversion {
  private final Datatype from;
  private final Datatype to;
  private final DataConverter converter;

  private NumericConversion(Datatype from, Datatype to, DataConverter converter) {
    this.from = from;
    this.to = to;
    this.converter = converter;
  }

  /**
   * The conversion from {@code from} to {@code to}, or null when either is not an integer
   * (of at most 8 bytes) or floating-point type.
   */
  public static NumericConversion of(Datatype from, Datatype to, DataConverter converter) {
    return numeric(from) && numeric(to) ? new NumericConversion(from, to, converter) : null;
  }

  private static boolean numeric(Datatype t) {
    return t instanceof FloatType || (t instanceof FixedPointType f && f.size() <= 8);
  }

  /** {@code n} elements of the source type in {@code raw}, as elements of the target type. */
  public byte[] convert(byte[] raw, int n) throws IOException {
    Object values = converter.toJavaArray(from, raw, n, null);
    Class<?> target = DataConverter.javaArrayClass(to);
    Object out = Array.newInstance(target.getComponentType(), n);
    boolean fromUnsigned64 = from instanceof FixedPointType f && !f.signed() && f.size() > 4;
    if (to instanceof FloatType) {
      for (int i = 0; i < n; i++) {
        double v = values instanceof double[] d ? d[i] : values instanceof float[] fl ? fl[i]
            : fromUnsigned64 ? unsignedToDouble(((long[]) values)[i]) : asLong(values, i);
        if (out instanceof float[] fo) {
          fo[i] = (float) v;
        } else {
          ((double[]) out)[i] = v;
        }
      }
    } else {
      FixedPointType t = (FixedPointType) to;
      int p = t.bitPrecision();
      boolean toUnsigned64 = !t.signed() && p == 64;
      long min = t.signed() ? -(1L << (p - 1)) : 0;
      long max = t.signed() ? (p == 64 ? Long.MAX_VALUE : (1L << (p - 1)) - 1)
          : (p >= 64 ? -1L : (1L << p) - 1); // -1: all 64 bits, unsigned
      for (int i = 0; i < n; i++) {
        long r;
        if (values instanceof double[] || values instanceof float[]) {
          double v = values instanceof double[] d ? d[i] : ((float[]) values)[i];
          r = saturate(v, t.signed(), p, min, max);
        } else {
          long v = asLong(values, i);
          boolean huge = fromUnsigned64 && v < 0; // above 2^63 as unsigned
          if (toUnsigned64) {
            r = huge || v >= 0 ? v : 0;
          } else if (huge) {
            r = max;
          } else {
            r = Math.max(min, Math.min(max, v));
          }
        }
        store(out, i, r);
      }
    }
    return converter.fromJavaArray(to, out, null);
  }

  /** A float truncated toward zero into [min, max] of a p-bit integer (NaN: 0). */
  private static long saturate(double v, boolean signed, int p, long min, long max) {
    if (Double.isNaN(v)) {
      return 0;
    }
    double t = v < 0 ? Math.ceil(v) : Math.floor(v);
    if (!signed && p == 64) {
      if (t <= 0) {
        return 0;
      }
      if (t >= 0x1p64) {
        return -1L;
      }
      return t >= 0x1p63 ? (long) (t - 0x1p63) ^ Long.MIN_VALUE : (long) t;
    }
    if (t <= min) {
      return min;
    }
    return t >= max ? max : (long) t;
  }

  private static double unsignedToDouble(long v) {
    return v >= 0 ? v : ((v >>> 1) | (v & 1)) * 2.0;
  }

  private static long asLong(Object a, int i) {
    if (a instanceof long[] l) {
      return l[i];
    } else if (a instanceof int[] x) {
      return x[i];
    } else if (a instanceof short[] s) {
      return s[i];
    }
    return ((byte[]) a)[i];
  }

  private static void store(Object a, int i, long v) {
    if (a instanceof long[] l) {
      l[i] = v;
    } else if (a instanceof int[] x) {
      x[i] = (int) v;
    } else if (a instanceof short[] s) {
      s[i] = (short) v;
    } else {
      ((byte[]) a)[i] = (byte) v;
    }
  }
}
