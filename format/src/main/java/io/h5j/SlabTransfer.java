package io.h5j;

import io.h5j.format.datatype.DataConverter;
import io.h5j.format.datatype.Datatype;
import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.lang.reflect.Array;

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

  /** Reads {@code count} elements stored at {@code address} into a new Java array. */
  static Object read(Values values, FileAccess fa, Datatype type, long address, int count,
      String what) throws IOException {
    Object out = Array.newInstance(DataConverter.javaArrayClass(type).getComponentType(), count);
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
