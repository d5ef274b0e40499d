package io.h5j.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's {@code printf("%g")} for doubles (six significant digits, trailing zeros dropped,
 * exponent of at least two digits), as h5dump prints floating-point values. Java's own
 * {@code %g} keeps trailing zeros and chooses the exponent form differently.
 */
final class CNumbers {
  private static final MathContext SIX = new MathContext(6, RoundingMode.HALF_EVEN);

  private CNumbers() {}

  static String g(double v) {
    if (Double.isNaN(v)) {
      return (Double.doubleToRawLongBits(v) < 0 ? "-" : "") + "nan";
    }
    if (Double.isInfinite(v)) {
      return v < 0 ? "-inf" : "inf";
    }
    if (v == 0) {
      return (Double.doubleToRawLongBits(v) < 0) ? "-0" : "0";
    }
    // BigDecimal(double) is the exact binary value: rounding it half-even is glibc's rounding
    BigDecimal r = new BigDecimal(v).round(SIX);
    int exponent = r.precision() - r.scale() - 1;
    if (exponent < -4 || exponent >= 6) {
      String digits = r.unscaledValue().abs().toString();
      digits = stripZeros(digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1)
          : digits);
      String e = Integer.toString(Math.abs(exponent));
      return (v < 0 ? "-" : "") + digits + "e" + (exponent < 0 ? "-" : "+")
          + (e.length() < 2 ? "0" + e : e);
    }
    String plain = r.toPlainString();
    return plain.indexOf('.') < 0 ? plain : stripZeros(plain);
  }

  private static String stripZeros(String s) {
    if (s.indexOf('.') < 0) {
      return s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    return s.substring(0, end);
  }
}
