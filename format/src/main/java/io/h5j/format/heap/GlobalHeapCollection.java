package io.h5j.format.heap;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A decoded global heap collection ("GCOL", version 1): its objects by index. Object 0, the
 * free space, is not kept.
 *
 * @param address HDF5 address of the collection
 * @param size collection size in bytes, header included
 * @param objects object data by index (1..65535), in index order
 */
public record GlobalHeapCollection(long address, long size, Map<Integer, byte[]> objects) {
  private static final String STRUCTURE = "global heap collection";

  /** Wraps the objects in an unmodifiable view. */
  public GlobalHeapCollection {
    objects = Collections.unmodifiableMap(new TreeMap<>(objects));
  }

  /**
   * Bytes of the collection header: signature, version, reserved, collection size, padded to
   * a multiple of 8 (libhdf5 aligns it; 16 bytes whatever the size of lengths).
   */
  public static int headerSize(FileParams p) {
    return aligned(8 + p.lengthSize());
  }

  /** Bytes of an object header: index, reference count, reserved, object size, padded to 8. */
  public static int objectHeaderSize(FileParams p) {
    return aligned(8 + p.lengthSize());
  }

  private static int aligned(int n) {
    return (n + 7) / 8 * 8;
  }

  /** The data of object {@code index}, or null when there is none. */
  public byte[] object(int index) {
    return objects.get(index);
  }

  /** Reads and decodes the collection at {@code address}. */
  public static GlobalHeapCollection read(FileAccess file, long address) throws IOException {
    long size = sizeAt(file, address);
    return decode(file.reader(address, size, STRUCTURE), address);
  }

  /** The size the collection header at {@code address} gives, checked against the file. */
  public static long sizeAt(FileAccess file, long address) throws IOException {
    return size(file.reader(address, headerSize(file.params()), STRUCTURE),
        file.size() - address);
  }

  /**
   * The size a collection header gives, checked: signature, version 1, room for the header,
   * no more than {@code available} bytes.
   *
   * @param h a window of at least {@link #headerSize} bytes at the collection's start
   * @param available bytes from the collection's start to the end of the file
   */
  public static long size(ByteReader h, long available) throws H5FormatException {
    FileParams p = h.params();
    long address = h.fileAddress();
    h.signature("GCOL");
    int version = h.u8();
    if (version != 1) {
      throw version > 1
          ? H5FormatException.tooNew(STRUCTURE, address, "unknown version " + version)
          : new H5FormatException(STRUCTURE, address, "unknown version " + version);
    }
    h.skip(3);
    long size = h.length();
    if (size < headerSize(p) || size > available) {
      throw new H5FormatException(STRUCTURE, address, "collection size " + size
          + " is impossible with " + available + " bytes from its start to the end of the file");
    }
    return size;
  }

  /**
   * Where the data of a collection's only object lie, relative to the collection's start.
   *
   * @param dataOffset where the object's data start
   * @param length the object's length
   * @param end where its data, padded to 8 bytes, end: the free space (if any) starts there
   */
  public record SoleObject(int dataOffset, int length, int end) {}

  /**
   * Object {@code index} of a collection, when it is the collection's only object; null when
   * the collection is empty, another object comes first or more objects follow it. Only the
   * object headers are read, so a copier can look at a large object where it lies.
   *
   * @param collection the whole collection (a view: only its object headers are copied), its
   *     header checked by {@link #size}
   * @param address the collection's address, for errors
   * @throws H5FormatException if the first object's length exceeds the collection
   */
  public static SoleObject soleObject(ByteBuffer collection, long address, FileParams p,
      int index) throws H5FormatException {
    int size = collection.limit();
    int objectAt = headerSize(p);
    int objHeader = objectHeaderSize(p);
    if (objectAt + objHeader > size) {
      return null;
    }
    ByteReader o = objectHeader(collection, objectAt, address, p);
    if (o.u16() != index) {
      return null;
    }
    o.skip(6); // reference count, reserved
    long length = o.length();
    int dataAt = objectAt + objHeader;
    if (length < 0 || length > size - dataAt) {
      throw new H5FormatException(STRUCTURE, address + objectAt, "object " + index
          + " length " + Long.toUnsignedString(length) + " exceeds the " + (size - dataAt)
          + " bytes left in the collection");
    }
    int end = dataAt + (int) ((length + 7) / 8 * 8);
    if (end + objHeader <= size && objectHeader(collection, end, address, p).u16() != 0) {
      return null;
    }
    return new SoleObject(dataAt, (int) length, end);
  }

  private static ByteReader objectHeader(ByteBuffer collection, int at, long address,
      FileParams p) {
    byte[] header = new byte[objectHeaderSize(p)];
    collection.get(at, header);
    return new ByteReader(header, address + at, STRUCTURE, p);
  }

