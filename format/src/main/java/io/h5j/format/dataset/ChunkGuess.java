package io.h5j.format.dataset;

import io.h5j.type.Dataspace;

/**
 * Chunk dimensions for a dataset whose creator gave none: start from the shape (1024 along
 * unlimited dimensions) and halve the largest dimension until a chunk holds at most 1 MiB,
 * a size that keeps partial I/O cheap and compression effective.
 */
public final class ChunkGuess {
  private static final long TARGET_BYTES = 1 << 20;

  private ChunkGuess() {}

  public static long[] of(long[] shape, long[] maxShape, int elementSize) {
    long[] c = new long[shape.length];
    for (int d = 0; d < c.length; d++) {
      c[d] = maxShape[d] == Dataspace.UNLIMITED ? Math.max(1024, shape[d]) : shape[d];
      c[d] = Math.max(1, c[d]);
    }
    while (bytes(c, elementSize) > TARGET_BYTES) {
      int largest = 0;
      for (int d = 1; d < c.length; d++) {
        if (c[d] > c[largest]) {
          largest = d;
        }
      }
      if (c[largest] == 1) {
        break;
      }
      c[largest] = (c[largest] + 1) / 2;
    }
    return c;
  }

  private static long bytes(long[] c, int elementSize) {
    long n = elementSize;
    for (long d : c) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }
}
