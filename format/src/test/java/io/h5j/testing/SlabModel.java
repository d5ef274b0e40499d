package io.h5j.testing;

import io.h5j.Selection;
import java.util.Random;

/**
 * A regular hyperslab as tests model it: random ones inside a shape, and the dataset index
 * (C order) of every element it selects, in the selection's own C order. The one reference
 * that partial I/O tests compare h5j against.
 */
public record SlabModel(long[] start, long[] stride, long[] count, long[] block) {
  /** A random non-empty hyperslab inside {@code dims}; strides leave gaps of 0..2. */
  public static SlabModel random(Random rnd, long[] dims) {
    int rank = dims.length;
    long[] start = new long[rank];
    long[] stride = new long[rank];
    long[] count = new long[rank];
    long[] block = new long[rank];
    for (int d = 0; d < rank; d++) {
      start[d] = rnd.nextInt((int) dims[d]);
      block[d] = 1 + rnd.nextInt((int) (dims[d] - start[d]));
      stride[d] = block[d] + rnd.nextInt(3);
      count[d] = 1 + rnd.nextInt((int) (1 + (dims[d] - start[d] - block[d]) / stride[d]));
    }
    return new SlabModel(start, stride, count, block);
  }

  public Selection selection() {
    return Selection.hyperslab(start, stride, count, block);
  }

  public int elementCount() {
    long n = 1;
    for (int d = 0; d < start.length; d++) {
      n *= count[d] * block[d];
    }
    return (int) n;
  }

  /** The dataset index of each selected element, in selection order. */
  public long[] datasetIndexes(long[] dims) {
    int rank = dims.length;
    long[] shape = new long[rank];
    for (int d = 0; d < rank; d++) {
      shape[d] = count[d] * block[d];
    }
    long[] out = new long[elementCount()];
    for (int k = 0; k < out.length; k++) {
      long rest = k;
      long[] s = new long[rank];
      for (int d = rank - 1; d >= 0; d--) {
        s[d] = rest % shape[d];
        rest /= shape[d];
      }
      long linear = 0;
      for (int d = 0; d < rank; d++) {
        linear = linear * dims[d] + start[d] + (s[d] / block[d]) * stride[d] + s[d] % block[d];
      }
      out[k] = linear;
    }
    return out;
  }

  /** Writes {@code values} into {@code model} (a dataset of {@code dims}) where this selects. */
  public void apply(int[] model, long[] dims, int[] values) {
    long[] at = datasetIndexes(dims);
    for (int k = 0; k < at.length; k++) {
      model[(int) at[k]] = values[k];
    }
  }

  @Override
  public String toString() {
    return selection().toString();
  }
}
