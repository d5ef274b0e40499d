package io.h5j.format.chunk;

import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.List;

/**
 * The in-place edit of an array index (fixed or extensible): entries set and cleared one by
 * one, then the changed blocks written as one batch.
 */
interface EntryUpdates {
  void set(ChunkRecord c);

  void clear(long[] offset);

  IndexWrites writes() throws IOException;

  /** Sets {@code changed}, clears {@code removed} and writes; the index's new address. */
  default long apply(FileAccess fa, SpaceAllocator alloc, List<ChunkRecord> changed,
      List<long[]> removed, ChunkIndex.Barrier barrier) throws IOException {
    for (ChunkRecord c : changed) {
      set(c);
    }
    for (long[] offset : removed) {
      clear(offset);
    }
    return writes().perform(fa, alloc, barrier, List.of());
  }
}
