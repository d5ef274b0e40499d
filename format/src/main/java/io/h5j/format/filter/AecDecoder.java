package io.h5j.format.filter;

import io.h5j.format.H5FormatException;
import java.util.Arrays;

/**
 * Decodes a CCSDS 121.0 adaptive entropy coded stream as libaec writes it for szip: reference
 * sample intervals (one per scanline) of blocks, each block led by an option identifier (zero
 * block run, second extension, split sample at k, fundamental sequence as k = 0, or
 * uncompressed), then, with the NN preprocessor, the mapped differences turned back into
 * samples. Only the first {@code pixelsPerScanline} samples of each interval are kept (the
 * rest is the encoder's padding). One instance decodes one stream; it holds the bit reader's
 * state in fields so the hot loops stay free of calls that are not inlined.
 */
final class AecDecoder {

  /** A zero-block count of 5 means "to the end of the segment of 64 blocks or of the RSI". */
  private static final int ROS = 5;
  private static final int SEGMENT_BLOCKS = 64;
  /** Second-extension codes libaec decodes: pairs whose sum is at most 12. */
  private static final int SE_MAX_CODE = 90;
  private static final int[] SE_SUM = new int[SE_MAX_CODE + 1];
  private static final int[] SE_FIRST = new int[SE_MAX_CODE + 1];
  /** Bytes read as zeros past the end before the stream is declared truncated. */
  private static final int MAX_OVERRUN = 16;

  static {
    int m = 0;
    for (int sum = 0; m <= SE_MAX_CODE; sum++) {
      for (int second = 0; second <= sum && m <= SE_MAX_CODE; second++, m++) {
        SE_SUM[m] = sum;
        SE_FIRST[m] = sum * (sum + 1) / 2;
      }
    }
  }

  private final Filter filter;
  private final byte[] in;
  private final int start;
  private final int end;
  /** Next input byte to load. */
  private int pos;
  /** Upcoming bits, first one at bit 63; bits below {@code avail} are unread input or zero. */
  private long acc;
  /** Valid bits in {@code acc}. */
  private int avail;
  /** Zero bytes loaded past the end of the input. */
  private int overrun;

  private AecDecoder(Filter filter, byte[] in, int start, int end) {
    this.filter = filter;
    this.in = in;
    this.start = start;
    this.end = end;
    this.pos = start;
  }

  /**
   * Decodes {@code samples} samples of {@code p.sampleBytes()} bytes each into {@code out} from
   * offset 0.
   *
   * @throws H5FormatException if the stream is malformed or ends before all samples
   */
  static void decode(Filter filter, byte[] in, int start, int end, SzipParameters p,
      byte[] out, int samples) throws H5FormatException {
    new AecDecoder(filter, in, start, end).run(p, out, samples);
  }

  private void run(SzipParameters p, byte[] out, int samples) throws H5FormatException {
    int block = p.pixelsPerBlock();
    int bits = p.sampleBits();
    int idBits = p.idBits();
    int uncompressedId = (1 << idBits) - 1;
    boolean pp = p.preprocess();
    long rsiSamples = p.rsiSamples();
    long blocksPerRsi = p.blocksPerRsi();
    int line = p.pixelsPerScanline();
    // an RSI longer than the whole output is decoded only as far as the output needs
    int[] rsi = new int[(int) Math.min(rsiSamples, ((long) samples + block - 1) / block * block)];
    int width = p.sampleBytes();
    int kind = width * 2 + (p.msb() ? 1 : 0);
    int done = 0;
    while (done < samples) {
      int keep = Math.min(line, samples - done);
      int filled = 0;
      boolean ref = pp;
      while (filled < keep) {
        int id = (int) read(idBits);
        int blockStart = filled;
        if (id == 0) {
          boolean secondExtension = read(1) == 1;
          if (ref) {
            rsi[filled++] = (int) read(bits);
          }
          if (secondExtension) {
            filled = secondExtension(rsi, blockStart, filled, blockStart + block);
          } else {
            filled = zeroBlocks(rsi, filled, ref, block, blocksPerRsi, rsiSamples);
          }
        } else if (id == uncompressedId) {
          fixedWidth(rsi, filled, filled + block, bits, false);
          filled += block;
        } else {
          if (ref) {
            rsi[filled++] = (int) read(bits);
          }
          filled = split(rsi, filled, blockStart + block, id - 1);
        }
        ref = false;
      }
      if (pp) {
        postprocess(rsi, keep, bits);
      }
      store(rsi, keep, out, done * width, kind);
      done += keep;
    }
    long consumed = 8L * (pos - start) - avail;
    if (consumed > 8L * (end - start)) {
      throw truncated();
    }
  }

