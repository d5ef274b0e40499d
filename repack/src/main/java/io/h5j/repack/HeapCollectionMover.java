package io.h5j.repack;

import io.h5j.H5FormatException;
import io.h5j.format.heap.GlobalHeapCollection;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.GlobalHeapWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;

/**
 * Moves global heap collections that hold a single object from one file to another as bytes:
 * one read into a reused buffer and one write, with nothing decoded or re-encoded. libhdf5
 * gives every heap object larger than its 4 KiB minimum a collection of its own, so in a
 * versioned file nearly every virtual dataset's mapping block travels this way. The object
 * keeps its index; only the collection's address changes. Collections holding more than one
 * object, or more free space than a minimum-sized collection, are left to the caller (which
 * copies them object by object, leaving free space behind).
 */
final class HeapCollectionMover {
  /** Larger collections are left to the caller rather than buffered whole. */
  private static final int MAX_MOVED = 64 << 20;
  private static final String STRUCTURE = "global heap collection";

  /** Looks at the object about to be moved and says whether it may go as it is. */
  interface Check {
    boolean accept(ByteBuffer object) throws IOException;
  }

  private final FileAccess in;
  private final FileAccess out;
  private final SpaceAllocator allocator;
  private final int headerSize;
  private final int objectHeaderSize;
  /** The input's size (it is opened read-only and does not change under a repack). */
  private final long inSize;
  /** New addresses of the collections moved so far, by old address. */
  private final Map<Long, Long> moved = new HashMap<>();
  private ByteBuffer buffer = ByteBuffer.allocateDirect(GlobalHeapWriter.MIN_COLLECTION_SIZE)
      .order(ByteOrder.LITTLE_ENDIAN);

  HeapCollectionMover(FileAccess in, FileAccess out, SpaceAllocator allocator)
      throws IOException {
    this.in = in;
    this.out = out;
    this.allocator = allocator;
    this.headerSize = GlobalHeapCollection.headerSize(in.params());
    this.objectHeaderSize = GlobalHeapCollection.objectHeaderSize(in.params());
    this.inSize = in.size();
  }

  /**
   * Moves the collection at {@code address} if object {@code index} is all it holds and
   * {@code check} accepts that object (a view of its bytes), and returns the object's ID in
   * the output; null when the collection is left to the caller. A collection moved before is
   * not written again, but its object is checked again.
   *
   * @throws H5FormatException if the collection is malformed
   */
  GlobalHeapId move(long address, int index, Check check) throws IOException {
    int size = readCollection(address);
    if (size < 0) {
      return null;
    }
    ByteBuffer b = buffer;
    int objectAt = headerSize;
    if (objectAt + objectHeaderSize > size || (b.getShort(objectAt) & 0xffff) != index) {
      return null; // an empty collection, or another object first: the caller explains it
    }
    long length = b.getLong(objectAt + 8);
    int dataAt = objectAt + objectHeaderSize;
    if (length < 0 || length > size - dataAt) {
      throw new H5FormatException(STRUCTURE, address + objectAt, "object " + index
          + " length " + Long.toUnsignedString(length) + " exceeds the " + (size - dataAt)
          + " bytes left in the collection");
    }
    int end = dataAt + (int) ((length + 7) / 8 * 8);
    if (end + objectHeaderSize <= size && b.getShort(end) != 0) {
      return null; // more objects follow
    }
    if (end < size - GlobalHeapWriter.MIN_COLLECTION_SIZE) {
      return null; // mostly free space, which is not moved along
    }
    if (!check.accept(b.slice(dataAt, (int) length).order(ByteOrder.LITTLE_ENDIAN))) {
      return null;
    }
    Long done = moved.get(address);
    if (done == null) {
      done = write(size);
      moved.put(address, done);
    }
    return new GlobalHeapId(done, index);
  }

  /**
   * Reads the collection at {@code address} into the buffer and returns its size, or -1 when
   * it is too large to buffer.
   */
  private int readCollection(long address) throws IOException {
    long available = inSize - address;
    if (address < 0 || available < headerSize) {
      throw new H5FormatException(STRUCTURE, address, "is outside the file of " + inSize
          + " bytes");
    }
    // most collections are of the minimum size: read that much at once, the rest if needed
    int have = (int) Math.min(GlobalHeapWriter.MIN_COLLECTION_SIZE, available);
    ByteBuffer b = buffer.clear().limit(have);
    in.read(address, b, STRUCTURE);
    if (b.getInt(0) != 0x4c4f4347 /* "GCOL" */ || b.get(4) != 1) {
      throw new H5FormatException(STRUCTURE, address, "has no GCOL signature of version 1");
    }
    long size = b.getLong(8);
    if (size < headerSize || size > available) {
      throw new H5FormatException(STRUCTURE, address, "collection size " + size
          + " is impossible in a file of " + inSize + " bytes");
    }
    if (size > MAX_MOVED) {
      return -1;
    }
    if (size > b.capacity()) {
      ByteBuffer bigger = ByteBuffer.allocateDirect(Integer.highestOneBit((int) size - 1) << 1)
          .order(ByteOrder.LITTLE_ENDIAN);
      bigger.put(b.flip());
      buffer = bigger;
      b = bigger;
    }
    if (size > have) {
      in.read(address + have, b.limit((int) size).position(have), STRUCTURE);
    }
    return (int) size;
  }

  /** Writes the buffered collection of {@code size} bytes into new space. */
  private long write(int size) throws IOException {
    long address = allocator.allocate(size);
    out.write(address, buffer.position(0).limit(size));
    return address;
  }
}
