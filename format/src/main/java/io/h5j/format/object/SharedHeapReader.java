package io.h5j.format.object;

import io.h5j.format.heap.FractalHeap;
import java.io.IOException;

/** Reads one object of a shared message index's fractal heap. */
final class SharedHeapReader {
  private SharedHeapReader() {}

  static byte[] read(H5Context ctx, long heapAddress, byte[] heapId) throws IOException {
    return FractalHeap.open(ctx.access(), heapAddress).read(heapId);
  }
}
