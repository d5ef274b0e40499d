package io.h5j.format.dataset;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Direct buffers that element data pass through between the file and a Java array (read(2)
 * into a heap buffer would copy through a direct one of the JDK's anyway): each holds whole
 * elements, at most {@link #BYTES} bytes and never more than a chunk; one per thread at work
 * at most, kept for the dataset's next read or write.
 */
final class StagingBuffers {
  /** The most bytes a buffer holds. */
  static final int BYTES = 1 << 20;

  private final ConcurrentLinkedQueue<ByteBuffer> free = new ConcurrentLinkedQueue<>();
  private final int capacity;

  /** Buffers for elements of {@code elementSize} bytes in chunks of {@code chunkBytes}. */
  StagingBuffers(int elementSize, int chunkBytes) {
    this.capacity = Math.max(elementSize, Math.min(BYTES, chunkBytes) / elementSize * elementSize);
  }

  /** A buffer of whole elements, cleared; give it back with {@link #give}. */
  ByteBuffer take() {
    ByteBuffer b = free.poll();
    return b != null ? b.clear() : ByteBuffer.allocateDirect(capacity);
  }

  void give(ByteBuffer b) {
    free.add(b);
  }
}
