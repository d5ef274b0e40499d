package io.h5j.format.datatype;

import io.h5j.format.H5FormatException;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.VlenSink;
import io.h5j.format.heap.VlenSource;
import java.util.ArrayList;
import java.util.List;

/** An in-memory stand-in for the global heap: one collection at address 4096. */
final class MemoryHeap implements VlenSource, VlenSink {
  final List<byte[]> objects = new ArrayList<>();

  @Override
  public GlobalHeapId write(byte[] data) {
    objects.add(data.clone());
    return new GlobalHeapId(4096, objects.size());
  }

  @Override
  public byte[] read(long collectionAddress, int objectIndex) throws H5FormatException {
    if (collectionAddress != 4096 || objectIndex < 1 || objectIndex > objects.size()) {
      throw new H5FormatException("memory heap", collectionAddress, "no object " + objectIndex);
    }
    return objects.get(objectIndex - 1);
  }
}
