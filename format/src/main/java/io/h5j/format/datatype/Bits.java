package io.h5j.format.datatype;

/**
 * Bit-level access to one element of up to 16 bytes, held as two longs (bits 0-63 and
 * 64-127, bit 0 the least significant). Used by the generic integer and float paths.
 */
final class Bits {
  private Bits() {}

  /** Index, counting from the least significant byte, of the byte stored at {@code i}. */
  static int significance(int i, int size, Endianness order) {
    return switch (order) {
      case LITTLE_ENDIAN -> i;
      case BIG_ENDIAN -> size - 1 - i;
      case VAX -> (size / 2 - 1 - i / 2) * 2 + (i & 1);
    };
  }

  /** Loads {@code size} (1..16) bytes at {@code pos} into {@code out}. */
  static void load(byte[] raw, int pos, int size, Endianness order, long[] out) {
    out[0] = 0;
    out[1] = 0;
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
    long r;
    if (pos >= 64) {
      r = v[1] >>> (pos - 64);
    } else {
      r = v[0] >>> pos;
      if (pos > 0 && pos + n > 64) {
        r |= v[1] << (64 - pos);
      }
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
    if (pos >= 64) {
      int s = pos - 64;
      v[1] = v[1] & ~(m << s) | value << s;
      return;
    }
    v[0] = v[0] & ~(m << pos) | value << pos;
    if (pos + n > 64) {
      int s = 64 - pos;
      v[1] = v[1] & ~(m >>> s) | value >>> s;
    }
  }

  /** Sets bits {@code from} (inclusive) to {@code to} (exclusive) to one. */
  static void fill(long[] v, int from, int to) {
    for (int p = from; p < to; p += 64) {
      set(v, p, Math.min(64, to - p), -1L);
    }
  }
}
