package io.h5j.format.chunk;

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

  @Override
  public long count() {
    return 0;
  }
}
