package io.h5j.cli;

import io.h5j.Attribute;
import io.h5j.type.Dataspace;

/**
 * Writes values in one dialect: a dataset's as they are read, slab by slab, and an
 * attribute's (read whole: attributes are small).
 */
final class ValueWriter {
  private final DumpOutput out;
  private final ElementFormat format;

  ValueWriter(DumpOutput out, ElementFormat format) {
    this.out = out;
    this.format = format;
  }

  /**
   * Writes {@code prefix} and the dataset's values nested by its shape, pulling them slab by
   * slab; nothing at all when the first slab cannot be read. When a later slab cannot be
   * read, the brackets still open are closed if {@code closeWhenCut} (an array shorter than
   * the shape), else left as written.
   *
   * @return whether every value was written
   */
  boolean dataset(DatasetValues values, String prefix, boolean closeWhenCut) {
    DatasetValues.Slab slab = values.next();
    if (slab == null && values.failure().isPresent()) {
      return false;
    }
    out.append(prefix);
    NestedArrayWriter nested = new NestedArrayWriter(out, format, values.dims(),
        values.type());
    nested.begin();
    for (; slab != null; slab = values.next()) {
      nested.write(slab.values(), slab.count());
    }
    if (nested.complete()) {
      return true;
    }
    if (closeWhenCut) {
      nested.close();
    }
    return false;
  }

  /** The attribute's value: a scalar bare, an array nested by its shape, null for NULL. */
  void attribute(Attribute a) {
    Object value = a.value();
    if (value == null) {
      out.append("null");
    } else if (a.dataspace().kind() == Dataspace.Kind.SCALAR) {
      format.element(out, value, a.datatype());
    } else {
      NestedArrayWriter nested = new NestedArrayWriter(out, format, a.dataspace().dims(),
          a.datatype());
      nested.begin();
      nested.write(value, java.lang.reflect.Array.getLength(value));
    }
  }

  /** {@code s} quoted and escaped. */
  void quote(String s) {
    format.quote(out, s);
  }
}
