package io.h5j.format.chunk;

import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;

/**
 * Where the structure of a new chunk index goes: into the file, or nowhere (its address
 * undefined), so that one piece of code per index type gives both a written index and the
 * layout fields of an unallocated one.
 */
@FunctionalInterface
interface IndexPlacement {
  /** Writes an index structure into the file; its address. */
  @FunctionalInterface
  interface Structure {
    long write(FileAccess fa, SpaceAllocator alloc) throws IOException;
  }

  /** The address of the structure: where it was written, or undefined. */
  long place(Structure structure) throws IOException;
}
