package io.h5j.versioning;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 of a dataset's values in C order, as the oracle scripts compute it from numpy
 * arrays: numbers as little-endian bytes of their numpy dtype ({@code |i1 |u1 <i2 <u2 <i4 <u4
 * <i8 <f4 <f8}; unsigned ones come widened, as h5j reads them, and must fit their type);
 * variable-length strings ({@code str}) as, per element, its UTF-8 length in 8 little-endian
 * bytes and the bytes.
 */
final class ValueDigest {
  private ValueDigest() {}

  /** The digest of {@code flat}, the Java array h5j reads for {@code dtype}. */
  static String of(String dtype, Object flat) {
    return hex(bytes(dtype, flat));
  }

  private static byte[] bytes(String dtype, Object flat) {
    if (dtype.equals("str") && flat instanceof String[] s) {
      int n = 0;
      byte[][] utf8 = new byte[s.length][];
      for (int i = 0; i < s.length; i++) {
        utf8[i] = s[i].getBytes(StandardCharsets.UTF_8);
        n += 8 + utf8[i].length;
      }
      ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
      for (byte[] e : utf8) {
        b.putLong(e.length).put(e);
      }
      return b.array();
    }
    ByteBuffer b;
    if (dtype.equals("|i1") && flat instanceof byte[] a) {
      b = ByteBuffer.wrap(a.clone());
    } else if (dtype.equals("|u1") && flat instanceof short[] a) {
      b = ByteBuffer.allocate(a.length);
      for (short x : a) {
        b.put((byte) unsigned(x, 0xFFL, dtype));
      }
    } else if (dtype.equals("<i2") && flat instanceof short[] a) {
      b = ByteBuffer.allocate(2 * a.length).order(ByteOrder.LITTLE_ENDIAN);
      b.asShortBuffer().put(a);
    } else if (dtype.equals("<u2") && flat instanceof int[] a) {
      b = ByteBuffer.allocate(2 * a.length).order(ByteOrder.LITTLE_ENDIAN);
      for (int x : a) {
        b.putShort((short) unsigned(x, 0xFFFFL, dtype));
      }
    } else if (dtype.equals("<u4") && flat instanceof long[] a) {
      b = ByteBuffer.allocate(4 * a.length).order(ByteOrder.LITTLE_ENDIAN);
      for (long x : a) {
        b.putInt((int) unsigned(x, 0xFFFF_FFFFL, dtype));
      }
    } else if (dtype.equals("<i4") && flat instanceof int[] a) {
      b = ByteBuffer.allocate(4 * a.length).order(ByteOrder.LITTLE_ENDIAN);
      b.asIntBuffer().put(a);
    } else if (dtype.equals("<i8") && flat instanceof long[] a) {
      b = ByteBuffer.allocate(8 * a.length).order(ByteOrder.LITTLE_ENDIAN);
      b.asLongBuffer().put(a);
    } else if (dtype.equals("<f4") && flat instanceof float[] a) {
      b = ByteBuffer.allocate(4 * a.length).order(ByteOrder.LITTLE_ENDIAN);
      b.asFloatBuffer().put(a);
    } else if (dtype.equals("<f8") && flat instanceof double[] a) {
      b = ByteBuffer.allocate(8 * a.length).order(ByteOrder.LITTLE_ENDIAN);
      b.asDoubleBuffer().put(a);
    } else {
      throw new IllegalArgumentException("values of dtype " + dtype + " do not read as "
          + (flat == null ? "null" : flat.getClass().getSimpleName()));
    }
    return b.array();
  }

  /** {@code x}, which a reader widened from an unsigned type of {@code max}; else throws. */
  private static long unsigned(long x, long max, String dtype) {
    if (x < 0 || x > max) {
      throw new IllegalArgumentException("a value of dtype " + dtype + " reads as " + x);
    }
    return x;
  }

  private static String hex(byte[] b) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
