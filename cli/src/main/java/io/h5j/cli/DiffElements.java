package io.h5j.cli;

import io.h5j.type.Datatype;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.StringType;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How the elements of two flat arrays of values (as {@code Dataset.read} gives them, or an
 * attribute's single value) are compared and shown in h5diff's columns: integers and floats
 * by value under a {@link DiffTolerance}, strings character by character (h5diff counts each
 * differing character), anything else as whole elements.
 */
abstract class DiffElements {
  /**
   * The columns of one reported difference: both values, the distance, the ratio or null;
   * {@code characters}: the values are one character of a string each, which h5diff shows
   * in columns of their own.
   */
  record Line(String first, String second, String difference, String relative,
      boolean characters) {
    Line(String first, String second, String difference, String relative) {
      this(first, second, difference, relative, false);
    }
  }

  final DiffTolerance tolerance;

  private DiffElements(DiffTolerance tolerance) {
    this.tolerance = tolerance;
  }

  /** The comparison for elements of {@code a} against elements of {@code b}. */
  static DiffElements of(Datatype a, Datatype b, DiffTolerance tolerance) {
    if (a instanceof FixedPointType x && b instanceof FixedPointType y) {
      return new Integers(x.signed(), y.signed(), tolerance);
    }
    if (a instanceof FloatType x && b instanceof FloatType y) {
      return new Floats(x.size() <= 4 && y.size() <= 4, tolerance);
    }
    if (a instanceof StringType && b instanceof StringType) {
      return new Strings(tolerance);
    }
    return new Whole(tolerance);
  }

  /** How many differences element {@code i} holds (0 when equal). */
  abstract int count(Object a, Object b, int i);

  /** The columns for element {@code i}, known to differ. */
  abstract Line line(Object a, Object b, int i);

  /** The lines h5diff prints for element {@code i}, known to differ: one, but for strings. */
  List<Line> lines(Object a, Object b, int i) {
    return List.of(line(a, b, i));
  }

  /** Element {@code i} of a flat array, or the value itself when it is no array (a scalar). */
  static Object at(Object values, int i) {
    return values.getClass().isArray() ? Array.get(values, i) : values;
  }

  /** Integers, signed or not (a uint64 comes as the bits in a long). */
  private static final class Integers extends DiffElements {
    private final boolean signedA;
    private final boolean signedB;

    Integers(boolean signedA, boolean signedB, DiffTolerance tolerance) {
      super(tolerance);
      this.signedA = signedA;
      this.signedB = signedB;
    }

    private static long value(Object values, int i) {
      if (values instanceof long[] v) {
        return v[i];
      } else if (values instanceof int[] v) {
        return v[i];
      } else if (values instanceof short[] v) {
        return v[i];
      } else if (values instanceof byte[] v) {
        return v[i];
      }
      return ((Number) at(values, i)).longValue();
    }

    /** a - b as a signed value when both fit, else the unsigned distance is what counts. */
    private long distance(long a, long b) {
      boolean bigA = !signedA && a < 0;
      boolean bigB = !signedB && b < 0;
      if (bigA || bigB) { // above 2^63: compare as unsigned (the other is non-negative here)
        return Long.compareUnsigned(a, b) >= 0 ? a - b : b - a;
      }
      return a >= b ? a - b : b - a;
    }

    private String text(long v, boolean signed) {
      return signed ? Long.toString(v) : Long.toUnsignedString(v);
    }

    @Override
    int count(Object a, Object b, int i) {
      long x = value(a, i);
      long y = value(b, i);
      return tolerance.integers(distance(x, y), magnitude(x)) == DiffTolerance.Verdict.SAME
          ? 0 : 1;
    }

    private double magnitude(long x) {
      return signedA ? Math.abs((double) x) : DiffTolerance.unsigned(x);
    }

    @Override
    Line line(Object a, Object b, int i) {
      long x = value(a, i);
      long y = value(b, i);
      long d = distance(x, y);
      String rel = null;
      if (tolerance.relative()) {
        rel = tolerance.integers(d, magnitude(x)) == DiffTolerance.Verdict.DIFFERENT_NO_RATIO
            ? "not comparable" : CNumbers.f(DiffTolerance.unsigned(d) / magnitude(x));
      }
      return new Line(text(x, signedA), text(y, signedB), Long.toUnsignedString(d), rel);
    }
  }

  /** Floating-point numbers; those of 4-byte floats are compared and subtracted as floats. */
  private static final class Floats extends DiffElements {
    private static final int RATIO_DIGITS = 10;
    private static final double NEGATIVE_NAN = Double.longBitsToDouble(0xfff8000000000000L);
    private final boolean single;

    Floats(boolean single, DiffTolerance tolerance) {
      super(tolerance);
      this.single = single;
    }

    private static double value(Object values, int i) {
      if (values instanceof double[] v) {
        return v[i];
      } else if (values instanceof float[] v) {
        return v[i];
      }
      return ((Number) at(values, i)).doubleValue();
    }

    private double distance(double a, double b) {
      if (Double.isNaN(a) || Double.isNaN(b)) {
        return NEGATIVE_NAN; // what h5diff prints, on x86: "-nan"
      }
      return single ? Math.abs((float) a - (float) b) : Math.abs(a - b);
    }

    @Override
    int count(Object a, Object b, int i) {
      return tolerance.floats(value(a, i), value(b, i), single) == DiffTolerance.Verdict.SAME
          ? 0 : 1;
    }

    @Override
    Line line(Object a, Object b, int i) {
      double x = value(a, i);
      double y = value(b, i);
      double d = distance(x, y);
      if (!tolerance.relative() || Double.isNaN(d)) { // h5diff gives NaN no ratio column
        return new Line(CNumbers.g(x), CNumbers.g(y), CNumbers.g(d), null);
      }
      // with a ratio h5diff shows every column with ten significant digits
      String rel = tolerance.floats(x, y, single) == DiffTolerance.Verdict.DIFFERENT_NO_RATIO
          ? "not comparable" : CNumbers.g(d / Math.abs(x), RATIO_DIGITS);
      return new Line(CNumbers.g(x, RATIO_DIGITS), CNumbers.g(y, RATIO_DIGITS),
          CNumbers.g(d, RATIO_DIGITS), rel);
    }
  }

  /**
   * Strings, one difference per byte that differs (of their UTF-8 bytes; the shorter is
   * padded with NULs, as a fixed-length string is stored). One element may hold several
   * differences, each shown as a line of its own.
   */
  private static final class Strings extends DiffElements {
    Strings(DiffTolerance tolerance) {
      super(tolerance);
    }

    private static byte[] value(Object values, int i) {
      Object v = at(values, i);
      return v == null ? new byte[0] : v.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static int byteAt(byte[] s, int i) {
      return i < s.length ? s[i] : 0;
    }

    @Override
    int count(Object a, Object b, int i) {
      byte[] x = value(a, i);
      byte[] y = value(b, i);
      int n = 0;
      for (int c = 0; c < Math.max(x.length, y.length); c++) {
        n += byteAt(x, c) != byteAt(y, c) ? 1 : 0;
      }
      return n;
    }

    @Override
    List<Line> lines(Object a, Object b, int i) {
      byte[] x = value(a, i);
      byte[] y = value(b, i);
      List<Line> out = new ArrayList<>();
      for (int c = 0; c < Math.max(x.length, y.length); c++) {
        if (byteAt(x, c) != byteAt(y, c)) {
          out.add(new Line(character(byteAt(x, c)), character(byteAt(y, c)), "", null, true));
        }
      }
      return out;
    }

    @Override
    Line line(Object a, Object b, int i) {
      return lines(a, b, i).get(0);
    }

    /** A byte as libhdf5's tools print a character: C escapes, octal for the unprintable. */
    private static String character(int c) {
      return switch (c) {
        case '\\' -> "\\\\";
        case '"' -> "\\\"";
        case '\b' -> "\\b";
        case '\f' -> "\\f";
        case '\n' -> "\\n";
        case '\r' -> "\\r";
        case '\t' -> "\\t";
        default -> c >= 0x20 && c < 0x7f ? String.valueOf((char) c)
            : "\\" + String.format("%03o", c); // a byte above 127 as the C char it is: negative
      };
    }
  }

  /** Compounds, references, opaque and the like: equal or not as a whole. */
  private static final class Whole extends DiffElements {
    Whole(DiffTolerance tolerance) {
      super(tolerance);
    }

    @Override
    int count(Object a, Object b, int i) {
      return same(at(a, i), at(b, i)) ? 0 : 1;
    }

    /** Equal values, through compound members (maps), arrays and lists of any nesting. */
    private static boolean same(Object x, Object y) {
      if (x instanceof Map<?, ?> m && y instanceof Map<?, ?> n) {
        if (!m.keySet().equals(n.keySet())) {
          return false;
        }
        for (Map.Entry<?, ?> e : m.entrySet()) {
          if (!same(e.getValue(), n.get(e.getKey()))) {
            return false;
          }
        }
        return true;
      }
      if (x instanceof List<?> l && y instanceof List<?> k) {
        return l.size() == k.size() && same(l.toArray(), k.toArray());
      }
      if (x != null && y != null && x.getClass().isArray() && y.getClass().isArray()) {
        int n = Array.getLength(x);
        if (n != Array.getLength(y)) {
          return false;
        }
        for (int i = 0; i < n; i++) {
          if (!same(Array.get(x, i), Array.get(y, i))) {
            return false;
          }
        }
        return true;
      }
      return Objects.equals(x, y);
    }

    @Override
    Line line(Object a, Object b, int i) {
      return new Line(String.valueOf(at(a, i)), String.valueOf(at(b, i)), "", null);
    }
  }
}
