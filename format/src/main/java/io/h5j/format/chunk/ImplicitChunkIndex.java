package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.type.Dataspace;
import io.h5j.format.message.LayoutMessage;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Index type 2: every chunk of the maximum grid allocated in one run from the base address,
 * in row-major chunk order, each of the full unfiltered chunk size (no filters allowed). It
 * has no structure of its own: chunks are rewritten where they are, the index never changes.
 */
public record ImplicitChunkIndex(ChunkGeometry geometry, long baseAddress, long chunks)
    implements ChunkIndex {

  static ImplicitChunkIndex open(FileAccess fa, LayoutMessage.Chunked layout, ChunkGeometry g,
      boolean filtered, int v1K) throws IOException {
    long base = layout.indexAddress();
    long n = g.maxCells();
    if (n < 0) {
      throw new H5FormatException("implicit chunk index", base,
          "the dataset has no fixed maximum size, or its chunk count overflows");
    }
    long bytes = n == 0 ? 0 : Math.multiplyHigh(n, g.chunkBytes()) != 0 ? -1 : n * g.chunkBytes();
    long size = fa.size();
    if (bytes < 0 || base < 0 || base > size || bytes > size - base) {
      throw new H5FormatException("implicit chunk index", base, n + " chunks of "
          + g.chunkBytes() + " bytes do not fit in the file of " + size + " bytes");
    }
    return new ImplicitChunkIndex(g, base, n);
  }

  /** The layout fields of an implicit index over {@code sorted}, every chunk in its place. */
  static WrittenIndex create(IndexPlacement placement, FileParams p, ChunkGeometry g,
      boolean filtered, ChunkTable table, int[] rows,
      IndexOptions options) {
    List<ChunkRecord> sorted = table.records(rows);
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

  @Override
  public ChunkIndexType type() {
    return ChunkIndexType.IMPLICIT;
  }

  private ChunkRecord at(long idx, long[] scaled) throws H5FormatException {
    return new ChunkRecord(geometry.offset(scaled), baseAddress + idx * geometry.chunkBytes(),
        geometry.chunkBytes(), 0);
  }

  @Override
  public void forEach(ChunkVisitor visitor) throws IOException {
    long[] grid = geometry.maxGrid();
    for (long i = 0; i < chunks; i++) {
      visitor.visit(at(i, ChunkGeometry.delinear(i, grid)));
    }
  }

  @Override
  public Optional<ChunkRecord> find(long[] chunkOffset) throws IOException {
    long[] s = geometry.scaled(chunkOffset);
    long[] grid = geometry.maxGrid();
    long idx = ChunkGeometry.linear(s, grid);
    if (idx < 0 || s[0] >= grid[0]) {
      return Optional.empty();
    }
    return Optional.of(at(idx, s));
  }

  /** None: the index has no structures of its own. */
  @Override
  public List<Extent> extents() {
    return List.of();
  }

  @Override
  public long count() {
    return chunks;
  }

  @Override
  public ImplicitChunkIndex resized(Dataspace space) {
    return new ImplicitChunkIndex(geometry.resized(space), baseAddress, chunks);
  }
}
