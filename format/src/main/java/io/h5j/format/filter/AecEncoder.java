package io.h5j.format.filter;


/**
 * Encodes samples as libaec's szip interface does (CCSDS 121.0 adaptive entropy coding), making
 * the same choices so that the output is libaec's byte for byte: each scanline padded to whole
 * blocks (with its last sample under the NN preprocessor, else with zeros) is one reference
 * sample interval; zero blocks are gathered into runs that end at a non-zero block, at each
 * 64-block segment and at the interval's end; every other block takes the shortest of
 * split-sample coding (k searched from the previous block's k, as libaec searches it), second
 * extension and no compression, ties going the way libaec sends them.
 */
final class AecEncoder {
  private static final int SEGMENT_BLOCKS = 64;
  /** The zero-block count that means "the rest of the segment or interval". */
  private static final int ROS = -1;
  private static final long NO_LENGTH = 0xFFFFFFFFL;
  /** The most one block can add to the output, in bytes, with room to spare. */
  private static final int BLOCK_SLACK = 64 * 4 + 16;

  private final byte[] out;
  private final int limit;
  private int op;
  /** Pending bits, right-aligned; fewer than 32. */
  private long acc;
  private int pending;

  private final int block;
  private final int bits;
  private final int idBits;
  private final int kmax;
  private final long sampleMask;
  /** The split position of the previous block, where the next search starts. */
  private int k;

  private AecEncoder(SzipParameters p, byte[] out, int offset, int limit) {
    this.out = out;
    this.op = offset;
    this.limit = limit;
    this.block = p.pixelsPerBlock();
    this.bits = p.sampleBits();
    this.idBits = p.idBits();
    this.kmax = (1 << idBits) - 3;
    this.sampleMask = (1L << bits) - 1;
  }

  /** The size of the array {@link #encode} needs for a result of at most {@code limit}. */
  static int capacity(int limit) {
    return limit + BLOCK_SLACK;
  }

  /**
   * Encodes the first {@code samples} samples of {@code in} ({@code p.sampleBytes()} bytes each)
   * into {@code out} from {@code offset}; {@code out} holds at least
   * {@link #capacity}{@code (limit)} bytes.
   *
   * @return the end of the coded bytes in {@code out}, or -1 when it would pass {@code limit}
   *     (libaec's "output buffer full")
   */
  static int encode(SzipParameters p, byte[] in, int samples, byte[] out, int offset,
      int limit) {
    return new AecEncoder(p, out, offset, limit).run(p, in, samples);
  }

  private int run(SzipParameters p, byte[] in, int samples) {
    int line = p.pixelsPerScanline();
    int rsiSamples = (int) p.rsiSamples();
    int blocksPerRsi = (int) p.blocksPerRsi();
    boolean pp = p.preprocess();
    int width = p.sampleBytes();
    int kind = width * 2 + (p.msb() ? 1 : 0);
    int[] raw = new int[rsiSamples];
    int[] mapped = pp ? new int[rsiSamples] : raw;
    for (int done = 0; done < samples; done += line) {
      int n = Math.min(line, samples - done);
      load(in, done * width, raw, n, kind);
      int pad = pp ? raw[n - 1] : 0;
      for (int i = n; i < rsiSamples; i++) {
        raw[i] = pad;
      }
      int reference = raw[0];
      if (pp) {
        map(raw, mapped, rsiSamples, (int) sampleMask);
      }
      if (!interval(mapped, blocksPerRsi, pp, reference)) {
        return -1;
      }
    }
    if (pending % 8 != 0 || samples == 0) {
      put(0, 8 - pending % 8); // zero bits to the byte's end (one zero byte for no samples)
    }
    for (; pending > 0; pending -= 8) {
      if (op < out.length) {
        out[op] = (byte) (acc >>> (pending - 8));
      }
      op++;
    }
    return op <= limit ? op : -1;
  }

  /** Codes one reference sample interval; false once the output passes the limit. */
  private boolean interval(int[] v, int blocks, boolean pp, int reference) {
    int zeros = 0;
    boolean zeroRef = false;
    for (int b = 0; b < blocks; b++) {
      boolean ref = pp && b == 0;
      int off = b * block;
      boolean allZero = true;
      for (int i = off; i < off + block; i++) {
        if (v[i] != 0) {
          allZero = false;
          break;
        }
      }
      if (!allZero) {
        if (zeros > 0) {
          zeroRun(zeros, zeroRef, reference);
          zeros = 0;
        }
        codeBlock(v, off, ref, reference);
      } else {
        if (zeros++ == 0) {
          zeroRef = ref;
        }
        if (b == blocks - 1 || (b + 1) % SEGMENT_BLOCKS == 0) {
          zeroRun(zeros > 4 ? ROS : zeros, zeroRef, reference);
          zeros = 0;
        }
      }
      if (op > limit) {
        return false;
      }
    }
    return true;
  }

  private void zeroRun(int blocks, boolean ref, int reference) {
    put(0, idBits + 1);
    if (ref) {
      put(reference & sampleMask, bits);
    }
    fundamentalSequence(blocks == ROS ? 4 : blocks >= 5 ? blocks : blocks - 1);
  }

