package io.h5j.format.chunk;

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The verified blocks (data blocks, pages, super blocks) one array index has read for
 * lookups, kept so that looking up many chunks in scattered order reads and checksums each
 * block once rather than once per chunk. Bounded by the bytes the kept blocks hold: the least
 * recently used are dropped past the bound, and a block larger than the bound is not kept.
 *
 * <p>Held per index object: an index updated in place is reopened (the dataset's derived
 * state is forgotten after {@link ChunkIndex#update}), so nothing stale is ever served.
 * Not thread-safe, as the indexes are not: lookups happen on the reading thread.
 */
final class VerifiedBlocks {
  /** Bytes kept per index by default: every page of a filtered 250,000-chunk array. */
  static final long DEFAULT_BOUND = 4L << 20;

  /** A block by kind (its structure name), file address and size read. */
  private record Key(String kind, long address, long size) {}

  private record Kept(Object block, long bytes) {}

  /** Reads and verifies a block. */
  @FunctionalInterface
  interface Loader<T> {
    T load() throws IOException;
  }

  private final long bound;
  private final Map<Key, Kept> blocks = new LinkedHashMap<>(64, 0.75f, true);
  private long held;
  private long loads;

  VerifiedBlocks(long bound) {
    this.bound = bound;
  }

  /**
   * The block of {@code kind} at {@code address} read as {@code size} bytes: the kept one, or
   * the one {@code loader} reads (then kept if it fits the bound). {@code address} is the
   * block's file address or another number naming it within the index; the key names the size so
   * that a damaged index naming one address with two sizes gets each read and verified.
   *
   * @param bytes memory the loaded block holds
   */
  @SuppressWarnings("unchecked")
  <T> T get(String kind, long address, long size, long bytes, Loader<T> loader)
      throws IOException {
    Key key = new Key(kind, address, size);
    Kept kept = blocks.get(key);
    if (kept != null) {
      return (T) kept.block();
    }
    T block = loader.load();
    loads++;
    if (bytes <= bound) {
      held += bytes;
      blocks.put(key, new Kept(block, bytes));
      Iterator<Kept> oldest = blocks.values().iterator();
      while (held > bound) {
        held -= oldest.next().bytes();
        oldest.remove();
      }
    }
    return block;
  }

  /** Bytes the kept blocks hold (for tests of the bound). */
  long held() {
    return held;
  }

  /** Blocks read so far, kept or not (for tests that blocks are read once). */
  long loads() {
    return loads;
  }

  /** The bound this cache keeps under. */
  long bound() {
    return bound;
  }
}
