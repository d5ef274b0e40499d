package io.h5j.format.chunk;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.List;
import java.util.TreeMap;

/**
 * The in-place edit of an array index (fixed or extensible): entries set and cleared one by
 * one, by array index, then the changed blocks written as one batch. What differs between the
 * two arrays is where a chunk's entry lies ({@link #element}) and which blocks hold it
 * ({@link #writes}).
 */
abstract class EntryUpdates {
  final FileAccess fa;
  final EntryCodec codec;
  /** The entries to write, by array index: a chunk, or null for an entry made undefined. */
  final TreeMap<Long, ChunkRecord> elements = new TreeMap<>();

  EntryUpdates(FileAccess fa, EntryCodec codec) {
    this.fa = fa;
    this.codec = codec;
  }

  /** The array index of the chunk at {@code offset}; an offset outside the array is misuse. */
  abstract long element(long[] offset);

  /** The writes that put {@link #elements} into the file. */
  abstract IndexWrites writes() throws IOException;

  final void set(ChunkRecord c) {
    codec.checkFits(c);
    elements.put(element(c.offsetRef()), c);
  }

  /**
   * Makes the entry of the chunk at {@code offset}, one the array holds, undefined: libhdf5
   * removes a chunk from either array so (a fixed array's entry becomes its fill element), and
   * never shrinks the array itself.
   */
  final void clear(long[] offset) {
    elements.put(element(offset), null);
  }

  /** The encoded entry of {@code c} (null: undefined). */
  final byte[] encode(ChunkRecord c) {
    ByteWriter w = new ByteWriter(fa.params(), codec.size());
    codec.encode(w, c);
    return w.toByteArray();
  }

  /** Sets {@code changed}, clears {@code removed} and writes; the index's new address. */
  final long apply(SpaceAllocator alloc, List<ChunkRecord> changed, List<long[]> removed,
      ChunkIndex.Barrier barrier) throws IOException {
    for (ChunkRecord c : changed) {
      set(c);
    }
    for (long[] offset : removed) {
      clear(offset);
    }
    return writes().perform(fa, alloc, barrier, List.of());
  }
}
