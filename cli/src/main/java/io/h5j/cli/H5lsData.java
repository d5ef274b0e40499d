package io.h5j.cli;

import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.VarLenType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A dataset's values as {@code h5ls -d} prints them, read slab by slab: after a
 * {@code "    Data:"} line, elements in C order separated by ", " on lines of at most 80
 * columns indented by 9 (simple mode, {@code -S}: one element a line, indented by 8, with no
 * commas). Integers in decimal, floats as C's {@code %g} (float32 and smaller with 6
 * significant digits, float64 with 15), strings quoted with h5ls's escapes (fixed-length
 * ones without their padding, unlike h5ls), enums by name, compounds as their members in
 * braces, arrays as {@code [1,2]} and sequences as {@code (1,2)}; other types as h5j's text
 * dump writes them. Unlike h5ls, an element is never cut across lines.
 */
final class H5lsData {
  private static final int WIDTH = 80;
  private static final String INDENT = "         ";
  private static final String SIMPLE_INDENT = "        ";

  private final PrintWriter out;
  private final boolean simple;
  private final StringBuilder line = new StringBuilder();
  private boolean lineEmpty = true;

  H5lsData(PrintWriter out, boolean simple) {
    this.out = out;
    this.simple = simple;
  }

  /**
   * Prints the values; a read failure ends them, and is returned for the caller to report.
   *
   * @param values the dataset's values, null for a NULL dataspace
   * @param count how many there are
   * @return null when every value was printed, else why not
   */
  ReadFailure print(DatasetValues values, long count) {
    out.println("    Data:");
    if (values == null || count == 0) {
      out.println();
      return null;
    }
    Datatype type = values.type();
    long at = 0;
    for (DatasetValues.Slab slab = values.next(); slab != null; slab = values.next()) {
      for (int i = 0; i < slab.count(); i++, at++) {
        element(text(slab.values(), i, type), at == count - 1);
      }
    }
    if (!lineEmpty) {
      out.println(line);
      lineEmpty = true;
    }
    return values.failure().orElse(null);
  }

  private void element(String text, boolean last) {
    if (simple) {
      out.println(SIMPLE_INDENT + text + (last ? "" : " "));
      return;
    }
    String piece = last ? text : text + ",";
    if (!lineEmpty && line.length() + 1 + piece.length() > WIDTH) {
      out.println(line);
      lineEmpty = true;
    }
    if (lineEmpty) {
      line.setLength(0);
      line.append(INDENT).append(piece);
      lineEmpty = false;
    } else {
      line.append(' ').append(piece);
    }
  }

  private String text(Object flat, int i, Datatype type) {
    boolean unsigned = type instanceof FixedPointType f && !f.signed();
    if (flat instanceof byte[] a) {
      return Byte.toString(a[i]);
    } else if (flat instanceof short[] a) {
      return Short.toString(a[i]);
    } else if (flat instanceof int[] a) {
      return Integer.toString(a[i]);
    } else if (flat instanceof long[] a) {
      return unsigned ? Long.toUnsignedString(a[i]) : Long.toString(a[i]);
    } else if (flat instanceof float[] a) {
      return CNumbers.g(a[i], 6);
    } else if (flat instanceof double[] a) {
      return CNumbers.g(a[i], type instanceof FloatType f && f.size() <= 4 ? 6 : 15);
    }
    return value(((Object[]) flat)[i], type);
  }

  /** One element of {@code type}: a compound's members in braces (-S: spaces between). */
  private String value(Object v, Datatype type) {
    if (v instanceof String s) {
      return type instanceof EnumType ? s : quoted(s);
    } else if (v instanceof Map<?, ?> m && type instanceof CompoundType c) {
      StringJoiner j = simple ? new StringJoiner(" ") : new StringJoiner(", ", "{", "}");
      for (CompoundType.Member member : c.members()) {
        j.add(value(m.get(member.name()), member.type()));
      }
      return j.toString();
    } else if (v != null && v.getClass().isArray() && (type instanceof ArrayType
        || type instanceof VarLenType)) {
      Datatype base = type instanceof ArrayType a ? a.base() : ((VarLenType) type).base();
      boolean array = type instanceof ArrayType;
      StringJoiner j = new StringJoiner(",", array ? "[" : "(", array ? "]" : ")");
      for (int i = 0; i < Array.getLength(v); i++) {
        j.add(text(v, i, base));
      }
      return j.toString();
    } else if (v instanceof byte[] bytes) {
      return bytes(bytes, type);
    } else if (v instanceof Double d) {
      return CNumbers.g(d, type instanceof FloatType f && f.size() <= 4 ? 6 : 15);
    } else if (v instanceof Float f) {
      return CNumbers.g(f, 6);
    } else if (v instanceof Long bits && type instanceof FixedPointType f && !f.signed()) {
      return Long.toUnsignedString(bits);
    }
    StringWriter s = new StringWriter();
    DumpOutput o = new DumpOutput(s);
    ElementFormat.TEXT.element(o, v, type);
    o.flush();
    return s.toString();
  }

  /**
   * Opaque and bitfield bytes in hex, separated by colons; a bitfield's in little-endian
   * order, as h5ls converts it to the memory type.
   */
  private static String bytes(byte[] b, Datatype type) {
    boolean reverse = type instanceof BitfieldType f && f.order() == Endianness.BIG_ENDIAN;
    StringJoiner j = new StringJoiner(":");
    for (int i = 0; i < b.length; i++) {
      j.add(String.format("%02x", b[reverse ? b.length - 1 - i : i] & 0xff));
    }
    return j.toString();
  }

  /**
   * In double quotes, as h5ls escapes: backslash and quote with a backslash, the usual control
   * characters by letter, other control characters in octal, and each byte of a non-ASCII
   * character as the octal of its value sign-extended to 32 bits (as h5ls 1.10 prints it).
   */
  static String quoted(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
      switch (x) {
        case '\\' -> b.append("\\\\");
        case '"' -> b.append("\\\"");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (x < 0 || x < 0x20 || x == 0x7f) {
            b.append(x < 0 ? "\\" + Integer.toOctalString(x) : String.format("\\%03o", x));
          } else {
            b.append((char) x);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
