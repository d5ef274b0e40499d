package io.h5j.cli;

import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.OpaqueType;
import io.h5j.type.ReferenceType;
import io.h5j.type.StringPadding;
import io.h5j.type.StringType;
import io.h5j.type.VarLenType;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * One element as h5dump 1.10 prints it: integers in decimal, floats as C's {@code %g},
 * strings quoted with their padding, enums by name, bitfields and opaque data as hex bytes,
 * compounds as {@code { ... }} blocks one member a line, arrays as {@code [ ... ]} (a line a
 * row), sequences as {@code ( ... )}. {@code level} is the indentation level the element's
 * inner lines are relative to.
 */
final class DdlElements {
  /** The DDL of an object reference's target ({@code DATASET 800 "/path"}), by address. */
  private final LongFunction<String> references;

  DdlElements(LongFunction<String> references) {
    this.references = references;
  }

  /** Element {@code i} of the flat array {@code values}. */
  String format(Datatype t, Object values, int i, int level) {
    return format(t, Array.get(values, i), level);
  }

  String format(Datatype t, Object v, int level) {
    StringBuilder b = new StringBuilder();
    append(b, t, v, level);
    return b.toString();
  }

  private void append(StringBuilder b, Datatype t, Object v, int level) {
    if (t instanceof FixedPointType f) {
      b.append(integer(f, v));
    } else if (t instanceof FloatType) {
      b.append(CNumbers.g(((Number) v).doubleValue()));
    } else if (t instanceof StringType s) {
      string(b, (String) v, s.size(), s.padding());
    } else if (t instanceof VarLenType s && s.string()) {
      b.append(DdlStrings.quoted((String) v));
    } else if (t instanceof VarLenType s) {
      b.append('(');
      for (int i = 0; i < Array.getLength(v); i++) {
        b.append(i == 0 ? "" : ", ");
        append(b, s.base(), Array.get(v, i), level);
      }
      b.append(')');
    } else if (t instanceof EnumType e) {
      // a value naming no member reads as its number's text
      b.append(v instanceof String name && e.names().contains(name) ? name
          : enumName(e, v instanceof String number ? new BigInteger(number).longValue() : v));
    } else if (t instanceof BitfieldType f) {
      hex(b, (byte[]) v, f.order() == Endianness.BIG_ENDIAN);
    } else if (t instanceof OpaqueType) {
      hex(b, (byte[]) v, false);
    } else if (t instanceof ReferenceType && v instanceof Long address) {
      b.append(references.apply(address));
    } else if (t instanceof CompoundType c) {
      compound(b, c, v, level);
    } else if (t instanceof ArrayType a) {
      array(b, a, v, level);
    } else {
      b.append(v);
    }
  }

  /**
   * A value read as a number or, for an enum of FALSE and TRUE, a Boolean: its member's name,
   * or, when it names none, its bytes as h5dump prints them: {@code 0xff} for one byte, else
   * in the memory order of a little-endian machine joined by colons ({@code 03:04} for a u16
   * 1027).
   */
  private static String enumName(EnumType e, Object v) {
    long n = v instanceof Boolean bool ? (bool ? 1 : 0) : ((Number) v).longValue();
    int i = e.values().indexOf(n);
    if (i >= 0) {
      return e.names().get(i);
    }
    int size = e.base().size();
    StringBuilder hex = new StringBuilder(size == 1 ? "0x" : "");
    for (int k = 0; k < size; k++) {
      int x = k < 8 ? (int) (n >>> (8 * k)) & 0xff : n < 0 ? 0xff : 0;
      hex.append(k == 0 ? "" : ":").append(Character.forDigit(x >> 4, 16))
          .append(Character.forDigit(x & 15, 16));
    }
    return hex.toString();
  }

  private static String integer(FixedPointType f, Object v) {
    if (v instanceof Long l && !f.signed() && f.size() == 8) {
      return Long.toUnsignedString(l);
    }
    if (v instanceof BigInteger big) {
      return big.toString();
    }
    return String.valueOf(((Number) v).longValue());
  }

  /** The stored bytes: NULLTERM up to the first NUL, the others padded to the size. */
  private static void string(StringBuilder b, String s, int size, StringPadding pad) {
    byte[] text = s.getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[pad == StringPadding.NULLTERM ? Math.min(text.length, size) : size];
    System.arraycopy(text, 0, bytes, 0, Math.min(text.length, bytes.length));
    for (int i = text.length; i < bytes.length; i++) {
      bytes[i] = (byte) (pad == StringPadding.SPACEPAD ? ' ' : 0);
    }
    b.append('"');
    DdlStrings.bytes(b, bytes, bytes.length);
    b.append('"');
  }

  /** As h5dump reads them, converted to the (little-endian) native order. */
  private static void hex(StringBuilder b, byte[] bytes, boolean bigEndian) {
    if (bytes.length == 1) {
      b.append("0x");
    }
    for (int i = 0; i < bytes.length; i++) {
      int x = bytes[bigEndian ? bytes.length - 1 - i : i] & 0xff;
      b.append(i == 0 ? "" : ":").append(Character.forDigit(x >> 4, 16))
          .append(Character.forDigit(x & 15, 16));
    }
  }

  private void compound(StringBuilder b, CompoundType c, Object v, int level) {
    Map<?, ?> members = (Map<?, ?>) v;
    b.append('{');
    for (int j = 0; j < c.members().size(); j++) {
      CompoundType.Member m = c.members().get(j);
      b.append(j == 0 ? "\n" : ",\n");
      DdlIndent.append(b, level + 1);
      append(b, m.type(), members.get(m.name()), level + 1);
    }
    b.append('\n');
    DdlIndent.append(b, level).append('}');
  }

  private void array(StringBuilder b, ArrayType a, Object v, int level) {
    int[] dims = a.dims();
    int row = dims.length > 1 ? dims[dims.length - 1] : Integer.MAX_VALUE;
    b.append("[ ");
    for (int i = 0; i < Array.getLength(v); i++) {
      if (i > 0 && i % row == 0) {
        b.append(",\n");
        DdlIndent.append(b, level + 1);
      } else if (i > 0) {
        b.append(", ");
      }
      append(b, a.base(), Array.get(v, i), level + 1);
    }
    b.append(" ]");
  }
}
