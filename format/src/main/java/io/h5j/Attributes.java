package io.h5j;

import io.h5j.format.datatype.DataConverter;
import io.h5j.format.message.AttributeMessage;
import io.h5j.format.object.AttributeStorage;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The attributes of one object, read from and written to the file on each call.
 *
 * <pre>{@code
 * node.attributes().put("units", "m/s");          // scalar string
 * node.attributes().put("range", new double[] {0, 1});
 * Object units = node.attributes().get("units");  // "m/s"
 * }</pre>
 */
public final class Attributes {
  private final Node node;

  Attributes(Node node) {
    this.node = node;
  }

  /** Attribute names in storage order. */
  public List<String> names() throws IOException {
    return new ArrayList<>(messages().keySet());
  }

  public boolean contains(String name) throws IOException {
    return messages().containsKey(name);
  }

  /** Every attribute, decoded, by name in storage order. */
  public Map<String, Attribute> all() throws IOException {
    Map<String, Attribute> out = new LinkedHashMap<>();
    for (AttributeMessage m : messages().values()) {
      out.put(m.name(), decode(m));
    }
    return out;
  }

  /** The attribute {@code name}, decoded. */
  public Attribute attribute(String name) throws IOException {
    AttributeMessage m = messages().get(name);
    if (m == null) {
      throw new IllegalArgumentException("no attribute '" + name + "' on " + node.path()
          + "; names() lists them");
    }
    return decode(m);
  }

  /** The value of attribute {@code name}: see {@link Attribute#value()}. */
  public Object get(String name) throws IOException {
    return attribute(name).value();
  }

  private Attribute decode(AttributeMessage m) throws IOException {
    Dataspace space = m.dataspace();
    Object value = null;
    if (space.kind() != Dataspace.Kind.NULL) {
      Object array = node.file.values().decode(m.datatype(), m.data(),
          (int) space.elementCount());
      value = space.kind() == Dataspace.Kind.SCALAR ? Array.get(array, 0) : array;
    }
    return new Attribute(m.name(), m.datatype(), space, value);
  }

  /**
   * Creates or replaces attribute {@code name}. A Java array gives a 1-D attribute, a single
   * value ({@code Long}, {@code Integer}, {@code Double}, {@code String}, ...) a scalar one.
   */
  public void put(String name, Object value) throws IOException {
    Object array = value.getClass().isArray() ? value : Values.wrapScalar(value);
    Datatype type = DataConverter.forJavaArray(array);
    Dataspace space = value.getClass().isArray()
        ? Dataspace.simple(Array.getLength(array)) : Dataspace.SCALAR;
    put(name, type, space, array);
  }

  /** Creates or replaces an attribute with an explicit datatype and dataspace. */
  public void put(String name, Datatype type, Dataspace space, Object flatArray)
      throws IOException {
    node.file.checkWritable();
    if (name.isEmpty()) {
      throw new IllegalArgumentException("an attribute name cannot be empty");
    }
    byte[] data = space.kind() == Dataspace.Kind.NULL ? new byte[0]
        : node.file.values().encode(type, flatArray);
    boolean utf8 = !name.chars().allMatch(c -> c < 128);
    AttributeMessage added = new AttributeMessage(name, type, space, data, utf8);
    AttributeMessage[] old = new AttributeMessage[1];
    AttributeStorage.update(node.file.context(), node.address(),
        all -> old[0] = all.put(name, added), () -> release(old[0]));
  }

  /** Frees the variable-length data of an attribute the header no longer holds. */
  private void release(AttributeMessage old) throws IOException {
    if (old != null && old.dataspace().kind() != Dataspace.Kind.NULL) {
      node.file.values().release(old.datatype(), old.data(),
          (int) old.dataspace().elementCount());
    }
  }

  /** Removes attribute {@code name}. */
  public void remove(String name) throws IOException {
    node.file.checkWritable();
    AttributeMessage[] old = new AttributeMessage[1];
    AttributeStorage.update(node.file.context(), node.address(), all -> {
      old[0] = all.remove(name);
      if (old[0] == null) {
        throw new IllegalArgumentException("no attribute '" + name + "' on " + node.path());
      }
    }, () -> release(old[0]));
  }

  /** The decoded attribute messages by name (a fresh map the caller may change). */
  private Map<String, AttributeMessage> messages() throws IOException {
    return AttributeStorage.read(node.file.context(), node.header());
  }

}
