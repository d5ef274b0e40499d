package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.Lookup3;

/**
 * A structure that ends in a lookup3 checksum of all its other bytes (an extensible or fixed
 * array block, or one page of one), read whole, changed in memory and written back whole in
 * one write with a new checksum.
 */
final class PatchedBlock {
  final long address;
  private final byte[] bytes;

  private PatchedBlock(long address, byte[] bytes) {
    this.address = address;
    this.bytes = bytes;
  }

  /** Reads {@code size} bytes at {@code address} and checks their checksum. */
  static PatchedBlock read(FileAccess fa, long address, long size, String structure)
      throws java.io.IOException {
    byte[] b = fa.read(address, size, structure);
    int stored = (b[b.length - 4] & 0xff) | (b[b.length - 3] & 0xff) << 8
        | (b[b.length - 2] & 0xff) << 16 | (b[b.length - 1] & 0xff) << 24;
    int computed = Lookup3.checksum(b, 0, b.length - 4);
    if (stored != computed) {
      throw new H5FormatException(structure, address, "checksum " + Integer.toHexString(stored)
          + " does not match the content's " + Integer.toHexString(computed));
    }
    return new PatchedBlock(address, b);
  }

  /** Copies {@code src} over the bytes from {@code at}. */
  void put(int at, byte[] src) {
    System.arraycopy(src, 0, bytes, at, src.length);
  }

  /** Writes a little-endian unsigned value of {@code width} bytes at {@code at}. */
  void putUnsigned(int at, long value, int width) {
    for (int i = 0; i < width; i++) {
      bytes[at + i] = (byte) (value >>> (8 * i));
    }
  }

  /** Reads a little-endian unsigned value of {@code width} bytes at {@code at}. */
  long getUnsigned(int at, int width) {
    long v = 0;
    for (int i = 0; i < width; i++) {
      v |= (bytes[at + i] & 0xffL) << (8 * i);
    }
    return v;
  }

  /** Sets bit {@code bit} of the bitmap starting at {@code at}, most significant bit first. */
  void setBit(int at, long bit) {
    bytes[at + (int) (bit / 8)] |= (byte) (0x80 >>> (bit % 8));
  }

  /** The bytes with a fresh checksum. */
  byte[] sealed() {
    byte[] out = bytes.clone();
    int c = Lookup3.checksum(out, 0, out.length - 4);
    for (int i = 0; i < 4; i++) {
      out[out.length - 4 + i] = (byte) (c >>> (8 * i));
    }
    return out;
  }
}
