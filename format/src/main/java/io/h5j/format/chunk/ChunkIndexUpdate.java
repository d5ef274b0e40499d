package io.h5j.format.chunk;

import io.h5j.format.btree.BTreeV2Editor;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Adds chunks to an existing chunk index, or changes where indexed chunks lie, in place: the
 * cost is proportional to the chunks changed (and, for the B-trees, the depth of the tree),
 * never to the number indexed. The index's own address stays, so the layout message does not
 * change.
 *
 * <p>Crash safety: each structure is rewritten whole in one write, structures that would
 * lose entries are copied to new space rather than cut in place, and the writes are ordered
 * (see {@link IndexWrites}) so that a failure after any of them leaves an index that libhdf5
 * and h5j read and libhdf5 can go on editing, in which every chunk indexed before is found
 * once, where it was, a chunk being added is found or not, and a chunk being moved is found
 * at its old or its new place (both hold complete data, since a moved chunk's old space is
 * freed only after the update). The update is therefore atomic per chunk, not per flush: a
 * flush that moves several existing chunks and fails part way can leave some of them moved.
 * Chunks added past the dataset's extent stay invisible until the dataspace grows.
 */
public final class ChunkIndexUpdate {
  private ChunkIndexUpdate() {}

  /**
   * Called after the writes into new space and before the first write over an existing
   * structure: the caller records the grown end of allocation (the superblock), so that no
   * structure in the file points past it.
   */
  @FunctionalInterface
  public interface Barrier {
    void reach() throws IOException;
  }

  /**
   * Whether {@link #apply} updates this index in place: a v1 B-tree with a root node, an
   * extensible array, a fixed array, a v2 B-tree. Other indexes (single chunk, implicit, none
   * yet) are rewritten whole by {@link ChunkIndexWriter}.
   */
  public static boolean supports(ChunkIndex index) {
    return index instanceof BTreeV1ChunkIndex || index instanceof ExtensibleArrayIndex
        || index instanceof FixedArrayIndex || index instanceof BTreeV2ChunkIndex;
  }

  /**
   * Whether {@link #apply(FileAccess, SpaceAllocator, ChunkIndex, List, List, Barrier)}
   * removes chunks from this index in place: the arrays, whose entries of removed chunks
   * become undefined, and the B-trees, whose records leave their nodes as libhdf5 removes
   * them (a v2 B-tree only with merge parameters libhdf5 uses: {@link
   * BTreeV2Editor#canRemove}; others are rebuilt by the caller).
   */
  public static boolean supportsRemoval(ChunkIndex index) {
    return index instanceof ExtensibleArrayIndex || index instanceof FixedArrayIndex
        || index instanceof BTreeV1ChunkIndex
        || index instanceof BTreeV2ChunkIndex b && BTreeV2Editor.canRemove(b.tree());
  }

  /**
   * Adds each chunk to the index, or replaces the entry of the chunk at its offset.
   *
   * @param changed chunks on the dataset's grid and inside its maximum extent, each once
   * @return the index's new address if the update wrote it anew (see {@link
   *     #movesDurableIndex}), else -1: it stays where it was
   * @throws IllegalArgumentException if {@link #supports} is false for this index or a chunk
   *     does not fit it
   */
  public static long apply(FileAccess fa, SpaceAllocator alloc, ChunkIndex index,
      List<ChunkRecord> changed, Barrier barrier) throws IOException {
    return apply(fa, alloc, index, changed, List.of(), barrier);
  }

  /**
   * Whether {@link #apply} updates this index without writing over any structure that the
   * allocator keeps for a durable state (atomic flushes): a v2 B-tree, whose changed nodes
   * and header go to new space, so that the index moves. Others are rebuilt by the caller.
   */
  public static boolean movesDurableIndex(ChunkIndex index) {
    return index instanceof BTreeV2ChunkIndex;
  }

  /**
   * Adds or replaces the {@code changed} chunks and removes the entries of the chunks at the
   * {@code removed} offsets (chunks the index holds, none of them also changed). Removal is
   * atomic per chunk as a change is: an entry reads as the chunk or as no chunk. The removed
   * chunks' space is the caller's to free, after this returns.
   *
   * @throws IllegalArgumentException if removal is asked of an index that {@link
   *     #supportsRemoval} does not accept
   */
  public static long apply(FileAccess fa, SpaceAllocator alloc, ChunkIndex index,
      List<ChunkRecord> changed, List<long[]> removed, Barrier barrier) throws IOException {
    if (!removed.isEmpty() && !supportsRemoval(index)) {
      throw new IllegalArgumentException(index.getClass().getSimpleName()
          + " does not remove chunks in place");
    }
    IndexWrites writes;
    List<Extent> freeAfter = new ArrayList<>();
    if (index instanceof BTreeV1ChunkIndex b) {
      if (!removed.isEmpty()) { // a pass of its own: removals are written leaves first
        BTreeV1ChunkUpdater r = new BTreeV1ChunkUpdater(fa, alloc, b.geometry(), b.address(),
            b.k());
        for (long[] offset : removed) {
          r.remove(offset, freeAfter);
        }
        IndexWrites rw = r.writes(freeAfter);
        rw.perform(fa, barrier);
      }
      BTreeV1ChunkUpdater u = new BTreeV1ChunkUpdater(fa, alloc, b.geometry(), b.address(),
          b.k());
      for (ChunkRecord c : changed) {
        b.geometry().scaled(c.offsetRef());
        u.insert(c);
      }
      IndexWrites iw = u.writes(freeAfter);
      iw.perform(fa, barrier);
      Extent.freeAll(alloc, freeAfter); // nothing points there any more
      return -1;
    } else if (index instanceof ExtensibleArrayIndex ea) {
      ExtensibleArrayUpdater u = new ExtensibleArrayUpdater(fa, alloc, ea);
      for (ChunkRecord c : changed) {
        u.set(c);
      }
      for (long[] offset : removed) {
        u.clear(offset);
      }
      writes = u.writes();
    } else if (index instanceof FixedArrayIndex fixed) {
      FixedArrayUpdater u = new FixedArrayUpdater(fa, alloc, fixed);
      for (ChunkRecord c : changed) {
        u.set(c);
      }
      for (long[] offset : removed) {
        u.clear(offset);
      }
      writes = u.writes();
    } else if (index instanceof BTreeV2ChunkIndex bt) {
      writes = BTreeV2ChunkUpdate.writes(fa, alloc, bt, changed, removed, freeAfter);
    } else {
      throw new IllegalArgumentException(index.getClass().getSimpleName()
          + " is not updated in place");
    }
    writes.perform(fa, barrier);
    Extent.freeAll(alloc, freeAfter); // nothing points there any more
    return writes.movedTo();
  }
}
