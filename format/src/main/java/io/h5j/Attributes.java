package io.h5j;

import io.h5j.format.datatype.DataConverter;
import io.h5j.format.datatype.Datatype;
import io.h5j.format.io.ByteReader;
import io.h5j.format.message.AttributeInfoMessage;
import io.h5j.format.message.AttributeMessage;
import io.h5j.format.message.Dataspace;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.DenseAttributes;
import io.h5j.format.object.H5Context;
import io.h5j.format.object.ObjectHeader;
import io.h5j.format.object.StoredMessage;
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
    Map<String, AttributeMessage> all = messages();
    AttributeMessage old = all.put(name, new AttributeMessage(name, type, space, data, utf8));
    store(all);
    release(old);
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
    Map<String, AttributeMessage> all = messages();
    AttributeMessage old = all.remove(name);
    if (old == null) {
      throw new IllegalArgumentException("no attribute '" + name + "' on " + node.path());
    }
    store(all);
    release(old);
  }

  /** The decoded attribute messages by name (a fresh map the caller may change). */
  private Map<String, AttributeMessage> messages() throws IOException {
    H5Context ctx = node.file.context();
    ObjectHeader h = node.header();
    return new LinkedHashMap<>(ctx.derived(h.address(), "attributes", () -> decodeAll(ctx, h)));
  }

  private Map<String, AttributeMessage> decodeAll(H5Context ctx, ObjectHeader h)
      throws IOException {
    Map<String, AttributeMessage> out = new LinkedHashMap<>();
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.ATTRIBUTE) {
        byte[] body = m.isShared() ? ctx.shared().resolve(m, h.address()) : m.body();
        AttributeMessage a = decodeMessage(ctx, body, h.address());
        out.put(a.name(), a);
      }
    }
    ByteReader info = node.message(MessageType.ATTRIBUTE_INFO);
    if (info != null) {
      AttributeInfoMessage ai = AttributeInfoMessage.decode(info);
      if (ai.isDense()) {
        for (byte[] body : DenseAttributes.read(ctx, ai, h.address())) {
          AttributeMessage a = decodeMessage(ctx, body, h.address());
          out.put(a.name(), a);
        }
      }
    }
    return out;
  }

  static AttributeMessage decodeMessage(H5Context ctx, byte[] body, long owner)
      throws IOException {
    return AttributeMessage.decode(new ByteReader(body, owner, "attribute message",
        ctx.params()), (type, shared) -> ctx.shared().resolve(
            new StoredMessage(type, StoredMessage.FLAG_SHARED, -1, shared), owner));
  }

  /** libhdf5's default: more than 8 attributes go to dense storage (v2 headers only). */
  private static final int DEFAULT_MAX_COMPACT = 8;
  /** A header message body is at most 64 KiB; bigger attributes must be stored densely. */
  private static final int MAX_MESSAGE = 65_535;

  /**
   * Rewrites the header with {@code all} as its attributes: compact (messages in the header)
   * up to the object's limit, dense (fractal heap + name index) beyond it or when one
   * attribute is too big for a header message. Old (v1) headers can only be compact.
   */
  private void store(Map<String, AttributeMessage> all) throws IOException {
    H5Context ctx = node.file.context();
    ObjectHeader h = node.header();
    List<DenseAttributes.Entry> encoded = new ArrayList<>();
    boolean tooBig = false;
    for (AttributeMessage a : all.values()) {
      byte[] body = a.toBytes(ctx.params());
      tooBig |= body.length > MAX_MESSAGE;
      encoded.add(new DenseAttributes.Entry(a.name(), body));
    }
    int maxCompact = h.maxCompactAttributes() >= 0 ? h.maxCompactAttributes()
        : DEFAULT_MAX_COMPACT;
    boolean dense = h.version() == 2 && (encoded.size() > maxCompact || tooBig);
    if (tooBig && !dense) {
      throw new IllegalArgumentException("an attribute of more than 64 KiB needs dense"
          + " storage, which an object with a version 1 header cannot have; store it as a"
          + " dataset instead");
    }
    AttributeInfoMessage info = null;
    List<StoredMessage> messages = new ArrayList<>();
    for (StoredMessage m : h.messages()) {
      if (m.type() == MessageType.ATTRIBUTE_INFO) {
        info = AttributeInfoMessage.decode(new ByteReader(m.body(), h.address(),
            "attribute info message", ctx.params()));
      } else if (m.type() != MessageType.ATTRIBUTE) {
        messages.add(m);
      }
    }
    if (info == null) {
      info = new AttributeInfoMessage(false, false, -1, -1, -1, -1);
    }
    AttributeInfoMessage old = info;
    if (dense) {
      info = DenseAttributes.write(ctx, info, encoded);
    } else {
      info = new AttributeInfoMessage(info.trackOrder(), info.indexOrder(),
          info.maxCreationIndex(), -1, -1, -1);
      for (DenseAttributes.Entry e : encoded) {
        messages.add(StoredMessage.of(MessageType.ATTRIBUTE, e.message()));
      }
    }
    if (h.version() == 2) {
      messages.add(0, StoredMessage.of(MessageType.ATTRIBUTE_INFO, info.toBytes(ctx.params())));
    }
    ctx.rewriteHeader(h.address(), messages);
    // Only now that the header no longer points at it may the old storage be reused.
    DenseAttributes.free(ctx, old);
  }
}
