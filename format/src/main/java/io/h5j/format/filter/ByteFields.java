package io.h5j.format.filter;

/**
 * Unsigned integers of {@code n} bytes (1 to 8) in byte arrays, in either byte order: the
 * sizes, offsets and counts of the filters' own headers and framing.
 */
final class ByteFields {
  private ByteFields() {}

  static long bigEndian(byte[] b, int off, int n) {
    long v = 0;
    for (int i = 0; i < n; i++) {
      v = v << 8 | (b[off + i] & 0xff);
    }
    return v;
  }

  static void putBigEndian(byte[] b, int off, long v, int n) {
    for (int i = 0; i < n; i++) {
      b[off + i] = (byte) (v >>> (8 * (n - 1 - i)));
    }
  }

  static long littleEndian(byte[] b, int off, int n) {
    long v = 0;
    for (int i = n - 1; i >= 0; i--) {
      v = v << 8 | (b[off + i] & 0xff);
    }
    return v;
  }

  static void putLittleEndian(byte[] b, int off, long v, int n) {
    for (int i = 0; i < n; i++) {
      b[off + i] = (byte) (v >>> (8 * i));
    }
  }
}
