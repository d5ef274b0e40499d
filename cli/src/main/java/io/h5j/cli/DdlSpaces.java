package io.h5j.cli;

import io.h5j.type.Dataspace;

/** A dataspace as h5dump's DDL writes it: {@code SCALAR}, {@code NULL}, {@code SIMPLE { ... }}. */
final class DdlSpaces {
  private DdlSpaces() {}

  static String of(Dataspace s) {
    return switch (s.kind()) {
      case SCALAR -> "SCALAR";
      case NULL -> "NULL";
      default -> {
        StringBuilder b = new StringBuilder("SIMPLE { ( ");
        dims(b, s.dims());
        b.append(" ) / ( ");
        dims(b, s.maxDims());
        yield b.append(" ) }").toString();
      }
    };
  }

  private static void dims(StringBuilder b, long[] dims) {
    for (int i = 0; i < dims.length; i++) {
      b.append(i == 0 ? "" : ", ")
          .append(dims[i] == Dataspace.UNLIMITED ? "H5S_UNLIMITED" : Long.toString(dims[i]));
    }
  }
}