  /** A split-sample block: all fundamental sequences first, then all k-bit low parts. */
  private int split(int[] rsi, int from, int to, int k) throws H5FormatException {
    // the bit reader's state in locals: the loop's chain of shifts stays in registers
    long a = acc;
    int n = avail;
    for (int i = from; i < to; i++) {
      if (n < 32 && end - pos >= 8) {
        a |= ByteFields.longBigEndian(in, pos) >>> n;
        int bytes = (63 - n) >>> 3;
        pos += bytes;
        n += bytes << 3;
      }
      int zeros = Long.numberOfLeadingZeros(a);
      if (zeros < n) {
        a = a << zeros << 1;
        n -= zeros + 1;
        rsi[i] = zeros << k;
      } else { // a long sequence or the end of the input
        acc = a;
        avail = n;
        rsi[i] = fundamentalSequence() << k;
        a = acc;
        n = avail;
      }
    }
    acc = a;
    avail = n;
    if (k > 0) {
      fixedWidth(rsi, from, to, k, true);
    }
    return to;
  }

  /**
   * Reads {@code width}-bit values (1..32) for {@code rsi[from..to)}, added to what is there
   * (split samples' low parts) or stored (uncompressed samples).
   */
  private void fixedWidth(int[] rsi, int from, int to, int width, boolean add)
      throws H5FormatException {
    long a = acc;
    int n = avail;
    int shift = 64 - width;
    for (int i = from; i < to; i++) {
      if (n < width) {
        if (end - pos >= 8) {
          a |= ByteFields.longBigEndian(in, pos) >>> n;
          int bytes = (63 - n) >>> 3;
          pos += bytes;
          n += bytes << 3;
        } else {
          acc = a;
          avail = n;
          refill();
          a = acc;
          n = avail;
        }
      }
      int v = (int) (a >>> shift);
      rsi[i] = add ? rsi[i] + v : v;
      a <<= width;
      n -= width;
    }
    acc = a;
    avail = n;
  }

  /**
   * A second-extension block: each pair of samples coded as one fundamental sequence; after a
   * reference sample (at {@code blockStart}) the first pair yields only its second sample.
   */
  private int secondExtension(int[] rsi, int blockStart, int from, int to)
      throws H5FormatException {
    for (int i = from; i < to; ) {
      int m = fundamentalSequence();
      if (m < 0 || m > SE_MAX_CODE) {
        throw FilterSupport.error(filter, "second extension code " + Integer.toUnsignedString(m)
            + " is larger than " + SE_MAX_CODE);
      }
      int second = m - SE_FIRST[m];
      if (((i - blockStart) & 1) == 0) {
        rsi[i++] = SE_SUM[m] - second;
      }
      rsi[i++] = second;
    }
    return to;
  }

