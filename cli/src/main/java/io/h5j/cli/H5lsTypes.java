package io.h5j.cli;

import io.h5j.type.BitfieldType;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.StringType;
import io.h5j.type.VarLenType;

/**
 * A datatype as {@code h5ls -v} names it, for the atomic types h5ls describes on one line:
 * integers, IEEE floats, strings, bitfields ("native int", "IEEE 32-bit big-endian float",
 * "4-byte null-padded ASCII string"). Other types (compounds, enums, arrays, sequences,
 * references, opaque, non-IEEE floats) are given by h5j's own name of the type.
 */
final class H5lsTypes {
  private static final String[] SIGNED = {"native signed char", "native short", null,
      "native int", null, null, null, "native long"};
  private static final String[] UNSIGNED = {"native unsigned char", "native unsigned short",
      null, "native unsigned int", null, null, null, "native unsigned long"};

  private H5lsTypes() {}

  static String name(Datatype t) {
    if (t instanceof FixedPointType f) {
      return integer(f);
    } else if (t instanceof FloatType f && (f.isIeeeSingle() || f.isIeeeDouble())) {
      if (little(f.order())) {
        return f.isIeeeSingle() ? "native float" : "native double";
      }
      return "IEEE " + 8 * f.size() + "-bit big-endian float";
    } else if (t instanceof StringType s) {
      return s.size() + "-byte " + padding(s.padding()) + " " + charset(s.charset()) + " string";
    } else if (t instanceof VarLenType v && v.string()) {
      return "variable-length " + padding(v.padding()) + " " + charset(v.charset()) + " string";
    } else if (t instanceof BitfieldType b && b.bitOffset() == 0
        && b.bitPrecision() == 8 * b.size()) {
      return b.size() == 1 && little(b.order()) ? "native 8-bit field"
          : 8 * b.size() + "-bit " + order(b.order()) + " bitfield";
    }
    return t.name();
  }

  private static String integer(FixedPointType f) {
    boolean plain = f.bitOffset() == 0 && f.bitPrecision() == 8 * f.size() && f.size() <= 8;
    if (plain && little(f.order())) {
      String native_ = (f.signed() ? SIGNED : UNSIGNED)[f.size() - 1];
      if (native_ != null) {
        return native_;
      }
    }
    return 8 * f.size() + "-bit " + (f.size() == 1 ? "" : order(f.order()) + " ")
        + (f.signed() ? "integer" : "unsigned integer"); // a byte has no order
  }

  private static boolean little(Endianness e) {
    return e == Endianness.LITTLE_ENDIAN;
  }

  private static String order(Endianness e) {
    return little(e) ? "little-endian" : "big-endian";
  }

  private static String padding(io.h5j.type.StringPadding p) {
    return switch (p) {
      case NULLTERM -> "null-terminated";
      case NULLPAD -> "null-padded";
      default -> "space-padded";
    };
  }

  private static String charset(CharacterSet c) {
    return c == CharacterSet.ASCII ? "ASCII" : "UTF-8";
  }
}
