package io.h5j.conformance;

/** The in-memory model of a hyperslab write: the values land where the selection says. */
final class PartialModel {
  private PartialModel() {}

  static void apply(int[] model, long[] dims, long[] start, long[] stride, long[] count,
      long[] block, int[] values) {
    int rank = dims.length;
    long[] shape = new long[rank];
    for (int d = 0; d < rank; d++) {
      shape[d] = count[d] * block[d];
    }
    for (int k = 0; k < values.length; k++) {
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
      model[(int) linear] = values[k];
    }
  }
}
