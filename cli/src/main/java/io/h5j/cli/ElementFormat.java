package io.h5j.cli;

import java.lang.reflect.Array;
import java.util.Map;

/**
 * How values look in one of the dump's two dialects, h5j's text and JSON: numbers, strings
 * (quoted, escaped), compounds as objects, opaque bytes as hex, nested arrays. One class for
 * both, so that text and JSON never disagree about a value; runs of a flat primitive array
 * are written without boxing, as most of a large dump is.
 */
final class ElementFormat {
  static final ElementFormat TEXT = new ElementFormat(false);
  static final ElementFormat JSON = new ElementFormat(true);

  /** The text of every int8 value, indexed by value + 128. */
  private static final char[][] INT8 = new char[256][];
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  static {
    for (int v = -128; v < 128; v++) {
      INT8[v + 128] = Integer.toString(v).toCharArray();
    }
  }

  private final boolean json;
  private final String separator;

  private ElementFormat(boolean json) {
    this.json = json;
    this.separator = json ? "," : ", ";
  }

  /** Between two elements of an array. */
  String separator() {
    return separator;
  }

  /**
   * Elements {@code from} to {@code from + n} of a flat array as {@code Dataset.read} returns
   * it, with separators between them.
   *
   * @param unsigned64 the array is a {@code long[]} holding the bits of uint64 values
   */
  void run(DumpOutput out, Object flat, int from, int n, boolean unsigned64) {
    int end = from + n;
    if (flat instanceof byte[] a) {
      for (int i = from; i < end; i++) {
        separate(out, i, from).append(INT8[a[i] + 128]);
      }
    } else if (flat instanceof short[] a) {
      for (int i = from; i < end; i++) {
        separate(out, i, from).append(a[i]);
      }
    } else if (flat instanceof int[] a) {
      for (int i = from; i < end; i++) {
        separate(out, i, from).append(a[i]);
      }
    } else if (flat instanceof long[] a) {
      for (int i = from; i < end; i++) {
        if (unsigned64 && a[i] < 0) {
          separate(out, i, from).append(Long.toUnsignedString(a[i]));
        } else {
          separate(out, i, from).append(a[i]);
        }
      }
    } else if (flat instanceof float[] a) {
      for (int i = from; i < end; i++) {
        floating(separate(out, i, from), a[i], Float.toString(a[i]));
      }
    } else if (flat instanceof double[] a) {
      for (int i = from; i < end; i++) {
        floating(separate(out, i, from), a[i], Double.toString(a[i]));
      }
    } else {
      Object[] a = (Object[]) flat;
      for (int i = from; i < end; i++) {
        element(separate(out, i, from), a[i]);
      }
    }
  }

  private DumpOutput separate(DumpOutput out, int i, int from) {
    return i > from ? out.append(separator) : out;
  }

  /** One value: a number, string, compound (map), nested array, byte string or null. */
  void element(DumpOutput out, Object v) {
    if (v == null) {
      out.append("null");
    } else if (v instanceof String s) {
      quote(out, s);
    } else if (v instanceof byte[] bytes) {
      hex(out, bytes);
    } else if (v instanceof Double || v instanceof Float) {
      floating(out, ((Number) v).doubleValue(), v.toString());
    } else if (v instanceof Number) {
      out.append(v.toString());
    } else if (v instanceof Map<?, ?> m) {
      compound(out, m);
    } else if (v.getClass().isArray()) {
      out.append('[');
      run(out, v, 0, Array.getLength(v), false);
      out.append(']');
    } else if (json && !(v instanceof Boolean)) {
      quote(out, v.toString()); // any other value stays valid JSON, as its text
    } else {
      out.append(v.toString());
    }
  }

  private void compound(DumpOutput out, Map<?, ?> m) {
    out.append('{');
    boolean first = true;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!first) {
        out.append(separator);
      }
      first = false;
      if (json) {
        quote(out, e.getKey().toString());
        out.append(':');
      } else {
        out.append(e.getKey().toString()).append('=');
      }
      element(out, e.getValue());
    }
    out.append('}');
  }

  /** JSON has no NaN or infinities: they are written as the strings h5py's users know. */
  private void floating(DumpOutput out, double d, String text) {
    if (json && (Double.isNaN(d) || Double.isInfinite(d))) {
      quote(out, Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf");
    } else {
      out.append(text);
    }
  }

  private void hex(DumpOutput out, byte[] bytes) {
    out.append(json ? "\"" : "0x");
    for (byte x : bytes) {
      out.append(HEX[(x >> 4) & 0xf]).append(HEX[x & 0xf]);
    }
    if (json) {
      out.append('"');
    }
  }

  /** {@code s} in double quotes, with JSON's escapes (which text output uses as well). */
  void quote(DumpOutput out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
