package io.h5j.format.select;

import java.util.Arrays;

/**
 * A regular hyperslab: per dimension, {@code count} blocks of {@code block} elements, the
 * first at {@code start}, each {@code stride} after the previous. Blocks never overlap
 * ({@code stride >= block} where {@code count > 1}). Elements are numbered in C order of the
 * selection's own shape ({@code count * block} per dimension).
 */
public record Hyperslab(long[] start, long[] stride, long[] count, long[] block) {
  public Hyperslab {
    start = start.clone();
    stride = stride.clone();
    count = count.clone();
    block = block.clone();
    int rank = start.length;
    if (stride.length != rank || count.length != rank || block.length != rank) {
      throw new IllegalArgumentException("start, stride, count and block need the same rank");
    }
    for (int d = 0; d < rank; d++) {
      if (start[d] < 0 || count[d] < 0 || block[d] < 1 || stride[d] < 1) {
        throw new IllegalArgumentException("dimension " + d + ": start and count must be >= 0,"
            + " block and stride >= 1");
      }
      if (count[d] > 1 && stride[d] < block[d]) {
        throw new IllegalArgumentException("dimension " + d + ": stride " + stride[d]
            + " is smaller than block " + block[d] + ", so blocks would overlap");
      }
    }
  }

  /** Everything of a space with dimensions {@code dims}. */
  public static Hyperslab all(long[] dims) {
    return box(new long[dims.length], dims);
  }

  /** The box of {@code shape} elements whose first corner is {@code start}. */
  public static Hyperslab box(long[] start, long[] shape) {
    int rank = shape.length;
    long[] one = new long[rank];
    long[] count = new long[rank];
    long[] block = new long[rank];
    for (int d = 0; d < rank; d++) {
      one[d] = 1;
      // a zero-size dimension is a zero count (blocks are at least 1)
      count[d] = shape[d] == 0 ? 0 : 1;
      block[d] = Math.max(1, shape[d]);
    }
    return new Hyperslab(start, one, count, block);
  }

  public int rank() {
    return start.length;
  }

  /** Elements selected along each dimension. */
  public long[] shape() {
    long[] s = new long[rank()];
    for (int d = 0; d < s.length; d++) {
      s[d] = Math.multiplyExact(count[d], block[d]);
    }
    return s;
  }

  public long elementCount() {
    long n = 1;
    for (int d = 0; d < count.length; d++) { // no shape() array: called per chunk and mapping
      n = Math.multiplyExact(n, Math.multiplyExact(count[d], block[d]));
    }
    return n;
  }

  /** One past the last selected coordinate along {@code d} (start when nothing is selected). */
  public long end(int d) {
    return count[d] == 0 ? start[d] : start[d] + (count[d] - 1) * stride[d] + block[d];
  }

  /** Whether every selected element lies inside a space of dimensions {@code dims}. */
  public boolean fitsIn(long[] dims) {
    if (dims.length != rank()) {
      return false;
    }
    for (int d = 0; d < dims.length; d++) {
      if (count[d] > 0 && end(d) > dims[d]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Hyperslab h && Arrays.equals(start, h.start)
        && Arrays.equals(stride, h.stride) && Arrays.equals(count, h.count)
        && Arrays.equals(block, h.block);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(start) * 31 + Arrays.hashCode(count);
  }

  @Override
  public String toString() {
    return "start " + Arrays.toString(start) + " stride " + Arrays.toString(stride) + " count "
        + Arrays.toString(count) + " block " + Arrays.toString(block);
  }
}
