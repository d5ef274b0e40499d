package io.h5j.versioning;

import io.h5j.format.datatype.DataConverter;
import io.h5j.format.io.FileParams;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Java flat arrays to and from the stored bytes of fixed-size elements (the kind of array
 * {@link io.h5j.Dataset#read()} returns). Staged chunks are kept as stored bytes, which are
 * also what the chunk hash covers.
 */
final class ElementCodec {
  private ElementCodec() {}

  private static final DataConverter CONVERTER = new DataConverter(FileParams.DEFAULT);

  static byte[] encode(Datatype t, Object flatArray) {
    try {
      return CONVERTER.fromJavaArray(t, flatArray, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Object decode(Datatype t, byte[] raw, int count) {
    try {
      return CONVERTER.toJavaArray(t, raw, count, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One element's bytes from a boxed value or a one-element array. */
  static byte[] encodeOne(Datatype t, Object value) {
    Object array = value.getClass().isArray() ? value : wrap(t, value);
    if (java.lang.reflect.Array.getLength(array) != 1) {
      throw new IllegalArgumentException("a fill value is one element");
    }
    return encode(t, array);
  }

  private static Object wrap(Datatype t, Object value) {
    Class<?> cls = DataConverter.javaArrayClass(t);
    Object a = java.lang.reflect.Array.newInstance(cls.getComponentType(), 1);
    if (value instanceof Number n && cls.getComponentType().isPrimitive()) {
      Class<?> c = cls.getComponentType();
      if (c == byte.class) {
        ((byte[]) a)[0] = n.byteValue();
      } else if (c == short.class) {
        ((short[]) a)[0] = n.shortValue();
      } else if (c == int.class) {
        ((int[]) a)[0] = n.intValue();
      } else if (c == long.class) {
        ((long[]) a)[0] = n.longValue();
      } else if (c == float.class) {
        ((float[]) a)[0] = n.floatValue();
      } else if (c == double.class) {
        ((double[]) a)[0] = n.doubleValue();
      }
      return a;
    }
    java.lang.reflect.Array.set(a, 0, value);
    return a;
  }
}
