package io.h5j.cli;

import java.lang.reflect.Array;
import java.util.Map;

/**
 * Renders values read by h5j as text or as JSON: flat arrays nested by their shape, compounds
 * as objects, opaque bytes as hex. One formatter with two dialects, so text and JSON output
 * never disagree about a value.
 */
final class ValueFormatter {
  private final boolean json;

  ValueFormatter(boolean json) {
    this.json = json;
  }

  /** A flat C-order array shown with the nesting of {@code shape} (empty shape: scalar). */
  String shaped(Object flat, long[] shape) {
    StringBuilder b = new StringBuilder();
    if (shape.length == 0) {
      element(b, Array.get(flat, 0));
    } else {
      nest(b, flat, shape, 0, 0);
    }
    return b.toString();
  }

  private int nest(StringBuilder b, Object flat, long[] shape, int dim, int index) {
    b.append('[');
    for (long i = 0; i < shape[dim]; i++) {
      if (i > 0) {
        b.append(", ");
      }
      if (dim == shape.length - 1) {
        element(b, Array.get(flat, index++));
      } else {
        index = nest(b, flat, shape, dim + 1, index);
      }
    }
    b.append(']');
    return index;
  }

  /** One value: a number, string, map, nested array or byte string. */
  String value(Object v) {
    StringBuilder b = new StringBuilder();
    element(b, v);
    return b.toString();
  }

  private void element(StringBuilder b, Object v) {
    if (v == null) {
      b.append("null");
    } else if (v instanceof String s) {
      quote(b, s);
    } else if (v instanceof byte[] bytes) {
      StringBuilder hex = new StringBuilder(json ? "" : "0x");
      for (byte x : bytes) {
        hex.append(String.format("%02x", x & 0xff));
      }
      if (json) {
        quote(b, hex.toString());
      } else {
        b.append(hex);
      }
    } else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (json && (Double.isNaN(d) || Double.isInfinite(d))) {
        quote(b, Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf");
      } else {
        b.append(v);
      }
    } else if (v instanceof Map<?, ?> m) {
      b.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) {
          b.append(", ");
        }
        first = false;
        if (json) {
          quote(b, e.getKey().toString());
        } else {
          b.append(e.getKey());
        }
        b.append(json ? ": " : "=");
        element(b, e.getValue());
      }
      b.append('}');
    } else if (v.getClass().isArray()) {
      b.append('[');
      for (int i = 0; i < Array.getLength(v); i++) {
        if (i > 0) {
          b.append(", ");
        }
        element(b, Array.get(v, i));
      }
      b.append(']');
    } else {
      b.append(v);
    }
  }

  void quote(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }

  String quote(String s) {
    StringBuilder b = new StringBuilder();
    quote(b, s);
    return b.toString();
  }
}
