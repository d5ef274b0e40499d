package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * The chunk index types of the data layout message, each bound to the class that reads,
 * updates and writes it (as libhdf5 binds each to its {@code H5D_chunk_ops_t} table): this is
 * the one place that goes from a layout's index type to code. {@link #open} gives the index
 * of a dataset ({@link ChunkIndex}: find, iterate, update, resize, delete, copy); {@link
 * #write} creates a new one over chunks already stored; {@link #unallocated} gives the layout
 * fields of a dataset with no chunk yet.
 *
 * <pre>{@code
 * ChunkIndexType type = ChunkIndexType.choose(space, chunkDims, filtered, false, false);
 * WrittenIndex w = type.write(fa, alloc, g, filtered, chunks, IndexOptions.DEFAULTS);
 * ChunkIndex index = ChunkIndexType.open(fa, w.layout(g), space, filtered, k);
 * }</pre>
 */
public enum ChunkIndexType {
  /** Type 0: the version 1 B-tree (layout versions 1-3). */
  V1_BTREE(BTreeV1ChunkIndex::open, BTreeV1ChunkIndex::create),
  /** Type 1: one chunk, its address in the layout message. */
  SINGLE_CHUNK(SingleChunkIndex::open, SingleChunkIndex::create),
  /** Type 2: every chunk of the maximum grid in one run, unfiltered. */
  IMPLICIT(ImplicitChunkIndex::open, ImplicitChunkIndex::create),
  /** Type 3: the fixed array, an entry per chunk of a bounded maximum grid. */
  FIXED_ARRAY(FixedArrayIndex::open, FixedArrayIndex::create),
  /** Type 4: the extensible array, for one unlimited dimension. */
  EXTENSIBLE_ARRAY(ExtensibleArrayIndex::open, ExtensibleArrayIndex::create),
  /** Type 5: the version 2 B-tree of chunk records, for more unlimited dimensions. */
  V2_BTREE(BTreeV2ChunkIndex::open, BTreeV2ChunkIndex::create);

  /** Opens an allocated index of one type (the address in the layout is defined). */
  @FunctionalInterface
  interface Opener {
    ChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, ChunkGeometry g,
        boolean filtered, int v1K) throws IOException;
  }

  /**
   * Builds a new index of one type over the chunks of {@code table}, whose rows {@code sorted}
   * lists by offset (each on the grid, none twice), handing each structure it needs to
   * {@code placement}, and gives its layout fields.
   */
  @FunctionalInterface
  interface Creator {
    WrittenIndex create(IndexPlacement placement, FileParams p, ChunkGeometry g,
        boolean filtered, ChunkTable table, int[] sorted, IndexOptions options)
        throws IOException;
  }

  private static final ChunkIndexType[] BY_CODE = values();

  private final Opener opener;
  private final Creator creator;

  ChunkIndexType(Opener opener, Creator creator) {
    this.opener = opener;
    this.creator = creator;
  }

  /** The index type field of the layout message (0..5). */
  public int code() {
    return ordinal();
  }

  /**
   * The index type the layout message field {@code code} names.
   *
   * @throws IllegalArgumentException if it is not 0..5
   */
  public static ChunkIndexType of(int code) {
    if (code < 0 || code >= BY_CODE.length) {
      throw new IllegalArgumentException("chunk index type " + code + " is not 0..5");
    }
    return BY_CODE[code];
  }

  /**
   * Opens the index a layout message describes, in a file whose superblock gives {@code v1K}
   * as the indexed storage internal node K. Nothing beyond the index's header is read; an
   * index not allocated yet (undefined address) opens as an empty index of its type.
   *
   * @param filtered whether the dataset has a filter pipeline (chunks then carry a stored
   *     size and filter mask of their own)
   * @throws H5FormatException if the index type is unknown or the header is damaged
   */
  public static ChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, Dataspace space,
      boolean filtered, int v1K) throws IOException {
    ChunkGeometry g = ChunkGeometry.of(layout, space, fa.params());
    if (layout.indexType() < 0 || layout.indexType() >= BY_CODE.length) {
      throw new H5FormatException("data layout message", -1, "chunk index type "
          + layout.indexType() + " is not 0..5");
    }
    ChunkIndexType type = BY_CODE[layout.indexType()];
    if (!FileParams.isDefined(layout.indexAddress())) {
      return new EmptyChunkIndex(g, type);
    }
    return type.opener.open(fa, layout, g, filtered, v1K);
  }

  /**
   * The index libhdf5 1.10 creates: the v1 B-tree in the earliest format; otherwise with no
   * unlimited dimension a single chunk when the dataset is exactly one chunk that never
   * grows, implicit for unfiltered early allocation, else a fixed array; with one unlimited
   * dimension an extensible array; with more a v2 B-tree.
   */
  public static ChunkIndexType choose(Dataspace space, long[] chunkDims, boolean filtered,
      boolean earliestFormat, boolean earlyAllocation) {
    if (earliestFormat) {
      return V1_BTREE;
    }
    int unlimited = 0;
    for (long m : space.maxDims()) {
      if (m == Dataspace.UNLIMITED) {
        unlimited++;
      }
    }
    if (unlimited == 1) {
      return EXTENSIBLE_ARRAY;
    }
    if (unlimited > 1) {
      return V2_BTREE;
    }
    if (Arrays.equals(space.dims(), chunkDims) && Arrays.equals(space.maxDims(), chunkDims)) {
      return SINGLE_CHUNK;
    }
    return !filtered && earlyAllocation ? IMPLICIT : FIXED_ARRAY;
  }

  /**
   * Writes a complete new index of this type for a dataset whose chunks are already stored
   * (libhdf5's create, then an insert per chunk; a copy into another file is this over the
   * copied chunks), and returns the fields its layout message needs.
   *
   * @param chunks every allocated chunk, in any order, each on the chunk grid, none twice
   * @throws IllegalArgumentException if the chunks or this index type do not fit the dataset
   */
  public WrittenIndex write(FileAccess fa, SpaceAllocator alloc, ChunkGeometry g,
      boolean filtered, List<ChunkRecord> chunks, IndexOptions options) throws IOException {
    return write(fa, alloc, g, filtered, ChunkTable.of(g.rank(), chunks), options);
  }

  /**
   * {@link #write(FileAccess, SpaceAllocator, ChunkGeometry, boolean, List, IndexOptions)} of
   * the chunks of {@code chunks}, in any order.
   */
  public WrittenIndex write(FileAccess fa, SpaceAllocator alloc, ChunkGeometry g,
      boolean filtered, ChunkTable chunks, IndexOptions options) throws IOException {
    return creator.create(structure -> structure.write(fa, alloc), fa.params(), g, filtered,
        chunks, sorted(g, chunks), options);
  }

  /**
   * The index of a new dataset with no chunk written yet, which is not written at all: libhdf5
   * 1.10 (incremental allocation, its default for chunked datasets) gives the layout message
   * the index type and its parameters but no index address, whatever the index type, and
   * creates the index with the first chunk. (An implicit index, early allocation only, needs
   * every chunk.)
   *
   * @throws IllegalArgumentException if this index type does not fit the dataset
   */
  public WrittenIndex unallocated(FileParams p, ChunkGeometry g, boolean filtered,
      IndexOptions options) {
    try {
      return creator.create(structure -> FileParams.UNDEFINED, p, g, filtered,
          new ChunkTable(g.rank()), new int[0], options);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("nothing is written", e);
    }
  }

  /** The rows of {@code t} sorted by offset; rejects chunks off the grid, undefined or repeated. */
  private static int[] sorted(ChunkGeometry g, ChunkTable t) {
    if (t.rank() != g.rank()) {
      throw new IllegalArgumentException("chunks of rank " + t.rank() + " for a dataset of rank "
          + g.rank());
    }
    long[] chunkDims = g.chunkDims();
    for (int r = 0; r < t.size(); r++) {
      for (int d = 0; d < chunkDims.length; d++) {
        long o = t.offset(r, d);
        if (o < 0 || o % chunkDims[d] != 0) {
          throw new IllegalArgumentException("chunk offset " + Arrays.toString(t.offset(r))
              + " is not a multiple of the chunk dimensions " + Arrays.toString(chunkDims));
        }
      }
      long address = t.address(r);
      if (!FileParams.isDefined(address) || address < 0 || t.storedSize(r) <= 0) {
        throw new IllegalArgumentException(t.record(r) + " has no valid address or size");
      }
    }
    int[] rows = t.order(t::compareOffsets);
    for (int i = 1; i < rows.length; i++) {
      if (t.compareOffsets(rows[i - 1], rows[i]) == 0) {
        throw new IllegalArgumentException("chunk " + Arrays.toString(t.offset(rows[i]))
            + " is listed twice");
      }
    }
    return rows;
  }
}
