package io.h5j.format.chunk;

import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.List;

/**
 * The array indexes (fixed and extensible): both add, move and remove chunks in place by
 * rewriting the entries of the blocks that hold them ({@link EntryUpdates}).
 */
sealed interface ArrayChunkIndex extends ChunkIndex permits FixedArrayIndex,
    ExtensibleArrayIndex {

  /** A new, empty edit of this index that allocates from {@code alloc}. */
  EntryUpdates updates(SpaceAllocator alloc);

  @Override
  default boolean canUpdate() {
    return true;
  }

  /** Yes: a removed chunk's entry becomes undefined; the array itself never shrinks. */
  @Override
  default boolean canRemove() {
    return true;
  }

  @Override
  default long update(SpaceAllocator alloc, List<ChunkRecord> changed, List<long[]> removed,
      Barrier barrier) throws IOException {
    return updates(alloc).apply(alloc, changed, removed, barrier);
  }
}
