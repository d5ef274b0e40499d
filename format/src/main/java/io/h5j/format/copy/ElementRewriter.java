package io.h5j.format.copy;

import io.h5j.format.H5FormatException;
import io.h5j.format.datatype.AddressFields;
import io.h5j.format.datatype.RevisedReferenceCodec;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.VlenSink;
import io.h5j.format.heap.VlenSource;
import io.h5j.type.Datatype;
import io.h5j.type.ReferenceType;
import io.h5j.type.VarLenType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Makes element bytes of one file valid in another: the global heap objects that
 * variable-length elements, region references and revised (HDF5 1.12+) references point to are
 * copied into the new file's heap (nested variable-length data first), and object references
 * are translated to the new addresses (the token of a revised reference is an object header
 * address; one that points into another file is kept). Everything else in an element is left
 * as it is. Both files use the same size of offsets (IN's), so every element keeps its size.
 */
final class ElementRewriter {
  /** Translates an object header address of the old file into one of the new file. */
  interface AddressMap {
    long translate(long oldAddress) throws IOException;
  }

  /** Bytes of an address in both files. */
  private final int address;
  private final VlenSource inHeap;
  private final VlenSink outHeap;
  private final AddressMap addresses;

  ElementRewriter(int offsetSize, VlenSource inHeap, VlenSink outHeap, AddressMap addresses) {
    this.address = offsetSize;
    this.inHeap = inHeap;
    this.outHeap = outHeap;
    this.addresses = addresses;
  }

  /** Whether elements of {@code t} hold anything that depends on where things are in a file. */
  static boolean needed(Datatype t) {
    return AddressFields.any(t);
  }

  /**
   * Whether elements of {@code t} hold object addresses (references), which can be translated
   * only once the objects they name are copied; other rewrites can be done at once.
   */
  static boolean holdsReferences(Datatype t) {
    return AddressFields.references(t);
  }

  /** Rewrites {@code count} elements of {@code t} stored one after another in {@code raw}. */
  void rewrite(Datatype t, byte[] raw, int count) throws IOException {
    AddressFields.visit(t, ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN), count, fields);
  }

  private final AddressFields.Visitor fields = new AddressFields.Visitor() {
    @Override
    public void variableLength(VarLenType type, ByteBuffer elements, int at)
        throws IOException {
      checkSize(type, 4 + address + 4);
      vlen(type, elements, at);
    }

    @Override
    public void reference(ReferenceType type, ByteBuffer elements, int at) throws IOException {
      ElementRewriter.this.reference(type, elements, at);
    }
  };

  private void vlen(VarLenType v, ByteBuffer b, int p) throws IOException {
    long length = b.getInt(p) & 0xffffffffL;
    long collection = SizedFields.get(b, p + 4, address);
    if (collection == 0 || collection == -1) {
      return; // null: no heap object (an empty value may still have one, copied below)
    }
    int index = b.getInt(p + 4 + address);
    if (v.string() || !needed(v.base())) {
      store(b, p + 4, outHeap.write(inHeap.read(collection, index)));
      return;
    }
    byte[] object = copied(collection, index);
    if (length > object.length / Math.max(1, v.base().size())) {
      throw new H5FormatException("variable-length element", collection, "holds " + length
          + " elements of " + v.base().size() + " bytes in a heap object of "
          + object.length);
    }
    AddressFields.visit(v.base(), ByteBuffer.wrap(object).order(ByteOrder.LITTLE_ENDIAN),
        length, fields);
    store(b, p + 4, outHeap.write(object));
  }

  private void reference(ReferenceType r, ByteBuffer b, int p) throws IOException {
    switch (r.kind()) {
      case OBJECT -> {
        checkRoom(r, address);
        long old = SizedFields.get(b, p, address);
        if (old != 0 && old != -1) {
          SizedFields.put(b, p, addresses.translate(old), address);
        }
      }
      case DATASET_REGION -> {
        checkRoom(r, address + 4);
        long collection = SizedFields.get(b, p, address);
        if (collection == 0 || collection == -1) {
          return;
        }
        byte[] object = copied(collection, b.getInt(p + address));
        if (object.length < address) {
          throw new H5FormatException("region reference", collection, "heap object of "
              + object.length + " bytes is too short for an object address");
        }
        ByteBuffer o = ByteBuffer.wrap(object).order(ByteOrder.LITTLE_ENDIAN);
        SizedFields.put(o, 0, addresses.translate(SizedFields.get(o, 0, address)), address);
        store(b, p, outHeap.write(object));
      }
      default -> revised(r, b, p);
    }
  }

  /**
   * A revised reference: an object reference to this file holds its token in the element;
   * every other kind holds it at the start of a heap object, which is copied.
   */
  private void revised(ReferenceType r, ByteBuffer b, int p) throws IOException {
    RevisedReferenceCodec.Stored s = RevisedReferenceCodec.stored(b.array(), p, r.size(), address);
    if (s == null) {
      return;
    }
    if (s.body() == null) {
      translateToken(b, p + RevisedReferenceCodec.INLINE_TOKEN_AT + 1, s.tokenSize(), -1);
      return;
    }
    byte[] body = RevisedReferenceCodec.body(s, this::copied);
    if (!s.external()) {
      long collection = s.body().collectionAddress();
      translateToken(ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN), 1,
          RevisedReferenceCodec.bodyTokenSize(body, collection), collection);
    }
    store(b, p + RevisedReferenceCodec.HEAP_ID_AT, outHeap.write(body));
  }

  /**
   * A heap object of the input, copied: it is rewritten in place, while the reader keeps its
   * bytes cached and other elements may name the same object (h5py, for one, writes a region
   * reference it was given as the same heap ID again), which must not be translated twice.
   */
  private byte[] copied(long collection, int index) throws IOException {
    return inHeap.read(collection, index).clone();
  }

  private void translateToken(ByteBuffer b, int at, int tokenSize, long where)
      throws IOException {
    if (tokenSize != address) {
      throw new H5FormatException("revised reference", where, "a token of " + tokenSize
          + " bytes in a file of " + address + "-byte addresses");
    }
    SizedFields.put(b, at, addresses.translate(SizedFields.get(b, at, address)), address);
  }

  private void store(ByteBuffer b, int p, GlobalHeapId id) {
    SizedFields.put(b, p, id.collectionAddress(), address);
    b.putInt(p + address, id.index());
  }

  /**
   * libhdf5 1.10 stores an object reference in 8 bytes and a region reference in 12 whatever
   * the size of offsets: the address (and heap index) first, zeros after.
   */
  private void checkRoom(ReferenceType t, int needed) throws H5FormatException {
    if (t.size() < needed) {
      throw new H5FormatException("datatype", -1, "a reference of " + t.size()
          + " bytes has no room for " + needed + " bytes of address and heap index");
    }
  }

  private void checkSize(Datatype t, int expected) throws H5FormatException {
    if (t.size() != expected) {
      throw new H5FormatException("datatype", -1, "a " + t.getClass().getSimpleName()
          + " of " + t.size() + " bytes; with " + address + "-byte addresses it has "
          + expected);
    }
  }
}
