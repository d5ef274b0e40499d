package io.h5j.format.chunk;

import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The writes of one in-place index update, kept until {@link #perform} so that they reach the
 * file in an order that leaves it readable whichever write fails: first every structure in
 * newly allocated space (nothing points at it yet), then the barrier (the caller records the
 * grown end of allocation in the superblock, so that no existing structure points past the
 * end libhdf5 accepts), then the existing structures, rewritten whole, one write each, in
 * ascending order of their rank. A structure written twice keeps only its last bytes. Space
 * of replaced structures is freed only after the last write.
 */
final class IndexWrites {
  private record InPlace(byte[] bytes, long rank) {}

  private final Map<Long, byte[]> fresh = new LinkedHashMap<>();
  private final Map<Long, InPlace> existing = new LinkedHashMap<>();
  /** Where the index's own structure (a B-tree header) moved to, or -1 if it stays. */
  private long movedTo = -1;

  /** The index's top structure is written at {@code address} now, not where it was. */
  void indexMovedTo(long address) {
    movedTo = address;
  }

  /** A structure in space allocated by this update. */
  void fresh(long address, byte[] bytes) {
    fresh.put(address, bytes);
  }

  /** A structure already in the file, rewritten at its place; lower ranks are written first. */
  void inPlace(long address, byte[] bytes, long rank) {
    existing.put(address, new InPlace(bytes, rank));
  }

  boolean isEmpty() {
    return fresh.isEmpty() && existing.isEmpty();
  }

  /** Bytes this update writes (for tests of the cost of an update). */
  long bytes() {
    long n = 0;
    for (byte[] b : fresh.values()) {
      n += b.length;
    }
    for (InPlace w : existing.values()) {
      n += w.bytes().length;
    }
    return n;
  }

  /**
   * Writes everything ({@link #write}), then frees {@code freeAfter}, the space of
   * structures nothing points at any more; the index's new address or -1 ({@link #movedTo}).
   */
  long perform(FileAccess fa, SpaceAllocator alloc, ChunkIndex.Barrier barrier,
      List<Extent> freeAfter) throws IOException {
    write(fa, barrier);
    Extent.freeAll(alloc, freeAfter);
    return movedTo;
  }

  /** Writes the structures in new space, reaches the barrier, then rewrites the others. */
  void write(FileAccess fa, ChunkIndex.Barrier barrier) throws IOException {
    for (Map.Entry<Long, byte[]> e : fresh.entrySet()) {
      fa.write(e.getKey(), e.getValue());
    }
    if (existing.isEmpty()) {
      return;
    }
    barrier.reach();
    List<Map.Entry<Long, InPlace>> order = new ArrayList<>(existing.entrySet());
    order.sort(Comparator.comparingLong(e -> e.getValue().rank())); // stable: ties keep order
    for (Map.Entry<Long, InPlace> e : order) {
      fa.write(e.getKey(), e.getValue().bytes());
    }
  }
}
