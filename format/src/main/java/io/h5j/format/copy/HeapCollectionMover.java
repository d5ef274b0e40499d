package io.h5j.format.copy;

import io.h5j.format.H5FormatException;
import io.h5j.format.heap.GlobalHeapCollection;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.GlobalHeapWriter;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;

/**
 * Moves global heap collections that hold a single object from one file to another as bytes:
 * looked at through a view of the mapped input and copied by the kernel, with nothing decoded
 * or re-encoded. libhdf5 gives every heap object larger than its 4 KiB minimum a collection
 * of its own, so in a versioned file nearly every virtual dataset's mapping block travels
 * this way. The object
 * keeps its index; only the collection's address changes. Collections holding more than one
 * object, or more free space than a minimum-sized collection, are left to the caller (which
 * copies them object by object, leaving free space behind).
 */
final class HeapCollectionMover {
  /** Larger collections are left to the caller rather than viewed whole. */
  private static final int MAX_MOVED = MappedInput.MAX_VIEW;
  private static final String STRUCTURE = "global heap collection";

  /** Looks at the object about to be moved and says whether it may go as it is. */
  interface Check {
    boolean accept(ByteBuffer object) throws IOException;
  }

  private final ByteRuns runs;
  private final SpaceAllocator allocator;
  /** IN's sizes (those of the collection and object sizes). */
  private final FileParams params;
  private final int headerSize;
  /** The input's size (it is opened read-only and does not change under a repack). */
  private final long inSize;
  /** New addresses of the collections moved so far, by old address. */
  private final Map<Long, Long> moved = new HashMap<>();

  /**
   * @param in the input (for its size and the sizes of its heap structures)
   * @param runs what reads IN and copies collections into OUT
   * @param allocator where the moved collections go in OUT
   */
  HeapCollectionMover(FileAccess in, ByteRuns runs, SpaceAllocator allocator)
      throws IOException {
    this.runs = runs;
    this.allocator = allocator;
    this.params = in.params();
    this.headerSize = GlobalHeapCollection.headerSize(params);
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
    ByteBuffer b = collection(address);
    if (b == null) {
      return null;
    }
    // an empty collection, another object first or more objects: the caller explains them
    GlobalHeapCollection.SoleObject o = GlobalHeapCollection.soleObject(b, address, params,
        index);
    if (o == null) {
      return null;
    }
    if (o.end() < b.limit() - GlobalHeapWriter.MIN_COLLECTION_SIZE) {
      return null; // mostly free space, which is not moved along
    }
    if (!check.accept(b.slice(o.dataOffset(), o.length()).order(ByteOrder.LITTLE_ENDIAN))) {
      return null;
    }
    Long done = moved.get(address);
    if (done == null) {
      done = allocator.allocate(b.limit());
      runs.move(address, done, b.limit(), STRUCTURE);
      moved.put(address, done);
    }
    return new GlobalHeapId(done, index);
  }

  /**
   * A view of the collection at {@code address}, as long as its header says, or null when it
   * is too large to move this way.
   */
  private ByteBuffer collection(long address) throws IOException {
    long available = inSize - address;
    if (address < 0 || available < headerSize) {
      throw new H5FormatException(STRUCTURE, address, "is outside the file of " + inSize
          + " bytes");
    }
    byte[] header = new byte[headerSize];
    runs.view(address, headerSize, STRUCTURE).get(0, header);
    long size = GlobalHeapCollection.size(new ByteReader(header, address, STRUCTURE, params),
        available);
    if (size > MAX_MOVED) {
      return null;
    }
    return runs.view(address, (int) size, STRUCTURE);
  }
}
