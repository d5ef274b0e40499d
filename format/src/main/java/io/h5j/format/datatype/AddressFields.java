package io.h5j.format.datatype;

import io.h5j.format.H5FormatException;
import io.h5j.type.ArrayType;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.ReferenceType;
import io.h5j.type.VarLenType;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where stored elements of a datatype hold file addresses: the global heap ID of each
 * variable-length value and each reference (an object address, or the heap ID of a region or
 * revised reference). Walks elements stored one after another, looking into compound members
 * and array elements, and hands every such field to a visitor, which copies or checks what it
 * points to; nested variable-length data is the visitor's to walk (it lies in a heap object).
 */
public final class AddressFields {
  private AddressFields() {}

  /** Receives the address-holding fields of stored elements, at their byte position. */
  public interface Visitor {
    /** A variable-length value: length (u32), then its heap collection address and index. */
    void variableLength(VarLenType type, ByteBuffer elements, int at) throws IOException;

    /** A reference of {@code type}'s kind. */
    void reference(ReferenceType type, ByteBuffer elements, int at) throws IOException;
  }

  /** Whether elements of {@code t} hold anything that depends on where things are in a file. */
  public static boolean any(Datatype t) {
    return Datatypes.holdsAddresses(t);
  }

  /**
   * Whether elements of {@code t} hold references (object addresses), directly or inside
   * variable-length values.
   */
  public static boolean references(Datatype t) {
    if (t instanceof ReferenceType) {
      return true;
    } else if (t instanceof VarLenType v) {
      return v.base() != null && references(v.base());
    } else if (t instanceof CompoundType c) {
      return c.members().stream().anyMatch(m -> references(m.type()));
    } else if (t instanceof ArrayType a) {
      return references(a.base());
    }
    return false;
  }

  /**
   * Visits the address-holding fields of {@code count} elements of {@code t} stored one after
   * another from index 0 of {@code elements}.
   *
   * @throws H5FormatException if the elements do not fit in {@code elements}
   */
  public static void visit(Datatype t, ByteBuffer elements, long count, Visitor visitor)
      throws IOException {
    if (!any(t) || count == 0) {
      return;
    }
    if (count < 0 || t.size() <= 0 || count > elements.limit() / t.size()) {
      throw new H5FormatException("element data", -1, count + " elements of " + t.size()
          + " bytes do not fit in " + elements.limit() + " bytes");
    }
    visit(t, elements, 0, t.size(), (int) count, visitor);
  }

  private static void visit(Datatype t, ByteBuffer b, int off, int stride, int n, Visitor v)
      throws IOException {
    if (t instanceof CompoundType c) {
      for (CompoundType.Member m : c.members()) {
        if (any(m.type())) {
          visit(m.type(), b, off + m.offset(), stride, n, v);
        }
      }
    } else if (t instanceof ArrayType a) {
      for (int i = 0; i < n; i++) {
        visit(a.base(), b, off + i * stride, a.base().size(), a.elementCount(), v);
      }
    } else if (t instanceof VarLenType vl) {
      for (int i = 0; i < n; i++) {
        v.variableLength(vl, b, off + i * stride);
      }
    } else if (t instanceof ReferenceType r) {
      for (int i = 0; i < n; i++) {
        v.reference(r, b, off + i * stride);
      }
    }
  }
}
