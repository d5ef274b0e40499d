package io.h5j.format.chunk;

import io.h5j.format.io.Extent;
import java.util.List;
import java.util.Optional;

/** The index of a chunked dataset with no storage allocated yet (undefined index address). */
public record EmptyChunkIndex(ChunkGeometry geometry) implements ChunkIndex {
  @Override
  public void forEach(ChunkVisitor visitor) {
  }

  @Override
  public Optional<ChunkRecord> find(long[] chunkOffset) {
    geometry.scaled(chunkOffset);
    return Optional.empty();
  }

  /** None: the index has no structures of its own. */
  @Override
  public List<Extent> extents() {
    return List.of();
  }

  @Override
  public long count() {
    return 0;
  }
}
