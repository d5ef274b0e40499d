package io.h5j.format.dataset;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recently used unfiltered chunks of one file, least recently used first out, within a
 * memory bound the caller sets ({@code H5File.chunkCacheBytes}). Repeated partial reads
 * of the same chunks then skip the file and the filters.
 */
public final class ChunkCache {
  private record Key(long dataset, long[] offset) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.dataset == dataset && Arrays.equals(k.offset, offset);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(dataset) * 31 + Arrays.hashCode(offset);
    }
  }

  private final LinkedHashMap<Key, byte[]> chunks = new LinkedHashMap<>(64, 0.75f, true);
  /** Chunks held per dataset, so that forgetting a dataset with none costs nothing. */
  private final Map<Long, Integer> held = new HashMap<>();
  private long capacity;
  private long used;

  ChunkCache(long capacity) {
    this.capacity = capacity;
  }

  public synchronized long capacity() {
    return capacity;
  }

  public synchronized void capacity(long bytes) {
    capacity = bytes;
    trim();
  }

  public synchronized byte[] get(long dataset, long[] offset) {
    return chunks.get(new Key(dataset, offset));
  }

  public synchronized void put(long dataset, long[] offset, byte[] chunk) {
    if (chunk.length > capacity) {
      return;
    }
    byte[] old = chunks.put(new Key(dataset, offset.clone()), chunk);
    used += chunk.length - (old == null ? 0 : old.length);
    if (old == null) {
      held.merge(dataset, 1, Integer::sum);
    }
    trim();
  }

  /** Forgets the chunk of {@code dataset} at {@code offset} (it is being changed). */
  public synchronized void invalidate(long dataset, long[] offset) {
    if (held.containsKey(dataset)) {
      byte[] old = chunks.remove(new Key(dataset, offset));
      if (old != null) {
        forgotten(dataset, old);
      }
    }
  }

  /** Forgets every chunk of {@code dataset} (its data or layout changed). */
  public synchronized void invalidate(long dataset) {
    if (!held.containsKey(dataset)) {
      return;
    }
    Iterator<Map.Entry<Key, byte[]>> it = chunks.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<Key, byte[]> e = it.next();
      if (e.getKey().dataset == dataset) {
        it.remove();
        forgotten(dataset, e.getValue());
      }
    }
  }

  private void trim() {
    Iterator<Map.Entry<Key, byte[]>> it = chunks.entrySet().iterator();
    while (used > capacity && it.hasNext()) {
      Map.Entry<Key, byte[]> e = it.next();
      it.remove();
      forgotten(e.getKey().dataset, e.getValue());
    }
  }

  private void forgotten(long dataset, byte[] chunk) {
    used -= chunk.length;
    held.computeIfPresent(dataset, (d, n) -> n == 1 ? null : n - 1);
  }
}
