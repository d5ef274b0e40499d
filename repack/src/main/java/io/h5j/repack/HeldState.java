package io.h5j.repack;

import io.h5j.raw.VirtualMappings;

/**
 * An estimate of what the library keeps, per open file, of the objects a verify has read
 * since it opened the files: decoded object headers, chunk indexes and, above all, decoded
 * mapping blocks of virtual datasets. The library keeps the last few thousand objects' of
 * these, however large each is: a versioned file's thousands of virtual datasets, each block
 * tens of KiB (or MiB, for datasets of many chunks), hold hundreds of MiB. So the verifier
 * opens the files afresh whenever the estimate passes a budget, which keeps its memory flat
 * whatever the size of the objects, rather than after a fixed number of them.
 */
final class HeldState {
  /** Held bytes, both files together, after which the verifier reopens them. */
  static final long BUDGET = 32L << 20;
  /** A decoded object header and what is derived from it (links, attributes, datatype). */
  private static final long PER_OBJECT = 4L << 10;
  /** A decoded mapping's offsets and boxes, beside the block's bytes. */
  private static final long PER_MAPPING = 64;
  /** One chunk index record (offset, address, size, filter mask). */
  private static final long PER_CHUNK = 96;

  private long held;

  /** An object was opened in both files. */
  void object() {
    held += 2 * PER_OBJECT;
  }

  /** A virtual dataset's mapping block was decoded. */
  void mappingBlock(VirtualMappings m) {
    held += m.size() + PER_MAPPING * m.count();
  }

  /** A chunk index of {@code chunks} records was read. */
  void chunkIndex(long chunks) {
    held += PER_CHUNK * chunks;
  }

  /** Whether the files should be opened afresh. */
  boolean overBudget() {
    return held > BUDGET;
  }

  /** The files were opened afresh: they hold nothing yet. */
  void reset() {
    held = 0;
  }
}