  private int zeroBlocks(int[] rsi, int filled, boolean ref, int block, long blocksPerRsi,
      long rsiSamples) throws H5FormatException {
    long blocks = fundamentalSequence() + 1L;
    if (blocks <= 0) {
      throw FilterSupport.error(filter, "a zero block run of more than 2^31 blocks");
    }
    if (blocks == ROS) {
      long b = filled / block;
      blocks = Math.min(blocksPerRsi - b, SEGMENT_BLOCKS - b % SEGMENT_BLOCKS);
    } else if (blocks > ROS) {
      blocks--;
    }
    long zeros = blocks * block - (ref ? 1 : 0);
    if (zeros > rsiSamples - filled) {
      throw FilterSupport.error(filter, "a run of " + blocks + " zero blocks passes the end of "
          + "its reference sample interval");
    }
    int to = (int) Math.min(rsi.length, filled + zeros);
    Arrays.fill(rsi, filled, to, 0);
    return to;
  }

  /**
   * Turns mapped differences back into samples (libaec's unsigned postprocessor), without
   * branches on the data: noisy low bits would mispredict them half the time.
   */
  private static void postprocess(int[] rsi, int n, int bits) {
    int xmax = (int) ((1L << bits) - 1);
    int data = rsi[0];
    for (int i = 1; i < n; i++) {
      int d = rsi[i];
      int half = (d >>> 1) + (d & 1);
      int mask = xmax & -((data >>> (bits - 1)) & 1); // xmax when data is in the upper half
      int step = (d >>> 1) ^ ~((d & 1) - 1); // d/2, or -(d+1)/2 for odd d
      int near = data + step;
      int far = mask ^ d;
      data = Integer.compareUnsigned(half, mask ^ data) <= 0 ? near : far;
      rsi[i] = data;
    }
  }

  private static void store(int[] rsi, int n, byte[] out, int at, int kind) {
    switch (kind) {
      case 2, 3 -> {
        for (int i = 0; i < n; i++) {
          out[at + i] = (byte) rsi[i];
        }
      }
      case 4 -> {
        for (int i = 0; i < n; i++) {
          ByteFields.putShortLittleEndian(out, at + 2 * i, (short) rsi[i]);
        }
      }
      case 5 -> {
        for (int i = 0; i < n; i++) {
          ByteFields.putShortBigEndian(out, at + 2 * i, (short) rsi[i]);
        }
      }
      case 8 -> {
        for (int i = 0; i < n; i++) {
          ByteFields.putIntLittleEndian(out, at + 4 * i, rsi[i]);
        }
      }
      default -> {
        for (int i = 0; i < n; i++) {
          ByteFields.putIntBigEndian(out, at + 4 * i, rsi[i]);
        }
      }
    }
  }

  /** The next {@code n} bits, 1..32, first bit most significant. */
  private long read(int n) throws H5FormatException {
    if (avail < n) {
      refill();
    }
    long v = acc >>> (64 - n);
    acc <<= n;
    avail -= n;
    return v;
  }

  /** The number of 0 bits before the next 1 bit, which is consumed too. */
  private int fundamentalSequence() throws H5FormatException {
    int fs = 0;
    while (true) {
      int zeros = Long.numberOfLeadingZeros(acc);
      if (zeros < avail) {
        acc = acc << zeros << 1;
        avail -= zeros + 1;
        return fs + zeros;
      }
      fs += avail;
      acc = 0;
      avail = 0;
      refill();
    }
  }

  /** Loads whole bytes until at least 57 bits are valid. */
  private void refill() throws H5FormatException {
    if (end - pos >= 8) {
      acc |= ByteFields.longBigEndian(in, pos) >>> avail;
      int bytes = (63 - avail) >>> 3;
      pos += bytes;
      avail += bytes << 3;
      return;
    }
    while (avail <= 56) {
      long b;
      if (pos < end) {
        b = in[pos] & 0xff;
      } else if (++overrun > MAX_OVERRUN) {
        throw truncated();
      } else {
        b = 0;
      }
      acc |= b << (56 - avail);
      pos++;
      avail += 8;
    }
  }

  private H5FormatException truncated() {
    return FilterSupport.error(filter, "the coded stream of " + (end - start)
        + " bytes ends before all samples were decoded");
  }
}
