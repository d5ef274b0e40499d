package io.h5j.format.datatype;

import io.h5j.type.Endianness;

/**
 * Bit-level access to one element of any size, held as longs of 64 bits each (bit 0 the least
 * significant of word 0): the generic integer and float paths, for elements of every width
 * libhdf5 accepts (a 32-byte integer, a 64-byte float). {@link #words} gives the length of
 * the array an element of a given size needs.
 */
final class Bits {
  private Bits() {}

  /** Longs needed to hold an element of {@code size} bytes. */
  static int words(int size) {
    return (size + 7) >>> 3;
  }

  /** Index, counting from the least significant byte, of the byte stored at {@code i}. */
  static int significance(int i, int size, Endianness order) {
    return switch (order) {
      case LITTLE_ENDIAN -> i;
      case BIG_ENDIAN -> size - 1 - i;
      case VAX -> (size / 2 - 1 - i / 2) * 2 + (i & 1);
    };
  }

  /** Loads {@code size} bytes at {@code pos} into {@code out} ({@link #words}(size) long). */
  static void load(byte[] raw, int pos, int size, Endianness order, long[] out) {
    java.util.Arrays.fill(out, 0, words(size), 0);
    for (int i = 0; i < size; i++) {
      int k = significance(i, size, order);
      out[k >>> 3] |= (raw[pos + i] & 0xffL) << (8 * (k & 7));
    }
  }

  /** Stores the low {@code size} bytes of {@code v} at {@code pos}. */
  static void store(long[] v, byte[] raw, int pos, int size, Endianness order) {
    for (int i = 0; i < size; i++) {
      int k = significance(i, size, order);
      raw[pos + i] = (byte) (v[k >>> 3] >>> (8 * (k & 7)));
    }
  }

  /** Unsigned value of up to 8 bytes at {@code pos} (LE or BE). */
  static long loadLong(byte[] raw, int pos, int size, Endianness order) {
    long v = 0;
    if (order == Endianness.BIG_ENDIAN) {
      for (int i = 0; i < size; i++) {
        v = v << 8 | (raw[pos + i] & 0xffL);
      }
    } else {
      for (int i = size - 1; i >= 0; i--) {
        v = v << 8 | (raw[pos + i] & 0xffL);
      }
    }
    return v;
  }

  /** Stores the low {@code size} (up to 8) bytes of {@code v} at {@code pos} (LE or BE). */
  static void storeLong(long v, byte[] raw, int pos, int size, Endianness order) {
    if (order == Endianness.BIG_ENDIAN) {
      for (int i = size - 1; i >= 0; i--) {
        raw[pos + i] = (byte) v;
        v >>>= 8;
      }
    } else {
      for (int i = 0; i < size; i++) {
        raw[pos + i] = (byte) v;
        v >>>= 8;
      }
    }
  }

  static long mask(int n) {
    return n >= 64 ? -1L : (1L << n) - 1;
  }

  /** The {@code n} (1..64) bits starting at bit {@code pos}. */
  static long get(long[] v, int pos, int n) {
    int word = pos >>> 6;
    int shift = pos & 63;
    long r = v[word] >>> shift;
    if (shift > 0 && shift + n > 64) {
      r |= v[word + 1] << (64 - shift);
    }
    return r & mask(n);
  }

  /** Replaces the {@code n} (0..64) bits starting at bit {@code pos} with {@code value}. */
  static void set(long[] v, int pos, int n, long value) {
    if (n <= 0) {
      return;
    }
    long m = mask(n);
    value &= m;
    int word = pos >>> 6;
    int shift = pos & 63;
    v[word] = v[word] & ~(m << shift) | value << shift;
    if (shift > 0 && shift + n > 64) {
      int s = 64 - shift;
      v[word + 1] = v[word + 1] & ~(m >>> s) | value >>> s;
    }
  }

  /** Sets bits {@code from} (inclusive) to {@code to} (exclusive) to one. */
  static void fill(long[] v, int from, int to) {
    fillWith(v, from, to, -1L);
  }

  /** Sets bits {@code from} (inclusive) to {@code to} (exclusive) to zero. */
  static void clear(long[] v, int from, int to) {
    fillWith(v, from, to, 0);
  }

  private static void fillWith(long[] v, int from, int to, long bits) {
    for (int p = from; p < to; p += 64) {
      set(v, p, Math.min(64, to - p), bits);
    }
  }
}
