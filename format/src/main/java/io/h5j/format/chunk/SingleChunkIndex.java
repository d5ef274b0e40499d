package io.h5j.format.chunk;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Index type 1: the dataset is one chunk, its address in the layout message. When the layout
 * flags have bit 1 set (filtered), the layout also holds the stored size (size of lengths)
 * and filter mask (u32); otherwise the chunk occupies its full unfiltered size.
 */
public record SingleChunkIndex(ChunkGeometry geometry, ChunkRecord chunk) implements ChunkIndex {
  /** Layout flag: the single chunk is filtered and its size and mask follow. */
  public static final int FLAG_FILTERED = 0x02;

  static SingleChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, ChunkGeometry g)
      throws IOException {
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
}
