package io.h5j.format.check;

import io.h5j.format.H5FormatException;
import io.h5j.format.datatype.AddressFields;
import io.h5j.format.datatype.RevisedReference;
import io.h5j.format.datatype.RevisedReferenceCodec;
import io.h5j.format.io.FileParams;
import io.h5j.type.Datatype;
import io.h5j.type.ReferenceType;
import io.h5j.type.VarLenType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Follows what stored elements point to (attribute values, fill values, compact data): each
 * variable-length value's heap object must exist and hold its length (nested values are
 * followed in turn), each reference must name an object header inside the file (queued to be
 * checked) or a heap object that does. A repack that copied such bytes without rewriting them
 * leaves exactly these dangling.
 */
final class ElementCheck {
  private final HeapObjects heap;
  private final FileBounds bounds;
  private final ObjectQueue objects;
  private final FileParams params;
  private final ProblemLog log;

  ElementCheck(HeapObjects heap, FileBounds bounds, ObjectQueue objects, FileParams params,
      ProblemLog log) {
    this.heap = heap;
    this.bounds = bounds;
    this.objects = objects;
    this.params = params;
    this.log = log;
  }

  /**
   * Checks {@code count} elements of {@code type} stored one after another in {@code data},
   * the {@code what} (e.g. "attribute 'x'") of the object at {@code path}.
   */
  void check(Datatype type, byte[] data, long count, String path, String what)
      throws IOException {
    if (!AddressFields.any(type)) {
      return;
    }
    Fields fields = new Fields(path, what);
    log.attempt(path, what, -1, () -> {
      try {
        AddressFields.visit(type, ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN), count,
            fields);
      } catch (AlreadyReported e) {
        // the heap object it needs is missing, and that was logged
      }
    });
  }

  /** Ends the walk of a value whose heap object is missing (already logged). */
  private static final class AlreadyReported extends IOException {
    private static final long serialVersionUID = 1L;

    AlreadyReported() {
      super("heap object missing, reported where found");
    }
  }

  /** The checks of one value's fields. */
  private final class Fields implements AddressFields.Visitor {
    private final String path;
    private final String what;
    private final int address = params.offsetSize();

    Fields(String path, String what) {
      this.path = path;
      this.what = what;
    }

    @Override
    public void variableLength(VarLenType type, ByteBuffer b, int at) throws IOException {
      if (type.size() != 4 + address + 4) {
        throw new H5FormatException("variable-length datatype of " + what, -1, "of "
            + type.size() + " bytes; with " + address + "-byte addresses it has "
            + (4 + address + 4));
      }
      long length = b.getInt(at) & 0xffffffffL;
      long collection = load(b, at + 4);
      if (collection == 0 || collection == -1) {
        return; // a null value
      }
      int index = b.getInt(at + 4 + address);
      byte[] object = heap.object(path, what, collection, index);
      if (object == null) {
        return;
      }
      int elementSize = type.string() ? 1 : Math.max(1, type.base().size());
      if (length > object.length / elementSize) {
        log.add(path, "variable-length value of " + what, collection, "holds " + length
            + " elements of " + elementSize + " bytes, its heap object " + index + " only "
            + object.length + " bytes");
        return;
      }
      if (!type.string() && AddressFields.any(type.base())) {
        AddressFields.visit(type.base(), ByteBuffer.wrap(object).order(ByteOrder.LITTLE_ENDIAN),
            length, this);
      }
    }

    @Override
    public void reference(ReferenceType type, ByteBuffer b, int at) throws IOException {
      switch (type.kind()) {
        case OBJECT -> object(load(b, at), "object reference of " + what, -1);
        case DATASET_REGION -> {
          long collection = load(b, at);
          if (collection == 0 || collection == -1) {
            return;
          }
          byte[] region = heap.object(path, "region reference of " + what,
              collection, b.getInt(at + address));
          if (region == null) {
            return;
          }
          if (region.length < address) {
            log.add(path, "region reference of " + what, collection, "heap object of "
                + region.length + " bytes holds no object address");
            return;
          }
          object(load(ByteBuffer.wrap(region).order(ByteOrder.LITTLE_ENDIAN), 0),
              "region reference of " + what, collection);
        }
        default -> {
          RevisedReference r = RevisedReferenceCodec.decode(b.array(), at, type.size(), params,
              (c, i) -> {
                byte[] o = heap.object(path, "reference of " + what, c, i);
                if (o == null) {
                  throw new AlreadyReported();
                }
                return o;
              });
          if (r != null && !r.external()) {
            object(r.address(), "reference of " + what, -1);
          }
        }
      }
    }

    private void object(long target, String structure, long where) {
      if (target == 0 || target == -1) {
        return; // a null reference
      }
      if (!bounds.contains(target)) {
        log.add(path, structure, where, "points to " + target
            + ", outside the file's allocated space");
        return;
      }
      objects.reach(target, "(object at " + target + ", referred to by " + what + " of "
          + path + ")");
    }

    private long load(ByteBuffer b, int at) {
      long v = 0;
      for (int i = address - 1; i >= 0; i--) {
        v = (v << 8) | (b.get(at + i) & 0xff);
      }
      return address < 8 && v == (1L << (8 * address)) - 1 ? -1 : v;
    }
  }
}
