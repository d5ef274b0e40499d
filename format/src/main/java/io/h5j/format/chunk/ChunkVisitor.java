package io.h5j.format.chunk;

import java.io.IOException;

/** Receives the allocated chunks of an index, one {@link ChunkRecord} each. */
@FunctionalInterface
public interface ChunkVisitor {
  void visit(ChunkRecord chunk) throws IOException;
}
