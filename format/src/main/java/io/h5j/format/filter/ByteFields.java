package io.h5j.format.filter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Integers in byte arrays, in either byte order: unsigned ones of {@code n} bytes (1 to 8),
 * the sizes, offsets and counts of the filters' own headers and framing; and 16-, 32- and
 * 64-bit ones through array views, for the per-sample loops of the codecs, where one call
 * becomes one load or store.
 */
final class ByteFields {
  private static final VarHandle SHORT_BE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private ByteFields() {}

  static short shortBigEndian(byte[] b, int off) {
    return (short) SHORT_BE.get(b, off);
  }

  static short shortLittleEndian(byte[] b, int off) {
    return (short) SHORT_LE.get(b, off);
  }

  static void putShortBigEndian(byte[] b, int off, short v) {
    SHORT_BE.set(b, off, v);
  }

  static void putShortLittleEndian(byte[] b, int off, short v) {
    SHORT_LE.set(b, off, v);
  }

  static int intBigEndian(byte[] b, int off) {
    return (int) INT_BE.get(b, off);
  }

  static int intLittleEndian(byte[] b, int off) {
    return (int) INT_LE.get(b, off);
  }

  static void putIntBigEndian(byte[] b, int off, int v) {
    INT_BE.set(b, off, v);
  }

  static void putIntLittleEndian(byte[] b, int off, int v) {
    INT_LE.set(b, off, v);
  }

  static long longBigEndian(byte[] b, int off) {
    return (long) LONG_BE.get(b, off);
  }

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
