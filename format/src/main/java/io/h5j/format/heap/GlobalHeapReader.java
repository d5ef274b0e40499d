package io.h5j.format.heap;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads global heap objects of one file, keeping the most recently used decoded
 * collections (a collection is read with one I/O request and serves many objects).
 */
public final class GlobalHeapReader implements VlenSource {
  private static final int DEFAULT_CACHE = 64;

  private final FileAccess file;
  private final Map<Long, GlobalHeapCollection> cache;

  /** A reader caching up to 64 collections. */
  public GlobalHeapReader(FileAccess file) {
    this(file, DEFAULT_CACHE);
  }

  /** A reader caching up to {@code maxCollections} collections. */
  public GlobalHeapReader(FileAccess file, int maxCollections) {
    this.file = file;
    this.cache = new LinkedHashMap<>(16, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, GlobalHeapCollection> eldest) {
        return size() > maxCollections;
      }
    };
  }

  /** The decoded collection at {@code address} (cached). */
  public synchronized GlobalHeapCollection collection(long address) throws IOException {
    GlobalHeapCollection c = cache.get(address);
    if (c == null) {
      c = GlobalHeapCollection.read(file, address);
      cache.put(address, c);
    }
    return c;
  }

  /** Forgets cached collections (after the file was changed by someone else). */
  public synchronized void clear() {
    cache.clear();
  }

  @Override
  public byte[] read(long collectionAddress, int objectIndex) throws IOException {
    byte[] data = collection(collectionAddress).object(objectIndex);
    if (data == null) {
      throw new H5FormatException("global heap collection", collectionAddress,
          "has no object " + objectIndex);
    }
    return data;
  }

  /** {@link #read(long, int)} for an ID. */
  public byte[] read(GlobalHeapId id) throws IOException {
    return read(id.collectionAddress(), id.index());
  }
}
