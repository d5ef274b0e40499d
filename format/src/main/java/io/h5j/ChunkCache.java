package io.h5j;

import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recently used unfiltered chunks of one file, least recently used first out, within a
 * memory bound the caller sets ({@link H5File#chunkCacheBytes(long)}). Repeated partial reads
 * of the same chunks then skip the file and the filters.
 */
final class ChunkCache {
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
  private long capacity;
  private long used;

  ChunkCache(long capacity) {
    this.capacity = capacity;
  }

  synchronized long capacity() {
    return capacity;
  }

  synchronized void capacity(long bytes) {
    capacity = bytes;
    trim();
  }

  synchronized byte[] get(long dataset, long[] offset) {
    return chunks.get(new Key(dataset, offset));
  }

  synchronized void put(long dataset, long[] offset, byte[] chunk) {
    if (chunk.length > capacity) {
      return;
    }
    byte[] old = chunks.put(new Key(dataset, offset.clone()), chunk);
    used += chunk.length - (old == null ? 0 : old.length);
    trim();
  }

  /** Forgets every chunk of {@code dataset} (its data or layout changed). */
  synchronized void invalidate(long dataset) {
    Iterator<Map.Entry<Key, byte[]>> it = chunks.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<Key, byte[]> e = it.next();
      if (e.getKey().dataset == dataset) {
        used -= e.getValue().length;
        it.remove();
      }
    }
  }

  private void trim() {
    Iterator<Map.Entry<Key, byte[]>> it = chunks.entrySet().iterator();
    while (used > capacity && it.hasNext()) {
      used -= it.next().getValue().length;
      it.remove();
    }
  }
}
