package io.h5j.format.chunk;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Index type 1: the dataset is one chunk, its address in the layout message. When the layout
 * flags have bit 1 set (filtered), the layout also holds the stored size (size of lengths)
 * and filter mask (u32); otherwise the chunk occupies its full unfiltered size. It has no
 * structure of its own to update: a changed chunk means a new layout message.
 */
public record SingleChunkIndex(ChunkGeometry geometry, ChunkRecord chunk) implements ChunkIndex {
  /** Layout flag: the single chunk is filtered and its size and mask follow. */
  public static final int FLAG_FILTERED = 0x02;

  static SingleChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, ChunkGeometry g,
      boolean filtered, int v1K) throws IOException {
    long size = g.chunkBytes();
    int mask = 0;
    if ((layout.flags() & FLAG_FILTERED) != 0) {
      ByteReader r = new ByteReader(layout.indexInfo(), -1, "single chunk index information",
          fa.params());
      size = r.length();
      mask = r.i32();
    }
    fa.checkRange(layout.indexAddress(), Math.min(size, Integer.MAX_VALUE - 8), "single chunk");
    return new SingleChunkIndex(g, new ChunkRecord(new long[g.rank()], layout.indexAddress(), size,
        mask));
  }

  /** The layout fields of a single chunk index holding the one chunk of {@code sorted}. */
  static WrittenIndex create(IndexPlacement placement, FileParams p, ChunkGeometry g,
      boolean filtered, ChunkTable table, int[] rows,
      IndexOptions options) {
    List<ChunkRecord> sorted = table.records(rows);
    // the dataset lies in its one chunk, or is empty (shrunk to no elements) and holds none
    boolean oneCell = Arrays.stream(g.grid()).allMatch(n -> n == 1);
    boolean noCell = fitsOneChunk(g) && ChunkGeometry.cells(g.grid()) == 0;
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
    return new WrittenIndex(ChunkIndex.SINGLE_CHUNK, FLAG_FILTERED, info, address);
  }

  private static boolean fitsOneChunk(ChunkGeometry g) {
    return Arrays.stream(g.grid()).allMatch(n -> n <= 1);
  }

  @Override
  public ChunkIndexType type() {
    return ChunkIndexType.SINGLE_CHUNK;
  }

  @Override
  public void forEach(ChunkVisitor visitor) throws IOException {
    visitor.visit(chunk);
  }

  @Override
  public Optional<ChunkRecord> find(long[] chunkOffset) {
    long[] s = geometry.scaled(chunkOffset);
    return Arrays.stream(s).allMatch(v -> v == 0) ? Optional.of(chunk) : Optional.empty();
  }

  /** None: the index has no structures of its own. */
  @Override
  public List<Extent> extents() {
    return List.of();
  }

  @Override
  public long count() {
    return 1;
  }

  /** @throws IllegalArgumentException if the new extent reaches past the one chunk */
  @Override
  public SingleChunkIndex resized(Dataspace space) {
    ChunkGeometry g = geometry.resized(space);
    if (!fitsOneChunk(g)) {
      throw new IllegalArgumentException("a single chunk index holds one chunk; the grid"
          + " becomes " + Arrays.toString(g.grid()));
    }
    return new SingleChunkIndex(g, chunk);
  }
}
