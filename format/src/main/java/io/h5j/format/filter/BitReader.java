package io.h5j.format.filter;

import io.h5j.format.H5FormatException;

/**
 * Reads a stream of bits packed most significant bit first, as libhdf5's n-bit and
 * scale-offset filters write them; reading past the end is an {@link H5FormatException}.
 */
final class BitReader {
  private final Filter filter;
  private final byte[] in;
  private final int end;
  private long bit;

  BitReader(Filter filter, byte[] in, int start) {
    this.filter = filter;
    this.in = in;
    this.end = in.length;
    this.bit = 8L * start;
  }

  /** The next {@code n} bits (0..64) as an unsigned value, first bit most significant. */
  long read(int n) throws H5FormatException {
    if (bit + n > 8L * end) {
      throw FilterSupport.error(filter, "packed data end after " + end + " bytes, "
          + "before all elements were read");
    }
    long v = 0;
    int left = n;
    while (left > 0) {
      int index = (int) (bit >>> 3);
      int avail = 8 - (int) (bit & 7);
      int take = Math.min(avail, left);
      int b = (in[index] & 0xff) >>> (avail - take) & ((1 << take) - 1);
      v = v << take | b;
      left -= take;
      bit += take;
    }
    return v;
  }
}
