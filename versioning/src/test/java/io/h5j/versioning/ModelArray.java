package io.h5j.versioning;

import java.util.Arrays;

/**
 * The test's own idea of one dataset of one version: a shape and values in C order, as
 * float64 ({@code <f8}) or int32 ({@code <i4}); resize and box writes done naively.
 */
final class ModelArray {
  final String dtype;
  long[] shape;
  double[] values;
  final double fill;
  /** For arrays known only by shape and digest (a manifest's), the digest; else null. */
  private String knownSha256;

  ModelArray(String dtype, long[] shape, double fill) {
    this.dtype = dtype;
    this.shape = shape.clone();
    this.fill = fill;
    this.values = new double[(int) count(shape)];
    Arrays.fill(values, fill);
  }

  /** An array described by shape and the SHA-256 of its values only. */
  static ModelArray described(String dtype, long[] shape, String sha256) {
    ModelArray m = new ModelArray(dtype, new long[0], 0);
    m.shape = shape.clone();
    m.knownSha256 = sha256;
    return m;
  }

  ModelArray copy() {
    ModelArray m = new ModelArray(dtype, shape, fill);
    m.values = values.clone();
    return m;
  }

  static long count(long[] shape) {
    long n = 1;
    for (long s : shape) {
      n *= s;
    }
    return n;
  }

  private long index(long[] at, long[] dims) {
    long i = 0;
    for (int d = 0; d < dims.length; d++) {
      i = i * dims[d] + at[d];
    }
    return i;
  }

  /** Writes {@code v} (C order) into the box of {@code extent} at {@code start}, element by element. */
  void write(long[] start, long[] extent, double[] v) {
    long[] at = new long[shape.length];
    for (long k = 0; k < v.length; k++) {
      long r = k;
      for (int d = shape.length - 1; d >= 0; d--) {
        at[d] = start[d] + r % extent[d];
        r /= extent[d];
      }
      values[(int) index(at, shape)] = v[(int) k];
    }
  }

  void resize(long[] newShape) {
    double[] out = new double[(int) count(newShape)];
    Arrays.fill(out, fill);
    long[] at = new long[shape.length];
    for (long k = 0; k < out.length; k++) {
      long r = k;
      boolean inside = true;
      for (int d = newShape.length - 1; d >= 0; d--) {
        at[d] = r % newShape[d];
        r /= newShape[d];
        inside &= at[d] < shape[d];
      }
      if (inside) {
        out[(int) k] = values[(int) index(at, shape)];
      }
    }
    shape = newShape.clone();
    values = out;
  }

  /** The values as the Java array h5j reads for this dtype. */
  Object javaArray() {
    if (dtype.equals("<i4")) {
      int[] a = new int[values.length];
      for (int i = 0; i < a.length; i++) {
        a[i] = (int) values[i];
      }
      return a;
    }
    return values.clone();
  }

  /** SHA-256 of the values as little-endian bytes in C order (what the h5py check computes). */
  String sha256() {
    return knownSha256 != null ? knownSha256 : ValueDigest.of(dtype, javaArray());
  }
}
