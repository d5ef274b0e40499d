package io.h5j.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as C's {@code printf} writes them, for output that must equal a libhdf5 tool's
 * (h5diff prints values with {@code %g} and ratios with {@code %f}): Java's {@code %g} keeps
 * trailing zeros and spells infinity and NaN differently.
 */
final class CNumbers {
  private CNumbers() {}

  /** {@code %g}: six significant digits, trailing zeros dropped, exponent of two digits or more. */
  static String g(double v) {
    return g(v, 6);
  }

  /** {@code %.Pg}: {@code precision} significant digits, as {@link #g(double)}. */
  static String g(double v, int precision) {
    if (Double.isNaN(v)) {
      return Double.doubleToRawLongBits(v) < 0 ? "-nan" : "nan";
    }
    if (Double.isInfinite(v)) {
      return v < 0 ? "-inf" : "inf";
    }
    if (v == 0) {
      return 1 / v < 0 ? "-0" : "0";
    }
    // rounded from the double's exact value, as C does (Java's own formats start from the
    // shortest decimal that reads back as the double, which rounds differently at times)
    BigDecimal r = new BigDecimal(v).round(new MathContext(precision, RoundingMode.HALF_EVEN));
    int exp = r.precision() - r.scale() - 1;
    if (exp < -4 || exp >= precision) {
      String digits = r.unscaledValue().abs().toString();
      String mantissa = stripZeros(digits.charAt(0) + "." + digits.substring(1));
      int abs = Math.abs(exp);
      return (v < 0 ? "-" : "") + mantissa + "e" + (exp < 0 ? "-" : "+") + (abs < 10 ? "0" : "")
          + abs;
    }
    return stripZeros(r.setScale(Math.max(0, precision - 1 - exp), RoundingMode.HALF_EVEN)
        .toPlainString());
  }

  /** {@code %f}: six decimals. */
  static String f(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return g(v);
    }
    String s = new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
    // BigDecimal has no negative zero, and rounds a small negative number to "0.000000"
    return !s.startsWith("-") && (v < 0 || 1 / v < 0) ? "-" + s : s;
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

  /** {@code %-Ns}: {@code s} padded with spaces on the right to {@code width}. */
  static String left(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }
}
