package io.h5j.versioning;

import io.h5j.raw.ElementCodec;
import io.h5j.type.Datatype;

/**
 * The stored bytes of one element given as a boxed value or a one-element array, as callers
 * give fill values.
 */
final class OneElement {
  private OneElement() {}

  static byte[] encode(Datatype t, Object value) {
    Object array = value.getClass().isArray() ? value : wrap(t, value);
    if (java.lang.reflect.Array.getLength(array) != 1) {
      throw new IllegalArgumentException("a fill value is one element");
    }
    return ElementCodec.encode(t, array);
  }

  private static Object wrap(Datatype t, Object value) {
    Class<?> cls = ElementCodec.arrayClass(t);
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
