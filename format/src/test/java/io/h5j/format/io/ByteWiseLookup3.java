package io.h5j.format.io;

/**
 * The reference for {@link Lookup3}: lookup3 "hashlittle" written the plain way, one byte at a
 * time (h5j's implementation before it read words; kept to check the fast one against).
 */
final class ByteWiseLookup3 {
  private ByteWiseLookup3() {}

  static int hash(byte[] k, int offset, int length, int initval) {
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
    return (k[i] & 0xff) | (k[i + 1] & 0xff) << 8 | (k[i + 2] & 0xff) << 16 | (k[i + 3] & 0xff) << 24;
  }

  private static int partial(byte[] k, int i, int remaining, int from) {
    int w = 0;
    for (int j = 0; j < 4 && from + j < remaining; j++) {
      w |= (k[i + from + j] & 0xff) << (8 * j);
    }
    return w;
  }
}
