package io.h5j;

import io.h5j.format.dataset.Values;
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
import org.jspecify.annotations.Nullable;

/**
 * The attributes of one object, read from and written to the file on each call.
 *
 * <pre>{@code
 * node.attributes().put("units", "m/s");          // scalar string
 * node.attributes().put("range", new double[] {0, 1});
 * Object units = node.attributes().get("units");  // "m/s"
 * String u = node.attributes().getString("units"); // typed; a wrong type names both
 * }</pre>
 */
public final class Attributes {
  private final Node node;

  Attributes(Node node) {
    this.node = node;
  }

  /**
   * Attribute names in storage order.
   *
   * @return a new list, empty when the object has no attributes
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public List<String> names() throws IOException {
    return new ArrayList<>(messages().keySet());
  }

  /**
   * Whether this object has an attribute {@code name}.
   *
   * @param name the attribute's name, exactly as stored (case matters)
   * @return true if such an attribute exists
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean contains(String name) throws IOException {
    return messages().containsKey(name);
  }

  /**
   * Every attribute, decoded, by name in storage order.
   *
   * @return a new map in storage order, empty when there are none
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Map<String, Attribute> all() throws IOException {
    Map<String, Attribute> out = new LinkedHashMap<>();
    for (AttributeMessage m : messages().values()) {
      out.put(m.name(), decode(m));
    }
    return out;
  }

  /**
   * The attribute {@code name}, decoded.
   *
   * @param name the attribute's name, exactly as stored
   * @return the attribute's datatype, dataspace and value
   * @throws IllegalArgumentException when there is no such attribute
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public Attribute attribute(String name) throws IOException {
    return decode(message(name));
  }

  private AttributeMessage message(String name) throws IOException {
    AttributeMessage m = messages().get(name);
    if (m == null) {
      throw new IllegalArgumentException("no attribute '" + name + "' on " + node.path()
          + "; names() lists them");
    }
    return m;
  }

  /**
   * The value of attribute {@code name}: see {@link Attribute#value()}.
   *
   * @param name the attribute's name, exactly as stored
   * @return the decoded value
   * @throws IllegalArgumentException when there is no such attribute
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public @Nullable Object get(String name) throws IOException {
    return attribute(name).value();
  }

  private Attribute decode(AttributeMessage m) throws IOException {
    Dataspace space = m.dataspace();
    Object value = null;
    if (space.kind() != Dataspace.Kind.NULL) {
      Object array = flat(m);
      value = space.kind() == Dataspace.Kind.SCALAR ? Array.get(array, 0) : array;
    }
    return new Attribute(m.name(), m.datatype(), space, value);
  }

  /**
   * Creates or replaces attribute {@code name}. A flat Java array gives a 1-D attribute, an
   * n-d one ({@code double[2][2]}) an attribute of its shape, a single value ({@code Long},
   * {@code Integer}, {@code Double}, {@code String}, {@code Boolean}, ...) a scalar one;
   * booleans are stored as h5py stores numpy's bool.
   *
   * <pre>{@code
   * attrs.put("matrix", new double[2][2]);
   * attrs.put("done", true);
   * }</pre>
   *
   * @param name the attribute's name; an existing attribute of that name is replaced
   * @param value the value: a Java array, flat or n-d, or a boxed scalar or String
   * @throws IllegalArgumentException for a null value (remove the attribute with
   *     {@link #remove}) or a ragged n-d array
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void put(String name, Object value) throws IOException {
    if (value == null) {
      throw new IllegalArgumentException("attribute '" + name + "' of " + node.path()
          + ": a value cannot be null; remove(name) deletes an attribute");
    }
    Object array = value.getClass().isArray() ? value : Values.wrapScalar(value);
    Dataspace space = Dataspace.SCALAR;
    if (NdArrays.isNested(array)) {
      long[] shape = NdArrays.shapeOf(array);
      array = NdArrays.flatten(array, shape);
      space = Dataspace.simple(shape);
    } else if (value.getClass().isArray()) {
      space = Dataspace.simple(Array.getLength(array));
    }
    put(name, Values.naturalType(array), space, array);
  }

  /**
   * Creates or replaces an attribute with an explicit datatype and dataspace.
   *
   * @param name the attribute's name; an existing attribute of that name is replaced
   * @param type the datatype to store the value in
   * @param space the attribute's shape
   * @param flatArray the value as a flat Java array in C order, one entry per element of
   *     {@code space}
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void put(String name, Datatype type, Dataspace space, Object flatArray)
      throws IOException {
    EngineCalls.run(node.file, () -> {
      node.file.checkWritable();
      if (name == null || name.isEmpty()) {
        throw new IllegalArgumentException("an attribute needs a name, not " + (name == null
            ? "null" : "an empty one") + " (on " + node.path() + ")");
      }
      byte[] data = space.kind() == Dataspace.Kind.NULL ? new byte[0]
          : node.file.values().encode(type, flatArray);
      boolean utf8 = !name.chars().allMatch(c -> c < 128);
      AttributeMessage added = new AttributeMessage(name, type, space, data, utf8);
      AttributeMessage[] old = new AttributeMessage[1];
      AttributeStorage.update(node.file.context(), node.address(),
          all -> old[0] = all.put(name, added), () -> release(old[0]));
    });
  }

  /** Frees the variable-length data of an attribute the header no longer holds. */
  private void release(AttributeMessage old) throws IOException {
    if (old != null && old.dataspace().kind() != Dataspace.Kind.NULL) {
      node.file.values().release(old.datatype(), old.data(),
          (int) old.dataspace().elementCount());
    }
  }

