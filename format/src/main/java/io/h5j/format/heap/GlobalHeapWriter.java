package io.h5j.format.heap;

import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds objects to and removes them from the global heap. New objects go into one open
 * collection (at least 4096 bytes, larger when one object needs it), with indexes 1, 2, ...;
 * {@link #flush()} writes it and keeps it open, so later objects may still go into it.
 * {@link #release} removes an object an edit no longer refers to; a collection left empty
 * goes back to the space allocator, so rewriting variable-length values does not grow the
 * file.
 */
public final class GlobalHeapWriter implements VlenSink {
  /** The default and minimum collection size. */
  public static final int MIN_COLLECTION_SIZE = 4096;
  private static final int MAX_INDEX = 0xffff;

  private final FileAccess file;
  private final SpaceAllocator allocator;
  private final FileParams params;
  private Open current;

  /** The collection new objects go to; object indexes never change once handed out. */
  private static final class Open {
    final long address;
    final long size;
    final TreeMap<Integer, byte[]> objects = new TreeMap<>();
    int nextIndex = 1;
    long used;
    boolean dirty;

    Open(long address, long size, long used) {
      this.address = address;
      this.size = size;
      this.used = used;
    }
  }

  /** A writer storing collections in {@code file} at addresses from {@code allocator}. */
  public GlobalHeapWriter(FileAccess file, SpaceAllocator allocator) {
    this.file = file;
    this.allocator = allocator;
    this.params = file.params();
  }

  private long footprint(int length) {
    return GlobalHeapCollection.objectHeaderSize(params) + (length + 7L) / 8 * 8;
  }

  @Override
  public GlobalHeapId write(byte[] data) throws IOException {
    long need = footprint(data.length);
    if (current == null || current.used + need > current.size
        || current.nextIndex > MAX_INDEX) {
      flush();
      long size = Math.max(MIN_COLLECTION_SIZE, GlobalHeapCollection.headerSize(params) + need);
      size = (size + 7) / 8 * 8;
      current = new Open(allocator.allocate(size), size, GlobalHeapCollection.headerSize(params));
    }
    int index = current.nextIndex++;
    current.objects.put(index, data.clone());
    current.used += need;
    current.dirty = true;
    return new GlobalHeapId(current.address, index);
  }

  /**
   * Removes object {@code id}, which nothing refers to any more. Call it only after the
   * structure that referred to it has been rewritten, so that a crash never leaves a
   * reference to a removed object.
   */
  public void release(GlobalHeapId id) throws IOException {
    if (current != null && id.collectionAddress() == current.address) {
      if (current.objects.remove(id.index()) != null) {
        current.dirty = true;
        if (current.objects.isEmpty() && current.nextIndex > 1) {
          allocator.free(current.address, current.size);
          current = null;
        }
      }
      return;
    }
    GlobalHeapCollection c = GlobalHeapCollection.read(file, id.collectionAddress());
    if (!c.objects().containsKey(id.index())) {
      return;
    }
    Map<Integer, byte[]> rest = new TreeMap<>(c.objects());
    rest.remove(id.index());
    if (rest.isEmpty()) {
      allocator.free(c.address(), c.size());
    } else {
      file.write(c.address(), GlobalHeapCollection.encode(params, c.size(), rest));
    }
  }

  /** Writes the open collection, if it changed since the last flush. */
  public void flush() throws IOException {
    if (current == null || !current.dirty) {
      return;
    }
    file.write(current.address,
        GlobalHeapCollection.encode(params, current.size, current.objects));
    current.dirty = false;
  }
}
