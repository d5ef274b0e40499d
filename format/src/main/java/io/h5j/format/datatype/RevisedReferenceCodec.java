package io.h5j.format.datatype;

import io.h5j.format.H5FormatException;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.VlenSink;
import io.h5j.format.heap.VlenSource;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.SelectionCodec;
import io.h5j.type.Endianness;
import io.h5j.type.ReferenceType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The stored form of HDF5 1.12+ references, as libhdf5 (1.12 to 2.0: {@code H5T__ref_disk_*},
 * {@code H5R__encode}) writes them; checked on files libhdf5 2.0 wrote
 * ({@code fixtures/revised-refs}).
 *
 * <p>Every element starts with the kind (u8: 2 object, 3 region, 4 attribute) and flags (u8: bit
 * 0 = the object is in another file). An object reference to this file holds its token in the
 * element: token size (u8), then the token, an object header address of that many bytes
 * (little-endian); the rest of the element is padding, which libhdf5 does not clear. Every
 * other reference holds the length (u32) of its encoded body and a global heap ID (address,
 * u32 index) of a heap object holding that body: token size and token, then the file name (u16
 * length + bytes) if external, then a region's selection (u32 byte count, u32 rank, the
 * selection encoding) or an attribute's name (u16 length + bytes). Bytes after the body are
 * slack. An element of kind 0 whose heap address is 0 is a null reference (all zeros).
 */
public final class RevisedReferenceCodec {
  /** The flag bit of a reference to an object in another file. */
  public static final int EXTERNAL = 1;
  /** Offset of the token size byte in an element holding its token. */
  public static final int INLINE_TOKEN_AT = 2;
  /** Offset of the body length (u32) in an element whose body is a heap object. */
  public static final int LENGTH_AT = 2;
  /** Offset of the global heap ID in an element whose body is a heap object. */
  public static final int HEAP_ID_AT = 6;

  private static final String ELEMENT = "revised reference element";
  private static final String BODY = "revised reference heap object";

  private RevisedReferenceCodec() {}

  /**
   * The stored parts of one element: where its token is.
   *
   * @param tokenSize for an element holding its token: the token's size, else 0
   * @param length for an element whose body is a heap object: the body's length, else 0
   * @param body the heap object holding the body, or null when the element holds the token
   */
  public record Stored(ReferenceType.Kind kind, boolean external, int tokenSize, long length,
      GlobalHeapId body) {}

  /**
   * Parses the head of the {@code size}-byte element at {@code raw[p]}: null for a null
   * reference.
   *
   * @throws H5FormatException for an unknown kind or flag, or parts that do not fit the element
   */
  public static Stored stored(byte[] raw, int p, int size, int offsetSize)
      throws H5FormatException {
    int heapRoom = HEAP_ID_AT + offsetSize + 4;
    if (size < 2) {
      throw new H5FormatException(ELEMENT, -1, "an element of " + size + " bytes");
    }
    int code = raw[p] & 0xff;
    int flags = raw[p + 1] & 0xff;
    if (code == 0) {
      if (size >= heapRoom && load(raw, p + HEAP_ID_AT, offsetSize) == 0) {
        return null;
      }
      throw new H5FormatException(ELEMENT, -1, "kind 0 (null) with a heap address");
    }
    ReferenceType.Kind kind = ReferenceType.Kind.ofCode(code);
    if (kind == null || !kind.revised()) {
      throw new H5FormatException(ELEMENT, -1, "reference kind " + code
          + " is not 2 (object), 3 (region) or 4 (attribute)");
    }
    if ((flags & ~EXTERNAL) != 0) {
      throw new H5FormatException(ELEMENT, -1, "unknown flags 0x" + Integer.toHexString(flags));
    }
    boolean external = (flags & EXTERNAL) != 0;
    if (kind == ReferenceType.Kind.OBJECT2 && !external) {
      int tokenSize = raw[p + INLINE_TOKEN_AT] & 0xff;
      if (tokenSize < 1 || tokenSize > 8 || INLINE_TOKEN_AT + 1 + tokenSize > size) {
        throw new H5FormatException(ELEMENT, -1, "token of " + tokenSize
            + " bytes in an element of " + size + " (1..8 bytes that fit)");
      }
      return new Stored(kind, false, tokenSize, 0, null);
    }
    if (size < heapRoom) {
      throw new H5FormatException(ELEMENT, -1, "an element of " + size
          + " bytes has no room for a length and a heap ID (" + heapRoom + ")");
    }
    long collection = load(raw, p + HEAP_ID_AT, offsetSize);
    if (collection == 0 || collection == -1) {
      throw new H5FormatException(ELEMENT, -1, kind + " reference without a heap object");
    }
    return new Stored(kind, external, 0, load(raw, p + LENGTH_AT, 4),
        new GlobalHeapId(collection, (int) load(raw, p + HEAP_ID_AT + offsetSize, 4)));
  }

  /** The body of a heap-held element, checked against the length the element states. */
  public static byte[] body(Stored s, VlenSource heap) throws IOException {
    GlobalHeapId id = s.body();
    byte[] body = heap.read(id.collectionAddress(), id.index());
    if (s.length() > body.length || s.length() < 2) {
      throw new H5FormatException(BODY, id.collectionAddress(), "object " + id.index()
          + " has " + body.length + " bytes; the element states " + s.length());
    }
    return body;
  }

