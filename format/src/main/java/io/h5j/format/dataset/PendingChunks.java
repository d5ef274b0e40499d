package io.h5j.format.dataset;

import io.h5j.format.chunk.ChunkRecord;
import io.h5j.format.io.Extent;
import io.h5j.format.object.H5Context;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chunks written since the last flush, per dataset: changed chunks still in memory, the new
 * records of chunks already written (the index is rebuilt from the old one plus these at
 * flush) and the space of the chunks they replace, which may be reused only once the new
 * index is in place.
 */
final class PendingChunks {
  /** The pending state of one dataset. */
  static final class ForDataset {
    final Map<List<Long>, ChunkRecord> records = new HashMap<>();
    final List<Extent> freeAfterCommit = new ArrayList<>();
    /**
     * Committed chunks a shrink removed, by offset: absent for reads and writes from the
     * shrink on, out of the index (or replaced by a record of {@link #records}) at flush,
     * their space freed after it. In the order the shrinks visited them (libhdf5's order:
     * a v1 B-tree's keys after removals depend on it).
     */
    final Map<List<Long>, ChunkRecord> removed = new LinkedHashMap<>();
    /**
     * Committed chunks a shrink cut (their outside part now holds the fill value): written to
     * new space, never over the committed bytes, which the old extent still shows until the
     * flush writes the new one.
     */
    final Set<List<Long>> cut = new HashSet<>();
    /** Changed chunks not yet filtered and written, oldest first (a write-back cache). */
    final LinkedHashMap<List<Long>, byte[]> dirty = new LinkedHashMap<>();
    long dirtyBytes;
    /**
     * Whether a resize changed how a committed chunk is to be stored (raw while a partial
     * edge chunk, filtered while whole, in a dataset with that option). The new extent and
     * the index naming the re-stored chunks then take effect in one header write (the index
     * rebuilt): either one alone makes such chunks read in the wrong encoding.
     */
    boolean reencodedCommitted;
  }

  private final Map<Long, ForDataset> byDataset = new HashMap<>();

  static PendingChunks of(H5Context ctx) {
    return ctx.attachment(PendingChunks.class, PendingChunks::new);
  }

  ForDataset get(long dataset) {
    return byDataset.get(dataset);
  }

  ForDataset getOrCreate(long dataset) {
    return byDataset.computeIfAbsent(dataset, d -> new ForDataset());
  }

  ForDataset remove(long dataset) {
    return byDataset.remove(dataset);
  }

  static List<Long> key(long[] offset) {
    Long[] boxed = new Long[offset.length];
    for (int i = 0; i < offset.length; i++) {
      boxed[i] = offset[i];
    }
    return Arrays.asList(boxed);
  }
}