  private void codeBlock(int[] v, int off, boolean ref, int reference) {
    long uncompressed = (long) (ref ? block - 1 : block) * bits;
    long split = splitLength(v, off, ref) & 0xFFFFFFFFL;
    long se = secondExtensionLength(v, off, uncompressed);
    if (split < uncompressed) {
      if (split < se) {
        splitBlock(v, off, ref, reference);
      } else {
        secondExtensionBlock(v, off, ref, reference);
      }
    } else if (uncompressed <= se) {
      put((1 << idBits) - 1, idBits);
      for (int i = off; i < off + block; i++) {
        put((i == off && ref ? reference : v[i]) & sampleMask, bits);
      }
    } else {
      secondExtensionBlock(v, off, ref, reference);
    }
  }

  private void splitBlock(int[] v, int off, boolean ref, int reference) {
    put(k + 1, idBits);
    if (ref) {
      put(reference & sampleMask, bits);
    }
    int from = off + (ref ? 1 : 0);
    for (int i = from; i < off + block; i++) {
      fundamentalSequence(v[i] >>> k);
    }
    if (k > 0) {
      long mask = (1L << k) - 1;
      for (int i = from; i < off + block; i++) {
        put(v[i] & mask, k);
      }
    }
  }

  private void secondExtensionBlock(int[] v, int off, boolean ref, int reference) {
    put(1, idBits + 1);
    if (ref) {
      put(reference & sampleMask, bits);
    }
    for (int i = off; i < off + block; i += 2) {
      int d = v[i] + v[i + 1];
      fundamentalSequence((d * (d + 1) >>> 1) + v[i + 1]);
    }
  }

  /**
   * The length of the block in split-sample coding at the best k, which becomes {@link #k}:
   * libaec's search, which walks from the previous k upward while the length falls, then
   * downward from below the previous k.
   */
  private long splitLength(int[] v, int off, boolean ref) {
    int thisBlock = block - (ref ? 1 : 0);
    long best = 0;
    boolean found = false;
    int start = k;
    int kk = start;
    int bestK = kk;
    boolean noTurn = kk == 0;
    boolean up = true;
    while (true) {
      long fs = 0;
      for (int i = off; i < off + block; i++) {
        fs += v[i] >>> kk;
      }
      long len = fs + (long) thisBlock * (kk + 1);
      if (!found || len < best) {
        if (found) {
          noTurn = true;
        }
        found = true;
        best = len;
        bestK = kk;
        if (up) {
          if (fs < thisBlock || kk >= kmax) {
            if (noTurn) {
              break;
            }
            kk = start - 1;
            up = false;
            noTurn = true;
          } else {
            kk++;
          }
        } else {
          if (fs >= thisBlock || kk == 0) {
            break;
          }
          kk--;
        }
      } else {
        if (noTurn) {
          break;
        }
        kk = start - 1;
        up = false;
        noTurn = true;
      }
    }
    k = bestK;
    return best;
  }

  /** The length in second-extension coding, or {@link #NO_LENGTH} once above the limit. */
  private long secondExtensionLength(int[] v, int off, long uncompressed) {
    long len = 1;
    for (int i = off; i < off + block; i += 2) {
      long d = (v[i] & 0xFFFFFFFFL) + (v[i + 1] & 0xFFFFFFFFL);
      len += (d * (d + 1) >>> 1) + (v[i + 1] & 0xFFFFFFFFL) + 1;
      if (Long.compareUnsigned(len, uncompressed) > 0) {
        return NO_LENGTH;
      }
    }
    return len;
  }

  /**
   * libaec's unsigned preprocessor: differences to the previous sample, folded to be >= 0.
   * Written with selects rather than branches, which noisy low bits would mispredict.
   */
  private static void map(int[] x, int[] d, int n, int xmax) {
    d[0] = 0;
    for (int i = 0; i + 1 < n; i++) {
      int a = x[i];
      int b = x[i + 1];
      int up = b - a;
      int down = a - b;
      int rising = up <= a ? 2 * up : b;
      int falling = down <= xmax - a ? 2 * down - 1 : xmax - b;
      d[i + 1] = b >= a ? rising : falling;
    }
  }

  /** Reads {@code n} samples, keeping the low {@link #bits} bits of each. */
  private void load(byte[] in, int at, int[] raw, int n, int kind) {
    int m = (int) sampleMask;
    switch (kind) {
      case 2, 3 -> {
        for (int i = 0; i < n; i++) {
          raw[i] = in[at + i] & m;
        }
      }
      case 4 -> {
        for (int i = 0; i < n; i++) {
          raw[i] = ByteFields.shortLittleEndian(in, at + 2 * i) & m;
        }
      }
      case 5 -> {
        for (int i = 0; i < n; i++) {
          raw[i] = ByteFields.shortBigEndian(in, at + 2 * i) & m;
        }
      }
      case 8 -> {
        for (int i = 0; i < n; i++) {
          raw[i] = ByteFields.intLittleEndian(in, at + 4 * i) & m;
        }
      }
      default -> {
        for (int i = 0; i < n; i++) {
          raw[i] = ByteFields.intBigEndian(in, at + 4 * i) & m;
        }
      }
    }
  }

  private void fundamentalSequence(int zeros) {
    long n = zeros & 0xFFFFFFFFL;
    while (n >= 31) {
      put(0, 31);
      n -= 31;
    }
    put(1, (int) n + 1);
  }

  /** Appends the low {@code n} (1..32) bits of {@code value}, which has no higher bits. */
  private void put(long value, int n) {
    acc = acc << n | value;
    pending += n;
    if (pending >= 32) {
      pending -= 32;
      if (op + 4 <= out.length) {
        ByteFields.putIntBigEndian(out, op, (int) (acc >>> pending));
      }
      op += 4;
    }
  }
}
