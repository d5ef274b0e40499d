package io.h5j.format.chunk;

import io.h5j.format.io.Extent;
import io.h5j.type.Dataspace;
import java.util.List;
import java.util.Optional;

/**
 * The index of a chunked dataset with no storage allocated yet (undefined index address), of
 * the type its layout names: the first chunks are indexed by writing that type anew ({@link
 * ChunkIndexType#write}), as libhdf5 creates the index with the first chunk.
 */
public record EmptyChunkIndex(ChunkGeometry geometry, ChunkIndexType type) implements ChunkIndex {
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

  @Override
  public boolean isAllocated() {
    return false;
  }

  @Override
  public EmptyChunkIndex resized(Dataspace space) {
    return new EmptyChunkIndex(geometry.resized(space), type);
  }
}