  /**
   * Where object {@code index} of the collection at {@code address} lies, found by reading
   * the collection header and the object headers before it (one small read each) instead of
   * the whole collection: for a large object, such as a mapping block that has a collection
   * to itself, whose parts are read on their own.
   *
   * @param maxSteps most object headers to read before giving up
   * @return {address of the object's data, its length}, or null when the object was not found
   *     within {@code maxSteps} object headers (read the whole collection instead)
   * @throws H5FormatException when a header or length is malformed
   */
  public static long[] locate(FileAccess file, long address, int index, int maxSteps)
      throws IOException {
    FileParams p = file.params();
    long size = sizeAt(file, address);
    long end = address + size;
    long at = address + headerSize(p);
    int objHeader = objectHeaderSize(p);
    for (int step = 0; step < maxSteps && end - at >= objHeader; step++) {
      ByteReader o = file.reader(at, objHeader, STRUCTURE);
      int i = o.u16();
      o.skip(6);
      long len = o.length();
      long data = at + objHeader;
      if (i == 0) {
        return null; // the free space: no object after it
      }
      if (len < 0 || len > end - data) {
        throw new H5FormatException(STRUCTURE, at, "object " + i + " length "
            + Long.toUnsignedString(len) + " exceeds the " + (end - data)
            + " bytes left in the collection");
      }
      if (i == index) {
        return new long[] {data, len};
      }
      at = data + len + (8 - len % 8) % 8;
    }
    return null;
  }

  /**
   * Decodes a whole collection from {@code r}, whose window is exactly the collection.
   * Every object length is checked against the collection size.
   */
  public static GlobalHeapCollection decode(ByteReader r, long address)
      throws H5FormatException {
    FileParams p = r.params();
    r.signature("GCOL");
    int version = r.u8();
    if (version != 1) {
      throw r.versionError(version, 1, "unknown global heap collection version " + version);
    }
    r.skip(3);
    long size = r.length();
    r.skip(headerSize(p) - 8 - p.lengthSize());
    if (size != r.position() + r.remaining()) {
      throw r.error("collection size " + size + " does not match the "
          + (r.position() + r.remaining()) + " bytes read");
    }
    Map<Integer, byte[]> objects = new TreeMap<>();
    int objHeader = objectHeaderSize(p);
    while (r.remaining() >= objHeader) {
      long at = r.fileAddress();
      int index = r.u16();
      r.u16(); // reference count
      r.skip(4);
      long len = r.length();
      r.skip(objHeader - 8 - p.lengthSize());
      if (index == 0) {
        if (len < 0 || len > r.remaining() + objHeader) {
          throw new H5FormatException(STRUCTURE, at, "free space of " + len
              + " bytes exceeds the collection");
        }
        break;
      }
      if (len < 0 || len > r.remaining()) {
        throw new H5FormatException(STRUCTURE, at, "object " + index + " length "
            + Long.toUnsignedString(len) + " exceeds the " + r.remaining()
            + " bytes left in the collection");
      }
      if (objects.containsKey(index)) {
        throw new H5FormatException(STRUCTURE, at, "object index " + index + " appears twice");
      }
      objects.put(index, r.bytes((int) len));
      long pad = (8 - len % 8) % 8;
      r.skip(Math.min(pad, r.remaining()));
    }
    return new GlobalHeapCollection(address, size, objects);
  }

  /**
   * Encodes a collection of {@code size} bytes holding {@code objects} under their indexes,
   * with the unused rest as the free-space object 0 (reference counts written as 0).
   */
  public static byte[] encode(FileParams p, long size, Map<Integer, byte[]> objects) {
    ByteWriter w = new ByteWriter(p, (int) size);
    header(w, size);
    for (Map.Entry<Integer, byte[]> o : objects.entrySet()) {
      byte[] data = o.getValue();
      objectHeader(w, o.getKey(), data.length).bytes(data);
      w.zeros((8 - data.length % 8) % 8);
    }
    freeSpace(w, size);
    return w.toByteArray();
  }

  /** The collection header: signature, version 1, reserved, the collection's size. */
  static ByteWriter header(ByteWriter w, long size) {
    FileParams p = w.params();
    return w.ascii("GCOL").u8(1).zeros(3).length(size).zeros(headerSize(p) - 8 - p.lengthSize());
  }

  /** An object's header: index, reference count 0, reserved, size; its data follow. */
  static ByteWriter objectHeader(ByteWriter w, int index, long length) {
    FileParams p = w.params();
    return w.u16(index).u16(0).u32(0).length(length)
        .zeros(objectHeaderSize(p) - 8 - p.lengthSize());
  }

  /**
   * The rest of a collection of {@code size} bytes whose objects end at the writer's position:
   * the free-space object (index 0) when there is room for its header, zeros to the end.
   */
  static void freeSpace(ByteWriter w, long size) {
    long free = size - w.position();
    if (free >= objectHeaderSize(w.params())) {
      objectHeader(w, 0, free);
    }
    w.zeros((int) (size - w.position()));
  }
}
