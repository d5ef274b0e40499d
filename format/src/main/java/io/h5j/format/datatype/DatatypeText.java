package io.h5j.format.datatype;

import java.util.Arrays;
import java.util.StringJoiner;

/** Short human-readable names of datatypes, as {@code h5j ls} and {@code h5j dump} print them. */
public final class DatatypeText {
  private DatatypeText() {}

  /**
   * E.g. "int32", "uint8 BE", "float64", "complex64" (two float32, numpy's name), "string[8]
   * ASCII", "vlen string UTF-8".
   */
  public static String describe(Datatype t) {
    if (t instanceof FixedPointType f) {
      return (f.signed() ? "int" : "uint") + 8 * f.size() + order(f.order());
    } else if (t instanceof FloatType f) {
      String base = f.size() == 2 && f.exponentSize() == 8 ? "bfloat16"
          : isStandard(f) ? "float" + 8 * f.size()
          : "float" + 8 * f.size() + " (custom: " + f.exponentSize() + "-bit exponent, "
              + f.mantissaSize() + "-bit mantissa)";
      return base + order(f.order());
    } else if (t instanceof ComplexType c) {
      FloatType f = c.base();
      return f.size() != 2 && isStandard(f) ? "complex" + 16 * f.size() + order(f.order())
          : "complex of " + describe(f);
    } else if (t instanceof StringType s) {
      return "string[" + s.size() + "] " + s.charset() + " " + s.padding();
    } else if (t instanceof VarLenType v) {
      return v.string() ? "vlen string " + v.charset() : "vlen sequence of " + describe(v.base());
    } else if (t instanceof CompoundType c) {
      StringJoiner j = new StringJoiner(", ", "compound{", "}");
      for (CompoundType.Member m : c.members()) {
        j.add(m.name() + ": " + describe(m.type()));
      }
      return j.toString();
    } else if (t instanceof EnumType e) {
      StringJoiner j = new StringJoiner(", ", "enum " + describe(e.base()) + " {", "}");
      for (int i = 0; i < e.names().size(); i++) {
        j.add(e.names().get(i) + "=" + e.values().get(i));
      }
      return j.toString();
    } else if (t instanceof ArrayType a) {
      return "array" + Arrays.toString(a.dims()) + " of " + describe(a.base());
    } else if (t instanceof OpaqueType o) {
      return "opaque[" + o.size() + "]" + (o.tag().isEmpty() ? "" : " \"" + o.tag() + "\"");
    } else if (t instanceof BitfieldType b) {
      return "bitfield" + 8 * b.size() + order(b.order());
    } else if (t instanceof ReferenceType r) {
      return "reference (" + r.kind().toString().toLowerCase(java.util.Locale.ROOT) + ")";
    } else if (t instanceof TimeType tt) {
      return "time" + 8 * tt.size();
    }
    return t.toString();
  }

  private static boolean isStandard(FloatType f) {
    return (f.size() == 2 && f.exponentSize() == 5 && f.mantissaSize() == 10)
        || f.isIeeeSingle() || f.isIeeeDouble();
  }

  private static String order(Endianness e) {
    return e == Endianness.BIG_ENDIAN ? " BE" : e == Endianness.VAX ? " VAX" : "";
  }
}
