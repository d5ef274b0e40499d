package io.h5j.spark;

import java.io.Serializable;

/**
 * A box of elements one partition reads: its first index and its extent per dimension.
 *
 * @param start the first index in each dimension
 * @param count the number of indexes in each dimension
 */
record ElementBox(long[] start, long[] count) implements Serializable {
  /** The number of elements. */
  long elements() {
    long n = 1;
    for (long c : count) {
      n = IndexRanges.multiplyCapped(n, c);
    }
    return n;
  }

  /** The number of cells of {@code grid} this box touches. */
  long cells(long[] grid) {
    long n = 1;
    for (int k = 0; k < start.length; k++) {
      long first = start[k] / grid[k];
      long last = (start[k] + count[k] - 1) / grid[k];
      n = IndexRanges.multiplyCapped(n, last - first + 1);
    }
    return n;
  }

  /** The box as text, {@code [start..end)} per dimension, for messages. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("[");
    for (int k = 0; k < start.length; k++) {
      b.append(k == 0 ? "" : ", ").append(start[k]).append(':').append(start[k] + count[k]);
    }
    return b.append(']').toString();
  }
}
