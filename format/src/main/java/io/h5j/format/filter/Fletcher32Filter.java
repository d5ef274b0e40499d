package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Arrays;
import java.util.Optional;

/**
 * Filter 3, fletcher32: appends libhdf5's Fletcher-32 checksum of the data, a 4-byte
 * little-endian word. Reading verifies it; like libhdf5 it also accepts the checksum with the
 * bytes of each 16-bit half swapped, which libhdf5 before 1.6.3 wrote on little-endian hosts.
 */
final class Fletcher32Filter implements Filter {
  @Override
  public int id() {
    return Filters.FLETCHER32;
  }

  @Override
  public String name() {
    return "fletcher32";
  }

  @Override
  public byte[] decode(byte[] in, int[] clientData, int maxOutput) throws H5FormatException {
    if (in.length < 4) {
      throw FilterSupport.error(this, in.length + " bytes cannot hold a 4-byte checksum");
    }
    int n = in.length - 4;
    if (n > maxOutput) {
      throw FilterSupport.error(this, n + " bytes exceed the expected " + maxOutput);
    }
    int stored = (in[n] & 0xff) | (in[n + 1] & 0xff) << 8 | (in[n + 2] & 0xff) << 16
        | (in[n + 3] & 0xff) << 24;
    int computed = checksum(in, 0, n);
    int legacy = ((computed & 0x00ff00ff) << 8) | ((computed >>> 8) & 0x00ff00ff);
    if (stored != computed && stored != legacy) {
      throw FilterSupport.error(this, String.format(
          "checksum mismatch: stored %08x, computed %08x", stored, computed));
    }
    return Arrays.copyOf(in, n);
  }

  @Override
  public Optional<byte[]> encode(byte[] in, int[] clientData) {
    byte[] out = Arrays.copyOf(in, in.length + 4);
    int c = checksum(in, 0, in.length);
    for (int i = 0; i < 4; i++) {
      out[in.length + i] = (byte) (c >>> (8 * i));
    }
    return Optional.of(out);
  }

  @Override
  public long maxEncodedSize(long inputSize, int[] clientData) {
    return inputSize + 4;
  }

  /**
   * libhdf5's Fletcher-32: sums of big-endian 16-bit words, both sums starting at 0, folded to
   * 16 bits at least every 360 words; an odd last byte counts as the high byte of a word.
   */
  static int checksum(byte[] data, int off, int len) {
    long sum1 = 0;
    long sum2 = 0;
    int words = len / 2;
    int p = off;
    while (words > 0) {
      int block = Math.min(words, 360);
      words -= block;
      for (int i = 0; i < block; i++) {
        sum1 += ((data[p] & 0xff) << 8) | (data[p + 1] & 0xff);
        p += 2;
        sum2 += sum1;
      }
      sum1 = (sum1 & 0xffff) + (sum1 >>> 16);
      sum2 = (sum2 & 0xffff) + (sum2 >>> 16);
    }
    if (len % 2 == 1) {
      sum1 += (data[p] & 0xff) << 8;
      sum2 += sum1;
      sum1 = (sum1 & 0xffff) + (sum1 >>> 16);
      sum2 = (sum2 & 0xffff) + (sum2 >>> 16);
    }
    sum1 = (sum1 & 0xffff) + (sum1 >>> 16);
    sum2 = (sum2 & 0xffff) + (sum2 >>> 16);
    return (int) ((sum2 << 16) | sum1);
  }
}
