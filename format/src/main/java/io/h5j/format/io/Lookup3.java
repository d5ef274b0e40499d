package io.h5j.format.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Bob Jenkins' lookup3 "hashlittle", the checksum of every version-2 HDF5 structure
 * (superblock v2+, object header v2, B-tree v2, fractal heap, ...).
 */
public final class Lookup3 {
  /** Little-endian int loads from a byte[]: one bounds check and one load per word. */
  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private Lookup3() {}

  /** Checksum of {@code length} bytes of {@code data} from {@code offset}, seed 0. */
  public static int checksum(byte[] data, int offset, int length) {
    return hash(data, offset, length, 0);
  }

  /**
   * lookup3 "hashlittle" of {@code length} bytes of {@code k} from {@code offset}, with seed
   * {@code initval}.
   *
   * @throws IndexOutOfBoundsException when the range is not inside {@code k}
   */
  public static int hash(byte[] k, int offset, int length, int initval) {
    Objects.checkFromIndexSize(offset, length, k.length);
    int a = 0xdeadbeef + length + initval;
    int b = a;
    int c = a;
    int i = offset;
    int remaining = length;
    while (remaining > 12) {
      a += word(k, i);
      b += word(k, i + 4);
      c += word(k, i + 8);
      // mix(a, b, c)
      a -= c; a ^= Integer.rotateLeft(c, 4); c += b;
      b -= a; b ^= Integer.rotateLeft(a, 6); a += c;
      c -= b; c ^= Integer.rotateLeft(b, 8); b += a;
      a -= c; a ^= Integer.rotateLeft(c, 16); c += b;
      b -= a; b ^= Integer.rotateLeft(a, 19); a += c;
      c -= b; c ^= Integer.rotateLeft(b, 4); b += a;
      i += 12;
      remaining -= 12;
    }
    if (remaining == 0) {
      return c;
    }
    // The tail: bytes beyond the end read as zero.
    a += partial(k, i, remaining, 0);
    b += partial(k, i, remaining, 4);
    c += partial(k, i, remaining, 8);
    // final(a, b, c)
    c ^= b; c -= Integer.rotateLeft(b, 14);
    a ^= c; a -= Integer.rotateLeft(c, 11);
    b ^= a; b -= Integer.rotateLeft(a, 25);
    c ^= b; c -= Integer.rotateLeft(b, 16);
    a ^= c; a -= Integer.rotateLeft(c, 4);
    b ^= a; b -= Integer.rotateLeft(a, 14);
    c ^= b; c -= Integer.rotateLeft(b, 24);
    return c;
  }

  private static int word(byte[] k, int i) {
    return (int) LE_INT.get(k, i);
  }

  private static int partial(byte[] k, int i, int remaining, int from) {
    int w = 0;
    for (int j = 0; j < 4 && from + j < remaining; j++) {
      w |= (k[i + from + j] & 0xff) << (8 * j);
    }
    return w;
  }
}
