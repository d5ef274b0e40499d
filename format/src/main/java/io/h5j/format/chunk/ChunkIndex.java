package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.superblock.Superblock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The index of a chunked dataset's chunks, and the operations on it (libhdf5's {@code
 * H5D_chunk_ops_t}): which chunks are allocated, where they lie and how many bytes they
 * occupy ({@link #find}, {@link #forEach}, {@link #count}); adding, moving and removing
 * chunks in place ({@link #update}); the same index over a resized dataset ({@link
 * #resized}); freeing it ({@link #delete}); writing it anew for relocated chunks ({@link
 * #copyTo}). One implementation per index type of the data layout message, which owns its
 * reading, updating and writing; {@link ChunkIndexType} goes from the layout's type to it.
 * Each verifies signatures and checksums, checks every address and count against the file,
 * and reports damage as {@link H5FormatException}.
 *
 * <p>Crash safety of {@link #update}: each structure is rewritten whole in one write,
 * structures that would lose entries are copied to new space rather than cut in place, and
 * the writes are ordered (see {@link IndexWrites}) so that a failure after any of them leaves
 * an index that libhdf5 and h5j read and libhdf5 can go on editing, in which every chunk
 * indexed before is found once, where it was, a chunk being added is found or not, and a
 * chunk being moved is found at its old or its new place (both hold complete data, since a
 * moved chunk's old space is freed only after the update). The update is therefore atomic
 * per chunk, not per flush: a flush that moves several existing chunks and fails part way can
 * leave some of them moved. Chunks added past the dataset's extent stay invisible until the
 * dataspace grows.
 *
 * <pre>{@code
 * ChunkIndex idx = ChunkIndex.open(fa, layout, dataspace, pipelinePresent);
 * idx.forEach(c -> System.out.println(c));
 * Optional<ChunkRecord> c = idx.find(new long[] {0, 64});
 * if (idx.canUpdate()) idx.update(alloc, List.of(moved), List.of(), () -> {});
 * }</pre>
 */
public sealed interface ChunkIndex permits EmptyChunkIndex, SingleChunkIndex,
    ImplicitChunkIndex, ArrayChunkIndex, BTreeV2ChunkIndex, BTreeV1ChunkIndex {

  /**
   * Index type 0 of {@link LayoutMessage.Chunked}: the version 1 B-tree (layout v1-3). These
   * values of the layout field are the {@link ChunkIndexType#code()} of each type.
   */
  int V1_BTREE = 0;
  int SINGLE_CHUNK = 1;
  int IMPLICIT = 2;
  int FIXED_ARRAY = 3;
  int EXTENSIBLE_ARRAY = 4;
  int V2_BTREE = 5;

  /**
   * Called by {@link #update} after the writes into new space and before the first write
   * over an existing structure: the caller records the grown end of allocation (the
   * superblock), so that no structure in the file points past it.
   */
  @FunctionalInterface
  interface Barrier {
    void reach() throws IOException;
  }

  /**
   * Opens the index a layout message describes. Nothing beyond the index's header is read.
   *
   * @param filtered whether the dataset has a filter pipeline (chunks then carry a stored
   *     size and filter mask of their own)
   */
  static ChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, Dataspace space,
      boolean filtered) throws IOException {
    return open(fa, layout, space, filtered, Superblock.DEFAULT_CHUNK_INTERNAL_K);
  }

  /**
   * Opens the index a layout message describes, in a file whose superblock gives
   * {@code v1K} as the indexed storage internal node K: a v1 B-tree's nodes then occupy
   * {@code 2 * v1K} children and {@code 2 * v1K + 1} keys each (this matters only to {@link
   * #extents()} and updates). See {@link ChunkIndexType#open}.
   */
  static ChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, Dataspace space,
      boolean filtered, int v1K) throws IOException {
    return ChunkIndexType.open(fa, layout, space, filtered, v1K);
  }

  /** The index type of the layout message. */
  ChunkIndexType type();

  /** The chunk grid this index numbers chunks over. */
  ChunkGeometry geometry();

  /** Visits every allocated chunk, without reading chunk data, in the index's own order. */
  void forEach(ChunkVisitor visitor) throws IOException;

  /**
   * The chunk whose first element is at {@code chunkOffset} (element coordinates, a multiple
   * of the chunk dimensions), or empty if that chunk is not allocated. O(1) reads for the
   * array indexes, one root-to-leaf path for the B-trees.
   *
   * @throws IllegalArgumentException if the offset has the wrong rank or is off the grid
   */
  Optional<ChunkRecord> find(long[] chunkOffset) throws IOException;

  /**
   * Every byte range the index's own structures occupy, the chunks themselves excluded,
   * sorted by address and disjoint, each of the size it was allocated with (so that the
   * index can be freed once nothing points at it): the header, data block and pages of a
   * fixed array; the header, index block, super blocks, data blocks and pages of an
   * extensible array; the header and nodes of a v2 B-tree; the nodes of a v1 B-tree. Empty
   * for single chunk, implicit and empty indexes, which have no structures of their own.
   * Reads and verifies the structures that hold addresses of others.
   *
   * @throws H5FormatException if a structure is damaged, ranges overlap or leave the file
   */
  List<Extent> extents() throws IOException;

  /** Number of allocated chunks. */
  default long count() throws IOException {
    long[] n = {0};
    forEach(c -> n[0]++);
    return n[0];
  }

  /** Whether the index exists in the file (false for a dataset with no chunk written yet). */
  default boolean isAllocated() {
    return true;
  }

  /**
   * Whether {@link #update} adds and moves chunks in this index in place: a v1 B-tree, an
   * extensible array, a fixed array, a v2 B-tree. Other indexes (single chunk, implicit, none
   * yet) are written whole anew ({@link ChunkIndexType#write}).
   */
  default boolean canUpdate() {
    return false;
  }

  /**
   * Whether {@link #update} also removes chunks from this index in place: the arrays, whose
   * entries of removed chunks become undefined, and the B-trees, whose records leave their
   * nodes as libhdf5 removes them (a v2 B-tree only with merge parameters libhdf5 uses;
   * others are rebuilt by the caller).
   */
  default boolean canRemove() {
    return false;
  }

  /**
   * Whether {@link #update} leaves every structure that the allocator keeps for a durable
   * state (atomic flushes) as it was: a v2 B-tree, whose changed nodes and header go to new
   * space, so that the index moves. Others are rebuilt by the caller.
   */
  default boolean movesWhenUpdated() {
    return false;
  }

  /**
   * Adds each {@code changed} chunk to the index or replaces the entry of the chunk at its
   * offset, and removes the entries of the chunks at the {@code removed} offsets (chunks the
   * index holds, none of them also changed), at a cost proportional to the chunks changed
   * (and, for the B-trees, the depth of the tree), never to the number indexed. Removal is
   * atomic per chunk as a change is: an entry reads as the chunk or as no chunk. The removed
   * chunks' space is the caller's to free, after this returns; the space of structures the
   * update replaced is freed here. This object describes the index as it was: open it anew
   * to read the result.
   *
   * @param changed chunks on the dataset's grid and inside its maximum extent, each once
   * @return the index's new address if the update wrote it anew (see {@link
   *     #movesWhenUpdated}), else -1: it stays where it was, the layout message unchanged
   * @throws IllegalArgumentException if {@link #canUpdate} is false for this index, or
   *     {@link #canRemove} and chunks are to be removed, or a chunk does not fit the index
   */
  default long update(SpaceAllocator alloc, List<ChunkRecord> changed, List<long[]> removed,
      Barrier barrier) throws IOException {
    throw new IllegalArgumentException(getClass().getSimpleName()
        + " is not updated in place");
  }

  /**
   * The same index over the dataset with the extent {@code space} (same rank and maximum
   * dimensions): no index type numbers chunks by the current extent, so nothing is written;
   * the chunks a shrink leaves outside stay indexed until {@link #update} removes them.
   *
   * @throws IllegalArgumentException if the rank or the maximum dimensions differ, or the
   *     index type cannot describe the new extent
   */
  ChunkIndex resized(Dataspace space);

  /**
   * Frees the index's structures and every chunk it indexes (libhdf5's delete), once nothing
   * points at them any more.
   */
  default void delete(SpaceAllocator alloc) throws IOException {
    List<Extent> space = new ArrayList<>(extents());
    forEach(c -> space.add(new Extent(c.address(), Math.max(1, c.storedSize()))));
    Extent.freeAll(alloc, space);
  }

  /**
   * Writes an index of this type in {@code fa} over {@code chunks}, this index's chunks
   * copied to new places there (libhdf5's copy: create, then an insert per chunk).
   */
  default WrittenIndex copyTo(FileAccess fa, SpaceAllocator alloc, List<ChunkRecord> chunks,
      boolean filtered, IndexOptions options) throws IOException {
    return type().write(fa, alloc, geometry(), filtered, chunks, options);
  }
}