  /**
   * Removes attribute {@code name}.
   *
   * @param name the attribute's name
   * @throws IOException if the file cannot be read or written, or (as
   *     {@link io.h5j.format.H5FormatException}) a structure read is malformed or unsupported
   */
  public void remove(String name) throws IOException {
    EngineCalls.run(node.file, () -> {
      node.file.checkWritable();
      AttributeMessage[] old = new AttributeMessage[1];
      AttributeStorage.update(node.file.context(), node.address(), all -> {
        old[0] = all.remove(name);
        if (old[0] == null) {
          throw new IllegalArgumentException("no attribute '" + name + "' on " + node.path());
        }
      }, () -> release(old[0]));
    });
  }

  /** The decoded attribute messages by name (a fresh map the caller may change). */
  private Map<String, AttributeMessage> messages() throws IOException {
    return EngineCalls.call(node.file, () -> AttributeStorage.read(node.file.context(),
        node.header()));
  }


  // ============================================================== typed getters

  /**
   * The value of scalar (or one-element) string attribute {@code name}.
   *
   * <pre>{@code
   * String units = node.attributes().getString("units");
   * }</pre>
   *
   * @param name the attribute's name, exactly as stored
   * @return the string value
   * @throws IllegalArgumentException when the attribute is missing (naming the node), holds
   *     other than one element, or is not a string (naming its type)
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public String getString(String name) throws IOException {
    return ((String[]) one(name, String.class))[0];
  }

  /**
   * The value of a one-element numeric attribute as a double, converted without loss.
   *
   * @param name the attribute's name, exactly as stored
   * @return the value
   * @throws IllegalArgumentException when the attribute is missing, holds other than one element or
   *     does not convert
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public double getDouble(String name) throws IOException {
    return ((double[]) one(name, double.class))[0];
  }

  /**
   * The value of a one-element integer attribute as a long (any integer but uint64).
   *
   * @param name the attribute's name, exactly as stored
   * @return the value
   * @throws IllegalArgumentException when the attribute is missing, holds other than one element or
   *     does not convert
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long getLong(String name) throws IOException {
    return ((long[]) one(name, long.class))[0];
  }

  /**
   * The value of a one-element integer attribute as an int (up to int32, uint16).
   *
   * @param name the attribute's name, exactly as stored
   * @return the value
   * @throws IllegalArgumentException when the attribute is missing, holds other than one element or
   *     does not convert
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int getInt(String name) throws IOException {
    return ((int[]) one(name, int.class))[0];
  }

  /**
   * The value of a one-element boolean attribute, as h5py stores numpy's bool.
   *
   * @param name the attribute's name, exactly as stored
   * @return the value
   * @throws IllegalArgumentException when the attribute is missing, holds other than one element or
   *     is not boolean
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean getBoolean(String name) throws IOException {
    return ((boolean[]) one(name, boolean.class))[0];
  }

  /**
   * Every element of attribute {@code name} as doubles (flat, C order), converted where no
   * value is lost, as {@link Dataset#readDoubles()} converts.
   *
   * <pre>{@code
   * double[] range = node.attributes().getDoubles("range");
   * }</pre>
   *
   * @param name the attribute's name, exactly as stored
   * @return one double per element
   * @throws IllegalArgumentException when the attribute is missing or its type does not convert
   *     without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public double[] getDoubles(String name) throws IOException {
    return (double[]) typed(message(name), double.class);
  }

  /**
   * Every element of attribute {@code name} as longs; see {@link #getDoubles}.
   *
   * @param name the attribute's name, exactly as stored
   * @return one long per element
   * @throws IllegalArgumentException when the attribute is missing or its type does not convert
   *     without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public long[] getLongs(String name) throws IOException {
    return (long[]) typed(message(name), long.class);
  }

  /**
   * Every element of attribute {@code name} as ints; see {@link #getDoubles}.
   *
   * @param name the attribute's name, exactly as stored
   * @return one int per element
   * @throws IllegalArgumentException when the attribute is missing or its type does not convert
   *     without loss
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public int[] getInts(String name) throws IOException {
    return (int[]) typed(message(name), int.class);
  }

  /**
   * Every element of string or enum attribute {@code name} as strings.
   *
   * @param name the attribute's name, exactly as stored
   * @return one string per element
   * @throws IllegalArgumentException when the attribute is missing or is neither string nor enum
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public String[] getStrings(String name) throws IOException {
    return (String[]) typed(message(name), String.class);
  }

  /**
   * Every element of boolean attribute {@code name}.
   *
   * @param name the attribute's name, exactly as stored
   * @return one boolean per element
   * @throws IllegalArgumentException when the attribute is missing or is not boolean
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public boolean[] getBooleans(String name) throws IOException {
    return (boolean[]) typed(message(name), boolean.class);
  }

  /**
   * Attribute {@code name} as a Java n-d array of {@code arrayType}, whose rank must be the
   * attribute's.
   *
   * <pre>{@code
   * double[][] m = node.attributes().getArray("matrix", double[][].class);
   * }</pre>
   *
   * @param <T> the n-d array type
   * @param name the attribute's name, exactly as stored
   * @param arrayType the class of the array to fill, such as {@code double[][].class}
   * @return a new array of the attribute's shape
   * @throws IllegalArgumentException when the attribute is missing, the ranks differ or the
   *     elements do not convert
   * @throws IOException if the file cannot be read, or (as {@link io.h5j.format.H5FormatException})
   *     a structure read is malformed or unsupported
   */
  public <T> T getArray(String name, Class<T> arrayType) throws IOException {
    AttributeMessage m = message(name);
    long[] shape = m.dataspace().dims();
    if (!arrayType.isArray() || NdArrays.rank(arrayType) != shape.length
        || m.dataspace().kind() != Dataspace.Kind.SIMPLE) {
      throw new IllegalArgumentException(what(m) + " has shape " + NdArrays.text(shape)
          + " (" + m.dataspace().kind().toString().toLowerCase(java.util.Locale.ROOT) + "); "
          + arrayType.getSimpleName() + " does not fit it");
    }
    return arrayType.cast(NdArrays.reshape(typed(m, NdArrays.leafClass(arrayType)), shape));
  }

  private Object one(String name, Class<?> element) throws IOException {
    AttributeMessage m = message(name);
    Dataspace space = m.dataspace();
    if (space.kind() == Dataspace.Kind.NULL || space.elementCount() != 1) {
      throw new IllegalArgumentException(what(m) + " has " + (space.kind()
          == Dataspace.Kind.NULL ? "a null dataspace (no value)" : "shape "
          + NdArrays.text(space.dims())) + ", not one value; read it with get(name)");
    }
    return typed(m, element);
  }

  private Object typed(AttributeMessage m, Class<?> element) throws IOException {
    TypedValues.require(m.datatype(), element, what(m));
    return TypedValues.convert(flat(m), m.datatype(), element);
  }

  /** Every element of an attribute as a flat Java array (none for a null dataspace). */
  private Object flat(AttributeMessage m) throws IOException {
    int n = m.dataspace().kind() == Dataspace.Kind.NULL ? 0 : (int) m.dataspace().elementCount();
    return EngineCalls.call(node.file, () -> node.file.values().decode(m.datatype(), m.data(),
        n));
  }

  private String what(AttributeMessage m) {
    return "attribute '" + m.name() + "' of " + node.path();
  }
}
