package io.h5j.format.filter;

import io.h5j.format.filter.ZfpHeader.ZfpType;

/**
 * Decodes one ZFP block of 4^d values (non-reversible codec) into the values' raw bit patterns.
 *
 * <p>A floating-point block starts with one bit saying whether any value is nonzero, then the
 * block's largest exponent (8 bits for float, 11 for double, biased), which fixes how many bit
 * planes count. Integer blocks go straight to the coefficients: embedded bit planes, most
 * significant first; in each plane the values already known to be significant take one bit each,
 * and the rest are found by group tests (a 1 means "another value becomes significant", then a
 * unary scan to it; a 0 ends the plane). The bit budget {@code maxBits} may cut a plane short;
 * blocks shorter than {@code minBits} are padded. The coefficients, ordered by sequency, are
 * negabinary; the inverse of ZFP's decorrelating lifting transform, along each axis from the
 * slowest to the fastest, turns them back into the block-floating-point integers.
 *
 * <p>Integers are held in longs; for 32-bit types every value is kept sign-extended from 32 bits
 * before a right shift, so the arithmetic wraps exactly as ZFP's 32-bit integers do. Not thread
 * safe: each instance owns scratch arrays.
 */
final class ZfpBlockDecoder {
  /** Coefficient order of a 4x4 block, as (x, y) digit pairs, index x + 4y. */
  private static final String PERM_2 = "00100111200221123003223113322333";
  /** Coefficient order of a 4x4x4 block, as (x, y, z) digits. */
  private static final String PERM_3 =
      "000100010001011101110200020002111210201021120102012300030003211121112022202220310301031130103013"
      + "122212221311131113320302032230203023222321312132231213123033303330322232223133313331233323332333";
  /** Coefficient order of a 4x4x4x4 block, as (x, y, z, w) digits. */
  private static final String PERM_4 =
      "000010000100001000011100001110100101100101102000020000200002011110111101111021002010200102100201"
      + "120000211020012010020102001230000300003000031111201121012110120112100211112001211021011210121102"
      + "220000222020020220020220310030103001031003011300003110300130100301030013211112111121111210221202"
      + "122021022120012222100212201202212021220130113101311013011310031111300131103101131013110332003020"
      + "300203200302230000322030023020030203002322111122212112122112122102222022220222203111131111311113"
      + "321032013021312031023012032113201302031223102301103201322130203102311230210320130213120310230123"
      + "330000333030030330030330122221222212222132113121311213211312231111322131123121131213112330223202"
      + "322023022320032222300232203202232023220310331303133031033130013333100313301303313031330122223122"
      + "321232212312232113222231123221321223212322133311113331311313311313312033230323303203323002333320"
      + "032330230332303233023222232222322223213323132331321332311233332113233123133231323312033330333303"
      + "3330332222333232232332232332133331333313333123333233332333323333";

  private final ZfpType type;
  private final ZfpMode mode;
  private final int dims;
  private final int size;
  private final int intBits;
  /** 64 minus intBits: shifting left then arithmetically right by it sign-extends. */
  private final int shift;
  private final long negabinaryMask;
  private final int[] perm;
  private final long[] coefficients;
  /** Per axis, the first index of each line of 4 values along it. */
  private final int[][] liftStarts;

  ZfpBlockDecoder(ZfpType type, int dims, ZfpMode mode) {
    this.type = type;
    this.mode = mode;
    this.dims = dims;
    this.size = 1 << (2 * dims);
    this.intBits = type.intBits();
    this.shift = 64 - intBits;
    this.negabinaryMask = 0xaaaaaaaaaaaaaaaaL >>> shift;
    this.perm = permutation(dims);
    this.coefficients = new long[size];
    this.liftStarts = new int[dims][size / 4];
    for (int axis = 0; axis < dims; axis++) {
      for (int i = 0, n = 0; i < size; i++) {
        if (((i >>> (2 * axis)) & 3) == 0) {
          liftStarts[axis][n++] = i;
        }
      }
    }
  }

  /** Values per block. */
  int size() {
    return size;
  }

