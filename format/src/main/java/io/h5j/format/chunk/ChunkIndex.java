package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.superblock.Superblock;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The index of a chunked dataset's chunks: which chunks are allocated, where they lie and
 * how many bytes they occupy. One implementation per index type of the data layout message;
 * each verifies signatures and checksums, checks every address and count against the file,
 * and reports damage as {@link H5FormatException}.
 *
 * <pre>{@code
 * ChunkIndex idx = ChunkIndex.open(fa, layout, dataspace, pipelinePresent);
 * idx.forEach(c -> System.out.println(c));
 * Optional<ChunkRecord> c = idx.find(new long[] {0, 64});
 * }</pre>
 */
public sealed interface ChunkIndex permits EmptyChunkIndex, SingleChunkIndex,
    ImplicitChunkIndex, FixedArrayIndex, ExtensibleArrayIndex, BTreeV2ChunkIndex,
    BTreeV1ChunkIndex {

  /** Index type 0 of {@link LayoutMessage.Chunked}: the version 1 B-tree (layout v1-3). */
  int V1_BTREE = 0;
  int SINGLE_CHUNK = 1;
  int IMPLICIT = 2;
  int FIXED_ARRAY = 3;
  int EXTENSIBLE_ARRAY = 4;
  int V2_BTREE = 5;

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
   * #extents()}).
   */
  static ChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, Dataspace space,
      boolean filtered, int v1K) throws IOException {
    ChunkGeometry g = ChunkGeometry.of(layout, space, fa.params());
    if (!FileParams.isDefined(layout.indexAddress())) {
      return new EmptyChunkIndex(g);
    }
    return switch (layout.indexType()) {
      case V1_BTREE -> BTreeV1ChunkIndex.open(fa, layout.indexAddress(), g, v1K);
      case SINGLE_CHUNK -> SingleChunkIndex.open(fa, layout, g);
      case IMPLICIT -> ImplicitChunkIndex.open(fa, layout.indexAddress(), g);
      case FIXED_ARRAY -> FixedArrayIndex.open(fa, layout.indexAddress(), g, filtered);
      case EXTENSIBLE_ARRAY -> ExtensibleArrayIndex.open(fa, layout.indexAddress(), g, filtered);
      case V2_BTREE -> BTreeV2ChunkIndex.open(fa, layout.indexAddress(), g, filtered);
      default -> throw new H5FormatException("data layout message", -1, "chunk index type "
          + layout.indexType() + " is not 0..5");
    };
  }

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
}
