package io.h5j.spark;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The regular grid of chunks a write cuts the dataset into: a task groups its rows by grid
 * cell, and the committed file stores (or maps) one chunk per cell.
 *
 * @param chunk the chunk shape, slowest dimension first
 */
record ChunkGrid(long[] chunk) implements Serializable {
  /** Elements per chunk by default: 64 Ki, 512 KiB of float64. */
  private static final int DEFAULT_LOG2_ELEMENTS = 16;

  /**
   * The chunk shape of option {@code chunks}, else 2^16 elements shared out as equal powers
   * of two over the dimensions (65536; 256 x 256; 64 x 32 x 32), each cut at {@code shape}
   * when it is known.
   */
  static ChunkGrid of(int rank, long[] chunks, long[] shape) {
    if (chunks != null) {
      return new ChunkGrid(chunks.clone());
    }
    long[] c = new long[rank];
    for (int d = 0; d < rank; d++) {
      // the first dimensions take the remainder of 16 / rank
      int log2 = DEFAULT_LOG2_ELEMENTS / rank + (d < DEFAULT_LOG2_ELEMENTS % rank ? 1 : 0);
      c[d] = 1L << log2;
      if (shape != null) {
        c[d] = Math.max(1, Math.min(c[d], shape[d]));
      }
    }
    return new ChunkGrid(c);
  }

  int rank() {
    return chunk.length;
  }

  /** Elements in one whole chunk. */
  int elements() {
    long n = 1;
    for (long c : chunk) {
      n = Math.multiplyExact(n, c);
    }
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("hdf5: chunks " + Arrays.toString(chunk)
          + " hold more than 2^31 elements; give smaller option chunks");
    }
    return (int) n;
  }

  /** The C-order position of element {@code index} inside its chunk. */
  int offsetInChunk(long[] index) {
    long off = 0;
    for (int d = 0; d < chunk.length; d++) {
      off = off * chunk[d] + index[d] % chunk[d];
    }
    return (int) off;
  }

  /** The element at C-order position {@code offset} of the chunk at {@code coords}. */
  long[] elementAt(long[] coords, int offset) {
    long[] index = new long[chunk.length];
    long rest = offset;
    for (int d = chunk.length - 1; d >= 0; d--) {
      index[d] = coords[d] * chunk[d] + rest % chunk[d];
      rest /= chunk[d];
    }
    return index;
  }

  /** The first element of the chunk at grid coordinates {@code coords}. */
  long[] start(long[] coords) {
    long[] s = new long[chunk.length];
    for (int d = 0; d < s.length; d++) {
      s[d] = coords[d] * chunk[d];
    }
    return s;
  }

  /** The part of the chunk at {@code coords} inside {@code shape} (an edge chunk's is smaller). */
  long[] extentIn(long[] coords, long[] shape) {
    long[] e = new long[chunk.length];
    for (int d = 0; d < e.length; d++) {
      e[d] = Math.min(chunk[d], shape[d] - coords[d] * chunk[d]);
    }
    return e;
  }

  /** The elements of the chunk at {@code coords} inside {@code shape}. */
  long elementsIn(long[] coords, long[] shape) {
    long n = 1;
    for (long e : extentIn(coords, shape)) {
      n *= e;
    }
    return n;
  }

  /**
   * The chunk shape a file of {@code shape} stores: this one cut at the shape (HDF5 allows no
   * chunk larger than a fixed dimension; where the cut applies there is only one chunk along
   * the dimension, so the cells stay the same).
   */
  long[] storedChunk(long[] shape) {
    long[] c = new long[chunk.length];
    for (int d = 0; d < c.length; d++) {
      c[d] = Math.max(1, Math.min(chunk[d], shape[d]));
    }
    return c;
  }
}
