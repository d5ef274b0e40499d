package io.h5j.cli;

import io.h5j.raw.ElementCodec;
import io.h5j.type.BitfieldType;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.StringType;
import io.h5j.type.VarLenType;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * h5dump's {@code -b ORDER -o FILE}: every value the DDL would print, written raw and back to
 * back to one file, numbers in the byte order asked for (NATIVE and MEMORY are
 * little-endian, the order of the machines h5j runs on; FILE keeps each dataset's own),
 * variable-length strings as their bytes (strings not at all when LE or BE is asked for, as
 * h5dump does).
 */
final class DdlBinary implements AutoCloseable {
  private final OutputStream out;
  /** The order to write numbers in, or null to keep the file's. */
  private final Endianness order;
  /** LE or BE given: h5dump then writes numbers only (a string has no byte order to give). */
  private final boolean numbersOnly;

  private DdlBinary(OutputStream out, Endianness order, boolean numbersOnly) {
    this.out = out;
    this.order = order;
    this.numbersOnly = numbersOnly;
  }

  static DdlBinary open(Path file, String order) throws IOException {
    Endianness o = switch (order.toUpperCase(Locale.ROOT)) {
      case "NATIVE", "MEMORY", "LE" -> Endianness.LITTLE_ENDIAN;
      case "BE" -> Endianness.BIG_ENDIAN;
      case "FILE" -> null;
      default -> throw new IllegalArgumentException("-b takes NATIVE, LE, BE, FILE or MEMORY,"
          + " not " + order);
    };
    String named = order.toUpperCase(Locale.ROOT);
    return new DdlBinary(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16), o,
        named.equals("LE") || named.equals("BE"));
  }

  /** The first {@code count} elements of the flat array {@code values}. */
  void values(Datatype type, Object values, int count) throws IOException {
    if (numbersOnly && (type instanceof StringType
        || type instanceof VarLenType v && v.string())) {
      return;
    }
    if (type instanceof VarLenType v && v.string()) {
      for (int i = 0; i < count; i++) {
        out.write(((String) Array.get(values, i)).getBytes(StandardCharsets.UTF_8));
      }
      return;
    }
    if (ElementCodec.holdsVariableLength(type)) {
      return; // sequences have no one raw form; h5dump writes their heap contents
    }
    Object exact = values;
    if (Array.getLength(values) != count) {
      exact = Array.newInstance(values.getClass().getComponentType(), count);
      System.arraycopy(values, 0, exact, 0, count);
    }
    byte[] bytes = ElementCodec.encode(type, exact);
    Endianness stored = type instanceof FixedPointType f ? f.order()
        : type instanceof FloatType f ? f.order()
        : type instanceof BitfieldType f ? f.order() : null;
    int size = type.size();
    if (order != null && stored != null && stored != order && size > 1) {
      for (int e = 0; e + size <= bytes.length; e += size) {
        for (int i = 0, j = size - 1; i < j; i++, j--) {
          byte t = bytes[e + i];
          bytes[e + i] = bytes[e + j];
          bytes[e + j] = t;
        }
      }
    }
    out.write(bytes);
  }

  /** One element (a scalar's value). */
  void value(Datatype type, Object value) throws IOException {
    Object array = Array.newInstance(ElementCodec.arrayClass(type).getComponentType(), 1);
    Array.set(array, 0, value);
    values(type, array, 1);
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
