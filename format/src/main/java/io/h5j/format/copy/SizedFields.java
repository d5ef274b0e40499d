package io.h5j.format.copy;

import io.h5j.format.io.FileParams;
import java.nio.ByteBuffer;

/**
 * Addresses and lengths of a file's own size (2, 4 or 8 bytes, little-endian) inside bytes
 * that repack patches in place: element data and the heap objects they name (header messages
 * are patched by their message class, {@link io.h5j.format.object.MessageClass}).
 */
final class SizedFields {
  private SizedFields() {}

  /** The {@code size}-byte value at {@code at}; all ones is {@link FileParams#UNDEFINED}. */
  static long get(ByteBuffer b, int at, int size) {
    long v = 0;
    for (int i = 0; i < size; i++) {
      v |= (b.get(at + i) & 0xffL) << (8 * i);
    }
    return size < 8 && v == (1L << (8 * size)) - 1 ? FileParams.UNDEFINED : v;
  }

  /** Puts the low {@code size} bytes of {@code v} at {@code at}. */
  static void put(ByteBuffer b, int at, long v, int size) {
    for (int i = 0; i < size; i++) {
      b.put(at + i, (byte) (v >>> (8 * i)));
    }
  }
}
