package io.h5j.format.chunk;

import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.type.Dataspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * Writes a complete new chunk index for a dataset whose chunks are already stored, of the
 * type libhdf5 1.10 would choose ({@link #chooseIndexType}) or any other the shape allows,
 * and returns the fields its layout message needs. To add chunks to an existing index in
 * place, see {@link ChunkIndexUpdate}.
 *
 * <pre>{@code
 * ChunkGeometry g = ChunkGeometry.of(chunkDims, elementSize, space);
 * int type = ChunkIndexWriter.chooseIndexType(space, chunkDims, filtered, false, false);
 * WrittenIndex w = ChunkIndexWriter.write(fa, alloc, type, g, filtered, chunks, IndexOptions.DEFAULTS);
 * LayoutMessage.Chunked layout = w.layout(g);
 * }</pre>
 */
public final class ChunkIndexWriter {
  private ChunkIndexWriter() {}

  /**
   * The index libhdf5 1.10 creates: the v1 B-tree in the earliest format; otherwise with no
   * unlimited dimension a single chunk when the dataset is exactly one chunk that never
   * grows, implicit for unfiltered early allocation, else a fixed array; with one unlimited
   * dimension an extensible array; with more a v2 B-tree.
   */
  public static int chooseIndexType(Dataspace space, long[] chunkDims, boolean filtered,
      boolean earliestFormat, boolean earlyAllocation) {
    if (earliestFormat) {
      return ChunkIndex.V1_BTREE;
    }
    int unlimited = 0;
    for (long m : space.maxDims()) {
      if (m == Dataspace.UNLIMITED) {
        unlimited++;
      }
    }
    if (unlimited == 1) {
      return ChunkIndex.EXTENSIBLE_ARRAY;
    }
    if (unlimited > 1) {
      return ChunkIndex.V2_BTREE;
    }
    if (Arrays.equals(space.dims(), chunkDims) && Arrays.equals(space.maxDims(), chunkDims)) {
      return ChunkIndex.SINGLE_CHUNK;
    }
    return !filtered && earlyAllocation ? ChunkIndex.IMPLICIT : ChunkIndex.FIXED_ARRAY;
  }

  /**
   * Writes the index.
   *
   * @param chunks every allocated chunk, in any order, each on the chunk grid, none twice
   * @throws IllegalArgumentException if the chunks or the index type do not fit the dataset
   */
  public static WrittenIndex write(FileAccess fa, SpaceAllocator alloc, int indexType,
      ChunkGeometry g, boolean filtered, List<ChunkRecord> chunks, IndexOptions options)
      throws IOException {
    return build(structure -> structure.write(fa, alloc), fa.params(), indexType, g,
        filtered, chunks, options);
  }

  /**
   * The index of a new dataset with no chunk written yet, which is not written at all: libhdf5
   * 1.10 (incremental allocation, its default for chunked datasets) gives the layout message
   * the index type and its parameters but no index address, whatever the index type, and
   * creates the index with the first chunk. (An implicit index, early allocation only, needs
   * every chunk.)
   *
   * @throws IllegalArgumentException if the index type does not fit the dataset
   */
  public static WrittenIndex unallocated(FileParams p, int indexType, ChunkGeometry g,
      boolean filtered, IndexOptions options) {
    try {
      return build(structure -> FileParams.UNDEFINED, p, indexType, g, filtered, List.of(),
          options);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("nothing is written", e);
    }
  }

  /** Writes an index structure into the file; its address. */
  private interface Structure {
    long write(FileAccess fa, SpaceAllocator alloc) throws IOException;
  }

  /** Where an index structure goes: the file, or nowhere (its address undefined). */
  private interface Placement {
    long place(Structure structure) throws IOException;
  }

  private static WrittenIndex build(Placement placement, FileParams p, int indexType,
      ChunkGeometry g, boolean filtered, List<ChunkRecord> chunks, IndexOptions options)
      throws IOException {
    List<ChunkRecord> sorted = sorted(g, chunks);
    EntryCodec codec = new EntryCodec(filtered, p, g);
    switch (indexType) {
      case ChunkIndex.V1_BTREE:
        return new WrittenIndex(indexType, 0, new byte[0], placement.place((fa, alloc) ->
            BTreeV1ChunkWriter.write(fa, alloc, g, options.v1K(), sorted)));
      case ChunkIndex.SINGLE_CHUNK:
        return single(p, g, filtered, sorted);
      case ChunkIndex.IMPLICIT:
        return implicit(g, filtered, sorted);
      case ChunkIndex.FIXED_ARRAY: {
        long cells = g.maxCells();
        if (cells < 0) {
          throw new IllegalArgumentException("a fixed array needs a bounded maximum grid, not "
              + Arrays.toString(g.maxGrid()));
        }
        TreeMap<Long, ChunkRecord> elements = new TreeMap<>();
        for (ChunkRecord c : sorted) {
          codec.checkFits(c);
          long idx = ChunkGeometry.linear(g.scaled(c.offsetRef()), g.maxGrid());
          if (idx < 0 || idx >= cells || g.scaled(c.offsetRef())[0] >= g.maxGrid()[0]) {
            throw new IllegalArgumentException(c + " lies outside the maximum grid");
          }
          elements.put(idx, c);
        }
        long at = placement.place((fa, alloc) -> FixedArrayWriter.write(fa, alloc, codec,
            options.faPageBits(), cells, elements));
        return new WrittenIndex(indexType, 0, new byte[] {(byte) options.faPageBits()}, at);
      }
      case ChunkIndex.EXTENSIBLE_ARRAY: {
        int unlim = g.unlimitedDim();
        if (unlim < 0) {
          throw new IllegalArgumentException("an extensible array needs exactly one unlimited"
              + " dimension, the maximum grid is " + Arrays.toString(g.maxGrid()));
        }
        String[] why = new String[1];
        EaGeometry ea = EaGeometry.of(options.eaMaxBits(), options.eaIndexElements(),
            options.eaMinElements(), options.eaMinPointers(), options.eaPageBits(), why);
        if (ea == null) {
          throw new IllegalArgumentException(why[0]);
        }
        long[] grid = g.arrayGrid(unlim);
        TreeMap<Long, ChunkRecord> elements = new TreeMap<>();
        for (ChunkRecord c : sorted) {
          codec.checkFits(c);
          long idx = ChunkGeometry.linear(ChunkGeometry.swizzle(g.scaled(c.offsetRef()), unlim),
              grid);
          if (idx < 0 || (ea.maxNelmtsBits < 64 && idx >= 1L << ea.maxNelmtsBits)) {
            throw new IllegalArgumentException(c + " lies outside the array's index range");
          }
          elements.put(idx, c);
        }
        long at = placement.place((fa, alloc) ->
            ExtensibleArrayWriter.write(fa, alloc, codec, ea, elements));
        byte[] info = {(byte) options.eaMaxBits(), (byte) options.eaIndexElements(),
            (byte) options.eaMinPointers(), (byte) options.eaMinElements(),
            (byte) options.eaPageBits()};
        return new WrittenIndex(indexType, 0, info, at);
      }
      case ChunkIndex.V2_BTREE: {
        List<byte[]> records = new ArrayList<>();
        for (ChunkRecord c : sorted) {
          codec.checkFits(c);
          records.add(BTreeV2ChunkIndex.encode(p, g, filtered, c));
        }
        int type = filtered ? BTreeV2ChunkIndex.TYPE_FILTERED : BTreeV2ChunkIndex.TYPE_UNFILTERED;
        BTreeV2Params bp = new BTreeV2Params(type, BTreeV2ChunkIndex.recordSize(p, g, filtered),
            options.bt2NodeSize(), options.bt2Split(), options.bt2Merge());
        long at = placement.place((fa, alloc) -> BTreeV2Writer.write(fa, alloc, bp, records));
        byte[] info = new ByteWriter(p, 6).u32(options.bt2NodeSize()).u8(options.bt2Split())
            .u8(options.bt2Merge()).toByteArray();
        return new WrittenIndex(indexType, 0, info, at);
      }
      default:
        throw new IllegalArgumentException("chunk index type " + indexType + " is not 0..5");
    }
  }

  private static WrittenIndex single(FileParams p, ChunkGeometry g, boolean filtered,
      List<ChunkRecord> sorted) {
    // the dataset lies in its one chunk, or is empty (shrunk to no elements) and holds none
    boolean oneCell = Arrays.equals(g.grid(), ones(g.rank()));
    boolean noCell = Arrays.stream(g.grid()).allMatch(n -> n <= 1)
        && ChunkGeometry.cells(g.grid()) == 0;
    if (sorted.size() > 1 || !oneCell && !(noCell && sorted.isEmpty())) {
      throw new IllegalArgumentException("a single chunk index holds one chunk covering the"
          + " dataset; the grid is " + Arrays.toString(g.grid()));
    }
    ChunkRecord c = sorted.isEmpty() ? null : sorted.get(0);
    long address = c == null ? FileParams.UNDEFINED : c.address();
    if (!filtered) {
      return new WrittenIndex(ChunkIndex.SINGLE_CHUNK, 0, new byte[0], address);
    }
    // Without a chunk libhdf5 1.10.8 stores size 2^32 - 1 and mask 0xffffffff (its 32-bit
    // fields still hold the undefined address of its default layout); readers ignore both.
    byte[] info = new ByteWriter(p).length(c == null ? 0xffffffffL : c.storedSize())
        .u32(c == null ? 0xffffffffL : c.filterMask() & 0xffffffffL).toByteArray();
    return new WrittenIndex(ChunkIndex.SINGLE_CHUNK, SingleChunkIndex.FLAG_FILTERED, info,
        address);
  }

  private static WrittenIndex implicit(ChunkGeometry g, boolean filtered,
      List<ChunkRecord> sorted) {
    long cells = g.maxCells();
    if (filtered || sorted.isEmpty() || sorted.size() != cells) {
      throw new IllegalArgumentException("an implicit index needs every chunk of the maximum"
          + " grid allocated, unfiltered, in one run");
    }
    long base = sorted.get(0).address();
    for (ChunkRecord c : sorted) {
      long idx = ChunkGeometry.linear(g.scaled(c.offsetRef()), g.maxGrid());
      if (c.address() != base + idx * g.chunkBytes() || c.storedSize() != g.chunkBytes()) {
        throw new IllegalArgumentException(c + " is not where an implicit index puts it");
      }
    }
    return new WrittenIndex(ChunkIndex.IMPLICIT, 0, new byte[0], base);
  }

  private static long[] ones(int n) {
    long[] a = new long[n];
    Arrays.fill(a, 1);
    return a;
  }

  /** Chunks sorted by offset; rejects chunks off the grid, undefined or repeated. */
  private static List<ChunkRecord> sorted(ChunkGeometry g, List<ChunkRecord> chunks) {
    List<ChunkRecord> s = new ArrayList<>(chunks);
    for (ChunkRecord c : s) {
      g.scaled(c.offsetRef());
      if (!FileParams.isDefined(c.address()) || c.address() < 0 || c.storedSize() <= 0) {
        throw new IllegalArgumentException(c + " has no valid address or size");
      }
    }
    s.sort(ChunkRecord.BY_OFFSET);
    for (int i = 1; i < s.size(); i++) {
      if (Arrays.equals(s.get(i - 1).offsetRef(), s.get(i).offsetRef())) {
        throw new IllegalArgumentException("chunk " + Arrays.toString(s.get(i).offsetRef())
            + " is listed twice");
      }
    }
    return s;
  }
}
