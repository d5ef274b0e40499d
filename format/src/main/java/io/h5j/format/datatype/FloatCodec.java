package io.h5j.format.datatype;

import io.h5j.type.FloatType;
import io.h5j.type.MantissaNormalization;

/**
 * Converts between doubles and any {@link FloatType} bit layout, from the type's fields
 * alone: sign, biased exponent, mantissa with an implied or explicit leading bit. An
 * all-ones exponent means infinity (zero fraction) or NaN, as in IEEE 754; a zero exponent
 * means a subnormal. Encoding rounds to nearest, ties to even, and overflows to infinity.
 * Mantissas wider than 63 bits are read from their top 63 bits, so a float of any width (an
 * x87 extended, a 128-bit quad, a 64-byte custom layout) decodes to the double its top 63
 * mantissa bits round to; exponents beyond a double's range give infinity or zero.
 */
final class FloatCodec {
  private FloatCodec() {}

  private static int clampExp(long e) {
    return (int) Math.max(-4000, Math.min(4000, e));
  }

  /** The value of the element whose bits are in {@code v}. */
  static double decode(FloatType t, long[] v) {
    boolean implied = t.normalization() == MantissaNormalization.IMPLIED;
    int msize = t.mantissaSize();
    long bias = t.exponentBias();
    long e = Bits.get(v, t.exponentLocation(), t.exponentSize());
    long emax = Bits.mask(t.exponentSize());
    boolean neg = Bits.get(v, t.signLocation(), 1) != 0;
    int mbits = Math.min(msize, 63);
    int extra = msize - mbits;
    long m = Bits.get(v, t.mantissaLocation() + extra, mbits);
    double val;
    if (e == emax) {
      long frac = implied ? m : m & ~(1L << (mbits - 1));
      val = frac == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
    } else if (implied) {
      if (e == 0) {
        val = Math.scalb((double) m, clampExp(1 - bias - msize + extra));
      } else if (extra == 0 && msize <= 62) {
        val = Math.scalb((double) ((1L << msize) + m), clampExp(e - bias - msize));
      } else {
        val = Math.scalb(1.0, clampExp(e - bias))
            + Math.scalb((double) m, clampExp(e - bias - msize + extra));
      }
    } else {
      val = Math.scalb((double) m, clampExp(Math.max(e, 1) - bias - (msize - 1) + extra));
    }
    return neg ? -val : val;
  }

  private static long roundShift(long x, int s) {
    if (s > 62) {
      return 0;
    }
    long q = x >>> s;
    long r = x & ((1L << s) - 1);
    long half = 1L << (s - 1);
    if (r > half || (r == half && (q & 1) == 1)) {
      q++;
    }
    return q;
  }

  /**
   * Writes {@code d} into {@code v} ({@link Bits#words} of the size long; cleared first),
   * padding bits included.
   */
  static void encode(FloatType t, double d, long[] v) {
    java.util.Arrays.fill(v, 0, Bits.words(t.size()), 0);
    boolean implied = t.normalization() == MantissaNormalization.IMPLIED;
    int msize = t.mantissaSize();
    int mpos = t.mantissaLocation();
    int fb = implied ? msize : msize - 1; // fraction bits
    long emax = Bits.mask(t.exponentSize());
    long bias = t.exponentBias();
    boolean neg = Double.doubleToRawLongBits(d) < 0;
    long exp;
    if (Double.isNaN(d)) {
      exp = emax;
      Bits.set(v, mpos + fb - 1, 1, 1);
      if (!implied) {
        Bits.set(v, mpos + fb, 1, 1);
      }
    } else if (Double.isInfinite(d)) {
      exp = emax;
      if (!implied) {
        Bits.set(v, mpos + fb, 1, 1);
      }
    } else if (d == 0) {
      exp = 0;
    } else {
      long db = Double.doubleToRawLongBits(Math.abs(d));
      int de = (int) (db >>> 52);
      long sig = db & ((1L << 52) - 1);
      if (de == 0) {
        de = 1;
      } else {
        sig |= 1L << 52;
      }
      int p = 63 - Long.numberOfLeadingZeros(sig);
      exp = p + de - 1075L + bias; // biased exponent of the leading bit
      if (exp >= 1) {
        if (fb >= p) {
          storeSignificand(v, sig, p, mpos + fb - p, implied);
        } else {
          long m = roundShift(sig, p - fb);
          if (m >>> (fb + 1) != 0) {
            m >>>= 1;
            exp++;
          }
          storeSignificand(v, m, fb, mpos, implied);
        }
        if (exp >= emax) {
          exp = emax;
          Bits.clear(v, mpos, mpos + msize);
          if (!implied) {
            Bits.set(v, mpos + fb, 1, 1);
          }
        }
      } else {
        long s = (1 - bias - fb) - (de - 1075L); // right shift that scales to the subnormal
        exp = 0;
        if (s <= 0) {
          Bits.set(v, (int) (mpos - s), p + 1, sig);
        } else {
          long m = roundShift(sig, (int) Math.min(s, 63));
          if (m >>> fb != 0) { // rounded up to the smallest normal
            exp = 1;
            if (implied) {
              m = 0;
            }
          }
          Bits.set(v, mpos, Math.min(fb + 1, 64), m);
        }
      }
    }
    Bits.set(v, t.exponentLocation(), t.exponentSize(), exp);
    Bits.set(v, t.signLocation(), 1, neg ? 1 : 0);
    pad(t, v);
  }

  private static void storeSignificand(long[] v, long sig, int p, int at, boolean implied) {
    if (implied) {
      Bits.set(v, at, p, sig ^ (1L << p));
    } else {
      Bits.set(v, at, p + 1, sig);
    }
  }

  private static void pad(FloatType t, long[] v) {
    int lo = t.bitOffset();
    int hi = lo + t.bitPrecision();
    if (t.loPad()) {
      Bits.fill(v, 0, lo);
    }
    if (t.hiPad()) {
      Bits.fill(v, hi, 8 * t.size());
    }
    if (t.internalPad()) {
      for (int b = lo; b < hi; b++) {
        boolean used = b == t.signLocation()
            || (b >= t.exponentLocation() && b < t.exponentLocation() + t.exponentSize())
            || (b >= t.mantissaLocation() && b < t.mantissaLocation() + t.mantissaSize());
        if (!used) {
          Bits.set(v, b, 1, 1);
        }
      }
    }
  }
}