  /** The size of the token at the start of a body (checked: 1..8 bytes, present). */
  public static int bodyTokenSize(byte[] body, long collection) throws H5FormatException {
    int tokenSize = body[0] & 0xff;
    if (tokenSize < 1 || tokenSize > 8 || 1 + tokenSize > body.length) {
      throw new H5FormatException(BODY, collection, "token of " + tokenSize
          + " bytes (1..8 that fit in " + body.length + ")");
    }
    return tokenSize;
  }

  /** Decodes the element at {@code raw[p]}: null for a null reference. */
  public static RevisedReference decode(byte[] raw, int p, int size, FileParams params,
      VlenSource heap) throws IOException {
    Stored s = stored(raw, p, size, params.offsetSize());
    if (s == null) {
      return null;
    }
    if (s.body() == null) {
      return RevisedReference.object(load(raw, p + INLINE_TOKEN_AT + 1, s.tokenSize()));
    }
    if (heap == null) {
      throw new IllegalArgumentException("region, attribute and external references need a"
          + " VlenSource");
    }
    long collection = s.body().collectionAddress();
    byte[] body = body(s, heap);
    ByteReader r = new ByteReader(body, 0, (int) s.length(), collection, BODY, params);
    int tokenSize = bodyTokenSize(body, collection);
    r.skip(1);
    long address = r.uN(tokenSize);
    String file = s.external() ? string(r) : null;
    switch (s.kind()) {
      case DATASET_REGION2: {
        long bytes = r.u32();
        long rank = r.u32();
        if (rank < 1 || rank > EncodedSelection.MAX_RANK || bytes > r.remaining()) {
          throw r.error("region of rank " + rank + " and " + bytes + " bytes (rank 1.."
              + EncodedSelection.MAX_RANK + ", " + r.remaining() + " bytes left)");
        }
        EncodedSelection sel = SelectionCodec.decode(
            r.slice((int) bytes, "selection of a revised region reference"), (int) rank);
        return new RevisedReference(s.kind(), address, file, (int) rank, sel, null);
      }
      case ATTRIBUTE:
        return new RevisedReference(s.kind(), address, file, 0, null, string(r));
      default:
        return new RevisedReference(s.kind(), address, file, 0, null, null);
    }
  }

  /**
   * Stores {@code ref} (null: a null reference) as the {@code size}-byte element at
   * {@code raw[p]} as libhdf5 does; a body (region, attribute, external) goes to {@code heap}.
   * Regions are encoded as libhdf5 1.10 reads selections ({@link SelectionCodec.Style#COMPAT}).
   *
   * @throws IllegalArgumentException if the element is smaller than size of offsets + 10, or a
   *     name is longer than 65535 bytes
   */
  public static void encode(RevisedReference ref, byte[] raw, int p, int size, FileParams params,
      VlenSink heap) throws IOException {
    int offsetSize = params.offsetSize();
    if (size < HEAP_ID_AT + offsetSize + 4) {
      throw new IllegalArgumentException("a revised reference needs " + (offsetSize + 10)
          + " bytes in a file of " + offsetSize + "-byte addresses; the type has " + size);
    }
    Arrays.fill(raw, p, p + size, (byte) 0);
    if (ref == null) {
      return;
    }
    raw[p] = (byte) ref.kind().code;
    raw[p + 1] = (byte) (ref.external() ? EXTERNAL : 0);
    if (ref.kind() == ReferenceType.Kind.OBJECT2 && !ref.external()) {
      raw[p + INLINE_TOKEN_AT] = (byte) offsetSize;
      store(ref.address(), raw, p + INLINE_TOKEN_AT + 1, offsetSize);
      return;
    }
    ByteWriter w = new ByteWriter(params);
    w.u8(offsetSize).uN(ref.address(), offsetSize);
    if (ref.external()) {
      string(w, ref.file());
    }
    if (ref.region() != null) {
      w.u32(SelectionCodec.encodedSize(ref.region(), SelectionCodec.Style.COMPAT)).u32(ref.rank());
      SelectionCodec.encode(ref.region(), SelectionCodec.Style.COMPAT, w);
    } else if (ref.attribute() != null) {
      string(w, ref.attribute());
    }
    byte[] body = w.toByteArray();
    GlobalHeapId id = heap.write(body);
    store(body.length, raw, p + LENGTH_AT, 4);
    store(id.collectionAddress(), raw, p + HEAP_ID_AT, offsetSize);
    store(id.index(), raw, p + HEAP_ID_AT + offsetSize, 4);
  }

  private static void string(ByteWriter w, String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    if (b.length > 0xffff) {
      throw new IllegalArgumentException("a name of " + b.length + " bytes in a reference"
          + " (at most 65535)");
    }
    w.u16(b.length).bytes(b);
  }

  private static void store(long v, byte[] raw, int p, int n) {
    Bits.storeLong(v, raw, p, n, Endianness.LITTLE_ENDIAN);
  }

  private static String string(ByteReader r) throws H5FormatException {
    return new String(r.bytes(r.u16()), StandardCharsets.UTF_8);
  }

  private static long load(byte[] raw, int p, int n) {
    return Bits.loadLong(raw, p, n, Endianness.LITTLE_ENDIAN);
  }
}
