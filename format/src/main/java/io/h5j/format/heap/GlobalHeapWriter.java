package io.h5j.format.heap;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Packs new global heap objects into new collections. A collection is allocated (at least
 * 4096 bytes, larger when one object needs it) when the first object that does not fit the
 * current one arrives; objects get indexes 1, 2, ... and a reference count of 0. Nothing
 * is written until the collection is full or {@link #flush()} is called; flushing writes
 * the open collection with its free space as object 0 and keeps it open, so later objects
 * may still go into it (the next flush rewrites it).
 */
public final class GlobalHeapWriter implements VlenSink {
  /** The default and minimum collection size. */
  public static final int MIN_COLLECTION_SIZE = 4096;

  private final FileAccess file;
  private final SpaceAllocator allocator;
  private final FileParams params;
  private Open current;

  private static final class Open {
    final long address;
    final long size;
    final List<byte[]> objects = new ArrayList<>();
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
        || current.objects.size() >= 0xffff) {
      flush();
      long size = Math.max(MIN_COLLECTION_SIZE, GlobalHeapCollection.headerSize(params) + need);
      size = (size + 7) / 8 * 8;
      current = new Open(allocator.allocate(size), size, GlobalHeapCollection.headerSize(params));
    }
    current.objects.add(data.clone());
    current.used += need;
    current.dirty = true;
    GlobalHeapId id = new GlobalHeapId(current.address, current.objects.size());
    if (current.size - current.used < GlobalHeapCollection.objectHeaderSize(params)) {
      flush();
      current = null; // full: nothing else fits
    }
    return id;
  }

  /** Writes the open collection, if it changed since the last flush. */
  public void flush() throws IOException {
    if (current == null || !current.dirty) {
      return;
    }
    ByteWriter w = new ByteWriter(params, (int) current.size);
    w.ascii("GCOL").u8(1).zeros(3).length(current.size);
    int index = 1;
    for (byte[] o : current.objects) {
      w.u16(index++).u16(0).u32(0).length(o.length).bytes(o);
      w.zeros((8 - o.length % 8) % 8);
    }
    long free = current.size - w.position();
    if (free >= GlobalHeapCollection.objectHeaderSize(params)) {
      w.u16(0).u16(0).u32(0).length(free);
    }
    w.zeros((int) (current.size - w.position()));
    file.write(current.address, w.toByteArray());
    current.dirty = false;
  }
}
