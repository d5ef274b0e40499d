package io.h5j.cli;

import java.util.Arrays;
import java.util.NoSuchElementException;

/**
 * Cuts an n-d array into boxes that follow one another in C order, each of at most a given
 * number of elements, so that an array of any size is read in bounded memory and printed as
 * it is read. A box spans whole trailing dimensions and a range of the first dimension that
 * does not fit whole (the "split" dimension), one index at a time of the dimensions before
 * it; that range is a whole number of chunks when the limit allows, so that each chunk is
 * read and decoded once.
 */
final class SlabPlan {
  /** One box: its first element and its extent per dimension. */
  record Box(long[] start, long[] shape) {
    long elements() {
      long n = 1;
      for (long s : shape) {
        n *= s;
      }
      return n;
    }
  }

  private final long[] dims;
  private final int split;
  private final long step;
  /** Start of the next box; null when every box was given. */
  private long[] next;

  /**
   * @param dims the array's dimensions (empty: a scalar, one box)
   * @param chunk the chunk dimensions to align to, or null (contiguous data)
   * @param limit the most elements a box may hold, at least 1
   */
  SlabPlan(long[] dims, long[] chunk, long limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit " + limit + " < 1");
    }
    this.dims = dims.clone();
    int rank = dims.length;
    boolean empty = Arrays.stream(dims).anyMatch(d -> d == 0);
    this.next = empty ? null : new long[rank];
    // the split: the first dimension whose trailing dimensions fit in the limit together
    int d = rank - 1;
    long inner = 1; // elements in the dimensions after d
    while (d > 0 && dims[d] > 0 && dims[d] <= limit / inner) { // (an empty array has no box)
      inner *= dims[d];
      d--;
    }
    this.split = Math.max(d, 0);
    long s = rank == 0 ? 1 : Math.max(1, Math.min(dims[split], limit / inner));
    if (chunk != null && rank > 0 && chunk[split] > 0 && chunk[split] <= s) {
      s -= s % chunk[split];
    }
    this.step = s;
  }

  boolean hasNext() {
    return next != null;
  }

  Box next() {
    if (next == null) {
      throw new NoSuchElementException();
    }
    int rank = dims.length;
    long[] start = next.clone();
    long[] shape = new long[rank];
    for (int i = 0; i < rank; i++) {
      shape[i] = i < split ? 1 : i == split ? Math.min(step, dims[i] - start[i]) : dims[i];
    }
    advance(shape);
    return new Box(start, shape);
  }

  /** Moves {@link #next} past a box of {@code shape}: along the split, then the odometer. */
  private void advance(long[] shape) {
    if (dims.length == 0) {
      next = null;
      return;
    }
    next[split] += shape[split];
    int d = split;
    while (next[d] == dims[d]) {
      if (d == 0) {
        next = null;
        return;
      }
      next[d] = 0;
      next[--d]++;
    }
  }
}
