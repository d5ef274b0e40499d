package io.h5j.format.dataset;

import io.h5j.format.datatype.DataConverter;
import io.h5j.format.io.FileAccess;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * Moves contiguous element data between the file and a Java array in slabs of a few MiB, so a
 * 1 GiB dataset needs neither a 1 GiB byte[] beside its array nor a 1 GiB temporary buffer.
 */
final class SlabTransfer {
  /** Bytes per slab: large enough for sequential I/O, small enough to stay in cache. */
  private static final int SLAB_BYTES = 4 << 20;

  private SlabTransfer() {}

  private static int elementsPerSlab(Datatype type) {
    return Math.max(1, SLAB_BYTES / Math.max(1, type.size()));
  }

  /**
   * Whether elements of {@code type} are stored exactly as their Java array holds them
   * (signed full-width integers, IEEE single and double), so a slab can move between a direct
   * buffer and the array with one bulk copy and no converter.
   */
  static boolean isPrimitiveImage(Datatype type) {
    if (type instanceof FixedPointType f) {
      return f.signed() && f.bitOffset() == 0 && f.bitPrecision() == 8 * f.size()
          && (f.size() == 1 || f.size() == 2 || f.size() == 4 || f.size() == 8);
    }
    return type instanceof FloatType f && (f.isIeeeSingle() || f.isIeeeDouble());
  }

  static ByteOrder order(Datatype type) {
    Endianness e = type instanceof FixedPointType f ? f.order() : ((FloatType) type).order();
    return e.nio();
  }

  /** Copies {@code n} elements between {@code buf} and {@code array} from index {@code at}. */
  static void bulk(ByteBuffer buf, Object array, int at, int n, boolean toArray) {
    if (array instanceof double[] a) {
      DoubleBuffer v = buf.asDoubleBuffer();
      if (toArray) v.get(a, at, n); else v.put(a, at, n);
    } else if (array instanceof float[] a) {
      FloatBuffer v = buf.asFloatBuffer();
      if (toArray) v.get(a, at, n); else v.put(a, at, n);
    } else if (array instanceof long[] a) {
      LongBuffer v = buf.asLongBuffer();
      if (toArray) v.get(a, at, n); else v.put(a, at, n);
    } else if (array instanceof int[] a) {
      IntBuffer v = buf.asIntBuffer();
      if (toArray) v.get(a, at, n); else v.put(a, at, n);
    } else if (array instanceof short[] a) {
      ShortBuffer v = buf.asShortBuffer();
      if (toArray) v.get(a, at, n); else v.put(a, at, n);
    } else {
      byte[] a = (byte[]) array;
      if (toArray) buf.get(a, at, n); else buf.put(a, at, n);
    }
  }

  /** Reads {@code count} elements stored at {@code address} into a new Java array. */
  static Object read(Values values, FileAccess fa, Datatype type, long address, int count,
      String what) throws IOException {
    if (isPrimitiveImage(type)) {
      Object out = Array.newInstance(DataConverter.javaArrayClass(type).getComponentType(),
          count);
      ByteBuffer buf = ByteBuffer.allocateDirect((int) Math.min(SLAB_BYTES, (long) count * type.size()))
          .order(order(type));
      int step = buf.capacity() / type.size();
      for (int at = 0; at < count; at += step) {
        int n = Math.min(step, count - at);
        buf.clear().limit(n * type.size());
        fa.read(address + (long) at * type.size(), buf, what);
        buf.flip();
        bulk(buf, out, at, n, true);
      }
      return out;
    }
    Object out = Array.newInstance(Values.naturalClass(type).getComponentType(), count);
    int step = elementsPerSlab(type);
    for (int at = 0; at < count; at += step) {
      int n = Math.min(step, count - at);
      byte[] raw = fa.read(address + (long) at * type.size(), (long) n * type.size(), what);
      System.arraycopy(values.decode(type, raw, n), 0, out, at, n);
    }
    return out;
  }

  /** Writes every element of {@code array} at {@code address}. */
  static void write(Values values, FileAccess fa, Datatype type, long address, Object array)
      throws IOException {
    int count = Array.getLength(array);
    if (isPrimitiveImage(type) && array.getClass() == DataConverter.javaArrayClass(type)
        && count > 0) {
      ByteBuffer buf = ByteBuffer.allocateDirect((int) Math.min(SLAB_BYTES, (long) count * type.size()))
          .order(order(type));
      int step = buf.capacity() / type.size();
      for (int at = 0; at < count; at += step) {
        int n = Math.min(step, count - at);
        buf.clear().limit(n * type.size());
        bulk(buf, array, at, n, false);
        buf.rewind();
        fa.write(address + (long) at * type.size(), buf);
      }
      return;
    }
    int step = elementsPerSlab(type);
    for (int at = 0; at < count; at += step) {
      int n = Math.min(step, count - at);
      Object part = at == 0 && n == count ? array : slice(array, at, n);
      fa.write(address + (long) at * type.size(), values.encode(type, part));
    }
  }

  private static Object slice(Object array, int from, int n) {
    Object part = Array.newInstance(array.getClass().getComponentType(), n);
    System.arraycopy(array, from, part, 0, n);
    return part;
  }
}
