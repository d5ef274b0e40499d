package io.h5j.type;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * The readable names of {@link Datatype#name()}, one per datatype class, nested types named
 * inside their container's name; {@code h5j ls} and {@code h5j dump} print them.
 */
final class DatatypeNames {
  private DatatypeNames() {}

  /**
   * E.g. "int32", "uint8 BE", "float64", "complex64" (two float32, numpy's name), "string[8]
   * ASCII NULLPAD", "vlen string UTF8".
   */
  static String of(Datatype t) {
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
          : "complex of " + of(f);
    } else if (t instanceof StringType s) {
      return "string[" + s.size() + "] " + s.charset() + " " + s.padding();
    } else if (t instanceof VarLenType v) {
      return v.string() ? "vlen string " + v.charset() : "vlen sequence of " + of(v.base());
    } else if (t instanceof CompoundType c) {
      StringJoiner j = new StringJoiner(", ", "compound{", "}");
      for (CompoundType.Member m : c.members()) {
        j.add(m.name() + ": " + of(m.type()));
      }
      return j.toString();
    } else if (t instanceof EnumType e) {
      StringJoiner j = new StringJoiner(", ", "enum " + of(e.base()) + " {", "}");
      for (int i = 0; i < e.names().size(); i++) {
        j.add(e.names().get(i) + "=" + e.values().get(i));
      }
      return j.toString();
    } else if (t instanceof ArrayType a) {
      return "array" + Arrays.toString(a.dims()) + " of " + of(a.base());
    } else if (t instanceof OpaqueType o) {
      return "opaque[" + o.size() + "]" + (o.tag().isEmpty() ? "" : " \"" + o.tag() + "\"");
    } else if (t instanceof BitfieldType b) {
      return "bitfield" + 8 * b.size() + order(b.order());
    } else if (t instanceof ReferenceType r) {
      return "reference (" + r.kind().toString().toLowerCase(java.util.Locale.ROOT) + ")";
    }
    return "time" + 8 * t.size(); // the only class left of the sealed family
  }

  private static boolean isStandard(FloatType f) {
    return (f.size() == 2 && f.exponentSize() == 5 && f.mantissaSize() == 10)
        || f.isIeeeSingle() || f.isIeeeDouble();
  }

  private static String order(Endianness e) {
    return e == Endianness.BIG_ENDIAN ? " BE" : e == Endianness.VAX ? " VAX" : "";
  }
}