  /** Decodes the next block into {@code out[0..size)}: the values' bits, low-aligned. */
  void decode(ZfpBitStream s, long[] out) {
    if (type == ZfpType.INT32 || type == ZfpType.INT64) {
      decodeIntegers(s, mode.minBits(), mode.maxBits() & 0xffffffffL, mode.maxPrec(), out);
      for (int i = 0; i < size; i++) {
        out[i] &= -1L >>> shift;
      }
      return;
    }
    boolean isFloat = type == ZfpType.FLOAT;
    if (!s.readBit()) {
      java.util.Arrays.fill(out, 0, size, 0L);
      if (mode.minBits() > 1) {
        s.skip(mode.minBits() - 1L);
      }
      return;
    }
    int exponentBits = isFloat ? 8 : 11;
    int emax = (int) s.readBits(exponentBits) - (isFloat ? 127 : 1023);
    long used = 1 + exponentBits;
    int maxPrec = (int) Math.min(mode.maxPrec(),
        Math.max(0L, (long) emax - mode.minExp() + 2L * dims + 2));
    long minBits = mode.minBits() - Math.min(used, mode.minBits());
    // ZFP subtracts in unsigned arithmetic: a budget below the header wraps to (nearly) none
    long maxBits = (mode.maxBits() - used) & 0xffffffffL;
    decodeIntegers(s, minBits, maxBits, maxPrec, out);
    if (isFloat) {
      float scale = Math.scalb(1.0f, emax - (intBits - 2));
      for (int i = 0; i < size; i++) {
        out[i] = Float.floatToRawIntBits((float) out[i] * scale) & 0xffffffffL;
      }
    } else {
      double scale = Math.scalb(1.0, emax - (intBits - 2));
      for (int i = 0; i < size; i++) {
        out[i] = Double.doubleToRawLongBits((double) out[i] * scale);
      }
    }
  }

  /** Decodes the coefficients and inverts the transform: signed integers into {@code out}. */
  private void decodeIntegers(ZfpBitStream s, long minBits, long maxBits, int maxPrec,
      long[] out) {
    long[] u = coefficients;
    java.util.Arrays.fill(u, 0L);
    long bits = maxBits;
    int kmin = intBits > maxPrec ? intBits - maxPrec : 0;
    int n = 0;
    for (int k = intBits; bits != 0 && k-- > kmin; ) {
      // the n values already significant: one bit each
      int m = (int) Math.min(n, bits);
      bits -= m;
      for (int i = 0; i < m; i += 64) {
        long plane = 1L << k;
        for (long x = s.readBits(Math.min(64, m - i)); x != 0; x &= x - 1) {
          u[i + Long.numberOfTrailingZeros(x)] |= plane;
        }
      }
      // group tests for the rest
      for (; bits != 0 && n < size; n++) {
        bits--;
        if (!s.readBit()) {
          break;
        }
        // unary scan to the next significant value, within the budget and the block
        int limit = (int) Math.min(bits, size - 1 - n);
        int zeros = s.zerosBeforeOne(limit);
        bits -= zeros < limit ? zeros + 1 : limit;
        n += zeros;
        u[n] |= 1L << k;
      }
    }
    long used = maxBits - bits;
    if (used < minBits) {
      s.skip(minBits - used);
    }
    for (int i = 0; i < size; i++) {
      out[perm[i]] = signExtend((u[i] ^ negabinaryMask) - negabinaryMask);
    }
    for (int axis = dims - 1; axis >= 0; axis--) {
      int stride = 1 << (2 * axis);
      for (int start : liftStarts[axis]) {
        inverseLift(out, start, stride);
      }
    }
  }

  /** Inverse of ZFP's non-orthogonal 4-point lifting transform, in place. */
  private void inverseLift(long[] p, int at, int stride) {
    long x = p[at];
    long y = p[at + stride];
    long z = p[at + 2 * stride];
    long w = p[at + 3 * stride];
    y = signExtend(y + (w >> 1));
    w -= y >> 1;
    y += w;
    w <<= 1;
    w -= y;
    z += x;
    x <<= 1;
    x -= z;
    y += z;
    z <<= 1;
    z -= y;
    w += x;
    x <<= 1;
    x -= w;
    p[at] = signExtend(x);
    p[at + stride] = signExtend(y);
    p[at + 2 * stride] = signExtend(z);
    p[at + 3 * stride] = signExtend(w);
  }

  private long signExtend(long v) {
    return (v << shift) >> shift;
  }

  private static int[] permutation(int dims) {
    if (dims == 1) {
      return new int[] {0, 1, 2, 3};
    }
    String digits = switch (dims) {
      case 2 -> PERM_2;
      case 3 -> PERM_3;
      default -> PERM_4;
    };
    int[] perm = new int[1 << (2 * dims)];
    for (int i = 0; i < perm.length; i++) {
      int index = 0;
      for (int d = dims - 1; d >= 0; d--) {
        index = 4 * index + (digits.charAt(i * dims + d) - '0');
      }
      perm[i] = index;
    }
    return perm;
  }
}
