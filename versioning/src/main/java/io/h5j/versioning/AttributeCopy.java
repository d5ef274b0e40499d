package io.h5j.versioning;

import io.h5j.Attribute;
import io.h5j.Attributes;
import io.h5j.raw.ElementCodec;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * User attributes carried from version to version: read with their exact datatype and
 * dataspace, written back the same way; values set through the API take the format layer's
 * natural type for the Java value.
 */
final class AttributeCopy {
  private AttributeCopy() {}

  /** The attributes of a node except the layout's own ({@code skip}). */
  static Map<String, Object> read(Attributes attrs, Set<String> skip) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Attribute> e : attrs.all().entrySet()) {
      if (!skip.contains(e.getKey())) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  /** Plain values of attributes as {@link #read} returns them (for callers). */
  static Map<String, Object> values(Map<String, Object> attrs) {
    Map<String, Object> out = new LinkedHashMap<>();
    attrs.forEach((k, v) -> out.put(k, v instanceof Attribute a ? a.value() : v));
    return out;
  }

  static void write(Attributes target, Map<String, Object> attrs) throws IOException {
    for (Map.Entry<String, Object> e : attrs.entrySet()) {
      if (e.getValue() instanceof Attribute a) {
        Object v = a.value();
        if (a.dataspace().kind() == Dataspace.Kind.SCALAR) {
          Object arr = Array.newInstance(
              ElementCodec.arrayClass(a.datatype()).getComponentType(), 1);
          Array.set(arr, 0, v);
          v = arr;
        }
        target.put(e.getKey(), a.datatype(), a.dataspace(), v);
      } else {
        target.put(e.getKey(), e.getValue());
      }
    }
  }
}
