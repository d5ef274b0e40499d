package io.h5j.cli;

import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CharacterSet;
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
import io.h5j.type.TimeType;
import io.h5j.type.VarLenType;

/**
 * A datatype as h5dump's DDL names it ({@code H5T_STD_I32LE}, {@code H5T_STRING { ... }},
 * {@code H5T_COMPOUND { ... }}). A type of several lines is written with its inner lines
 * indented one level below {@code level} and its closing brace at {@code level}; the
 * caller has written the text before the type and writes what follows it.
 */
final class DdlTypes {
  private DdlTypes() {}

  static void write(StringBuilder b, Datatype t, int level) {
    if (t instanceof FixedPointType f) {
      b.append("H5T_STD_").append(f.signed() ? 'I' : 'U').append(f.size() * 8)
          .append(order(f.order(), f.size()));
    } else if (t instanceof FloatType f) {
      b.append(f.isIeeeSingle() || f.isIeeeDouble()
          ? "H5T_IEEE_F" + f.size() * 8 + order(f.order(), f.size())
          : f.size() * 8 + "-bit " + (f.order() == Endianness.BIG_ENDIAN ? "big" : "little")
              + "-endian floating-point " + f.bitPrecision() + "-bit precision");
    } else if (t instanceof BitfieldType f) {
      b.append("H5T_STD_B").append(f.size() * 8).append(order(f.order(), f.size()));
    } else if (t instanceof TimeType) {
      b.append("H5T_TIME");
    } else if (t instanceof StringType s) {
      string(b, Integer.toString(s.size()), s.padding(), s.charset(), level);
    } else if (t instanceof VarLenType v && v.string()) {
      string(b, "H5T_VARIABLE", v.padding(), v.charset(), level);
    } else if (t instanceof VarLenType v) {
      b.append("H5T_VLEN { ");
      write(b, v.base(), level);
      b.append('}');
    } else if (t instanceof OpaqueType o) {
      b.append("H5T_OPAQUE {\n");
      DdlIndent.append(b, level + 1).append("OPAQUE_TAG ").append(DdlStrings.quoted(o.tag()))
          .append(";\n");
      DdlIndent.append(b, level).append('}');
    } else if (t instanceof ReferenceType r) {
      b.append(switch (r.kind()) {
        case OBJECT -> "H5T_REFERENCE { H5T_STD_REF_OBJECT }";
        case DATASET_REGION -> "H5T_REFERENCE { H5T_STD_REF_DSETREG }";
        default -> "H5T_REFERENCE { H5T_STD_REF }";
      });
    } else if (t instanceof EnumType e) {
      enumeration(b, e, level);
    } else if (t instanceof CompoundType c) {
      b.append("H5T_COMPOUND {\n");
      for (CompoundType.Member m : c.members()) {
        DdlIndent.append(b, level + 1);
        write(b, m.type(), level + 1);
        b.append(' ').append(DdlStrings.quoted(m.name())).append(";\n");
      }
      DdlIndent.append(b, level).append('}');
    } else if (t instanceof ArrayType a) {
      b.append("H5T_ARRAY { ");
      for (int d : a.dims()) {
        b.append('[').append(d).append(']');
      }
      b.append(' ');
      write(b, a.base(), level);
      b.append(" }");
    } else {
      b.append("H5T_COMPLEX");
    }
  }

  /** Members by name, as h5dump lists them (libhdf5 sorts an enum's members by name). */
  private static void enumeration(StringBuilder b, EnumType e, int level) {
    b.append("H5T_ENUM {\n");
    DdlIndent.append(b, level + 1);
    write(b, e.base(), level + 1);
    b.append(";\n");
    Integer[] order = new Integer[e.names().size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, java.util.Comparator.comparing(e.names()::get));
    for (int i : order) {
      String name = DdlStrings.quoted(e.names().get(i));
      DdlIndent.append(b, level + 1).append(name);
      b.append(" ".repeat(Math.max(0, 16 - name.length()) + 3));
      long v = e.values().get(i);
      b.append(e.base().signed() ? Long.toString(v) : Long.toUnsignedString(v)).append(";\n");
    }
    DdlIndent.append(b, level).append('}');
  }

  private static void string(StringBuilder b, String size, StringPadding pad, CharacterSet cset,
      int level) {
    b.append("H5T_STRING {\n");
    DdlIndent.append(b, level + 1).append("STRSIZE ").append(size).append(";\n");
    DdlIndent.append(b, level + 1).append("STRPAD ").append(switch (pad) {
      case NULLTERM -> "H5T_STR_NULLTERM";
      case NULLPAD -> "H5T_STR_NULLPAD";
      default -> "H5T_STR_SPACEPAD";
    }).append(";\n");
    DdlIndent.append(b, level + 1).append("CSET ")
        .append(cset == CharacterSet.ASCII ? "H5T_CSET_ASCII" : "H5T_CSET_UTF8").append(";\n");
    DdlIndent.append(b, level + 1).append("CTYPE H5T_C_S1;\n");
    DdlIndent.append(b, level).append('}');
  }

  private static String order(Endianness o, int size) {
    return o == Endianness.BIG_ENDIAN ? "BE" : "LE";
  }
}
