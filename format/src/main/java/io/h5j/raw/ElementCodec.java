package io.h5j.raw;

import io.h5j.format.H5FormatException;
import io.h5j.format.datatype.DataConverter;
import io.h5j.format.io.FileParams;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Stored element bytes of a {@link Datatype} to and from the flat Java array that
 * {@code Dataset.read()} gives for that type ({@code int[]} for a signed 32-bit integer,
 * {@code String[]} for fixed-size strings, ...; the GUIDE lists them), with the same
 * conversion the datasets use. For programs that keep or compare elements as stored, such as
 * chunks they hash. Elements that hold variable-length data (strings or sequences kept in the
 * file's global heap) are not complete in their bytes and are refused.
 */
public final class ElementCodec {
  private ElementCodec() {}

  private static final DataConverter CONVERTER = new DataConverter(FileParams.DEFAULT);

  /**
   * The class of the Java array that holds elements of a type, as {@link #decode} returns
   * them and {@link #encode} takes them.
   *
   * @param type the elements' datatype
   * @return e.g. {@code long[].class} for a 64-bit integer type
   */
  public static Class<?> arrayClass(Datatype type) {
    return DataConverter.javaArrayClass(type);
  }

  /**
   * Whether elements of {@code type} refer to variable-length data in the global heap
   * (variable-length strings and sequences, also inside compounds and arrays), so that this
   * class cannot convert them.
   *
   * @param type the elements' datatype
   * @return true when the type holds variable-length data anywhere
   */
  public static boolean holdsVariableLength(Datatype type) {
    return DataConverter.holdsVlen(type);
  }

  /**
   * The first {@code count} elements of {@code bytes} as an array of {@link #arrayClass}.
   *
   * @param type the elements' datatype
   * @param bytes the stored elements, one after the other, in the type's byte order
   * @param count how many elements to decode from the start of {@code bytes}
   * @return a new array of {@code count} elements
   * @throws IllegalArgumentException when {@code count} elements do not fit {@code bytes}, or
   *     the type holds variable-length data
   * @throws H5FormatException when the bytes are not valid elements of the type
   */
  public static Object decode(Datatype type, byte[] bytes, int count) throws H5FormatException {
    refuseVariableLength(type);
    try {
      return CONVERTER.toJavaArray(type, bytes, count, null);
    } catch (H5FormatException e) {
      throw e;
    } catch (IOException e) { // only a heap reads from a file, and none is given
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The stored bytes of the elements of {@code array} (of class {@link #arrayClass}).
   *
   * @param type the elements' datatype
   * @param array the elements, of class {@code arrayClass(type)}
   * @return a new array of the elements' stored bytes, one after the other
   * @throws IllegalArgumentException when the array is not of that class, a value does not fit
   *     the type, or the type holds variable-length data
   */
  public static byte[] encode(Datatype type, Object array) {
    refuseVariableLength(type);
    try {
      return CONVERTER.fromJavaArray(type, array, null);
    } catch (IOException e) { // only a heap writes to a file, and none is given
      throw new UncheckedIOException(e);
    }
  }

  private static void refuseVariableLength(Datatype type) {
    if (holdsVariableLength(type)) {
      throw new IllegalArgumentException("elements of " + type + " hold variable-length data,"
          + " kept in the file's global heap, not in their bytes: read and write them through"
          + " a Dataset or Attribute");
    }
  }
}
