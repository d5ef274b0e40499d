package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Index type 2: every chunk of the maximum grid allocated in one run from the base address,
 * in row-major chunk order, each of the full unfiltered chunk size (no filters allowed).
 */
public record ImplicitChunkIndex(ChunkGeometry geometry, long baseAddress, long chunks)
    implements ChunkIndex {

  static ImplicitChunkIndex open(FileAccess fa, long base, ChunkGeometry g) throws IOException {
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
}
