package io.h5j.format.filter;

import java.util.Random;

/**
 * Pixel data of the kinds szip meets: random, smooth (a slow random walk), constant, mostly
 * zero with runs, and small values, each pixel masked to its bits per pixel.
 */
final class SzipSamples {
  static final String[] KINDS = {"random", "smooth", "constant", "zeros", "sparse", "small"};

  private SzipSamples() {}

  /**
   * {@code pixels} pixels of {@code bitsPerPixel} bits (1..32, 64) stored in {@code width} bytes
   * each, in the given byte order.
   */
  static byte[] make(String kind, Random r, int pixels, int bitsPerPixel, int width,
      boolean bigEndian) {
    byte[] out = new byte[pixels * width];
    long mask = bitsPerPixel >= 64 ? -1L : (1L << bitsPerPixel) - 1;
    long walk = r.nextLong() & mask;
    long constant = r.nextLong() & mask;
    for (int i = 0; i < pixels; i++) {
      long v = switch (kind) {
        case "random" -> r.nextLong();
        case "smooth" -> walk += r.nextInt(7) - 3;
        case "constant" -> constant;
        case "zeros" -> 0;
        case "sparse" -> (i / 37) % 5 == 0 ? r.nextInt(1000) : 0;
        default -> r.nextInt(4);
      };
      v &= mask;
      for (int b = 0; b < width; b++) {
        int at = i * width + (bigEndian ? width - 1 - b : b);
        out[at] = (byte) (v >>> (8 * b));
      }
    }
    return out;
  }

  /** The bytes per pixel libhdf5's datatypes give a width of {@code bitsPerPixel} bits. */
  static int width(int bitsPerPixel) {
    return bitsPerPixel > 32 ? 8 : bitsPerPixel > 16 ? 4 : bitsPerPixel > 8 ? 2 : 1;
  }
}
