package io.h5j.cli;

/**
 * When two numbers count as different, as h5diff decides it: exactly unequal by default,
 * further apart than a delta ({@code -d}), relatively further apart than a ratio of the first
 * ({@code -p}), or apart by at least the machine epsilon of their type
 * ({@code --use-system-epsilon}). NaN equals NaN and differs from every number.
 */
record DiffTolerance(Kind kind, double limit) {
  /** The rule in force; h5diff allows one at a time. */
  enum Kind { EXACT, DELTA, RELATIVE, EPSILON }

  private static final double DOUBLE_EPSILON = Math.ulp(1.0);

  static final DiffTolerance EXACT = new DiffTolerance(Kind.EXACT, 0);

  /** The verdict on one pair: whether they differ, and whether the ratio is undefined. */
  enum Verdict { SAME, DIFFERENT, DIFFERENT_NO_RATIO }

  boolean relative() {
    return kind == Kind.RELATIVE;
  }

  /** Two floating-point numbers; {@code single}: of 4-byte floats (their epsilon applies). */
  Verdict floats(double a, double b, boolean single) {
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Double.isNaN(a) && Double.isNaN(b) ? Verdict.SAME : Verdict.DIFFERENT;
    }
    double eps = single ? Math.ulp(1.0f) : DOUBLE_EPSILON;
    double d = Math.abs(a - b);
    return switch (kind) {
      case EXACT -> verdict(a != b);
      case DELTA -> verdict(d > limit);
      case EPSILON -> verdict(d >= eps);
      // h5diff takes a number for zero, whatever its type, within a double's epsilon
      case RELATIVE -> Math.abs(a) < DOUBLE_EPSILON
          ? (Math.abs(b) < DOUBLE_EPSILON ? Verdict.SAME : Verdict.DIFFERENT_NO_RATIO)
          : verdict(d / Math.abs(a) > limit);
    };
  }

  /**
   * Two integers {@code distance} apart (an unsigned 64-bit number), the first of magnitude
   * {@code firstMagnitude} (0 leaves the ratio undefined).
   */
  Verdict integers(long distance, double firstMagnitude) {
    if (distance == 0) {
      return Verdict.SAME;
    }
    double d = unsigned(distance);
    return switch (kind) {
      case EXACT, EPSILON -> Verdict.DIFFERENT;
      case DELTA -> verdict(d > limit);
      case RELATIVE -> firstMagnitude == 0 ? Verdict.DIFFERENT_NO_RATIO
          : verdict(d / firstMagnitude > limit);
    };
  }

  static double unsigned(long v) {
    return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
  }

  private static Verdict verdict(boolean differ) {
    return differ ? Verdict.DIFFERENT : Verdict.SAME;
  }
}
