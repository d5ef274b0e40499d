package io.h5j.format.filter;

import io.h5j.format.H5FormatException;

/**
 * ZFP's compression parameters, decoded from the header's mode word: a block takes between
 * {@code minBits} and {@code maxBits} bits, at most {@code maxPrec} bit planes, and none below
 * exponent {@code minExp}. Fixed rate, precision and accuracy are special cases of these four
 * numbers and decode alike; reversible (lossless) mode is a different codec h5j does not decode.
 */
record ZfpMode(String name, int minBits, int maxBits, int maxPrec, int minExp) {
  static final int MIN_BITS = 1;
  static final int MAX_BITS = 16658;
  static final int MAX_PREC = 64;
  static final int MIN_EXP = -1074;

  private static final int PRECISION_BASE = 2048;
  private static final int REVERSIBLE = 2048 + 128;

  static ZfpMode of(Filter f, long mode) throws H5FormatException {
    ZfpMode m;
    if (mode < PRECISION_BASE) {
      m = new ZfpMode("fixed rate", (int) mode + 1, (int) mode + 1, MAX_PREC, MIN_EXP);
    } else if (mode < REVERSIBLE) {
      m = new ZfpMode("fixed precision", MIN_BITS, MAX_BITS, (int) mode + 1 - PRECISION_BASE,
          MIN_EXP);
    } else if (mode == REVERSIBLE) {
      m = new ZfpMode("reversible", MIN_BITS, MAX_BITS, MAX_PREC, MIN_EXP - 1);
    } else if (mode < 0xfff) {
      m = new ZfpMode("fixed accuracy", MIN_BITS, MAX_BITS, MAX_PREC,
          (int) mode + MIN_EXP - (REVERSIBLE + 1));
    } else {
      long p = mode >>> 12;
      int minBits = (int) (p & 0x7fff) + 1;
      int maxBits = (int) ((p >>> 15) & 0x7fff) + 1;
      int maxPrec = (int) ((p >>> 30) & 0x7f) + 1;
      int minExp = (int) ((p >>> 37) & 0x7fff) - 16495;
      m = new ZfpMode(minExp < MIN_EXP && minBits <= MIN_BITS && maxBits >= MAX_BITS
          && maxPrec >= MAX_PREC ? "reversible" : "expert", minBits, maxBits, maxPrec, minExp);
    }
    if (m.minBits > m.maxBits || m.maxPrec < 1 || m.maxPrec > MAX_PREC) {
      throw FilterSupport.error(f, "ZFP mode word 0x" + Long.toHexString(mode)
          + " has invalid parameters " + m);
    }
    if (m.reversible()) {
      throw H5FormatException.unsupported(f.name() + " filter", -1,
          "ZFP mode reversible (lossless) not supported");
    }
    return m;
  }

  /** Whether this is ZFP's lossless mode, whose blocks are coded differently. */
  boolean reversible() {
    return minExp < MIN_EXP;
  }
}
