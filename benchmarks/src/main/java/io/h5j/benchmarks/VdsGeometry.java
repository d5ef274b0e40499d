package io.h5j.benchmarks;

/**
 * The shape of the virtual datasets of the VDS benchmark, as versioned-hdf5 makes them: one
 * 2-D float64 raw dataset {@code /raw} of {@code n} chunks stacked along axis 0 (shape
 * {@code (n * edge, edge)}, max shape {@code (unlimited, edge)}, chunks {@code (edge, edge)}),
 * and virtual datasets of shape {@code (rows * edge, cols * edge)}, each chunk of which is one
 * mapping of one whole raw chunk.
 *
 * <p>Virtual chunk {@code k} (C order over the chunk grid) of version {@code v} maps raw chunk
 * {@code (k * STRIDE + v) mod n}: a fixed scatter, so that neither side reads the raw chunks in
 * file order by luck, and each version maps differently. Raw element {@code (r, c)} holds
 * {@code r * edge + c}. {@code h5py_vds_side.py} builds the same layout.
 *
 * @param mappings mappings per virtual dataset (= raw chunks)
 * @param edge chunk edge (chunks are {@code edge x edge})
 */
record VdsGeometry(int mappings, int edge) {
  /** A prime that shares no factor with the mapping counts used (powers of 10). */
  static final long STRIDE = 7919;

  /** Multiplier of the weights in {@link #checksum}. */
  static final int WEIGHT_PERIOD = 1009;

  VdsGeometry {
    if (mappings % STRIDE == 0) {
      throw new IllegalArgumentException(mappings + " mappings: a multiple of " + STRIDE);
    }
  }

  /** Chunk-grid columns: the largest divisor of the mapping count not above its square root. */
  int gridCols() {
    int c = (int) Math.sqrt(mappings);
    while (mappings % c != 0) {
      c--;
    }
    return c;
  }

  int gridRows() {
    return mappings / gridCols();
  }

  long[] virtualShape() {
    return new long[] {(long) gridRows() * edge, (long) gridCols() * edge};
  }

  long[] rawShape() {
    return new long[] {(long) mappings * edge, edge};
  }

  long elements() {
    return (long) mappings * edge * edge;
  }

  /** The raw chunk that virtual chunk {@code k} of version {@code version} maps. */
  long rawChunk(long k, int version) {
    return Math.floorMod(k * STRIDE + version, (long) mappings);
  }

  /** Virtual start of chunk {@code k}. */
  long[] virtualStart(long k) {
    int cols = gridCols();
    return new long[] {k / cols * edge, k % cols * edge};
  }

  /** The value at virtual element {@code (r, c)} of version {@code version}. */
  long value(long r, long c, int version) {
    long k = r / edge * gridCols() + c / edge;
    long rawRow = rawChunk(k, version) * edge + r % edge;
    return rawRow * edge + c % edge;
  }

  /** The raw dataset's values, flat in C order. */
  double[] rawValues() {
    double[] v = new double[Math.toIntExact(elements())];
    for (int i = 0; i < v.length; i++) {
      v[i] = i;
    }
    return v;
  }

  /**
   * The check value of a whole read: the wrapping sum of {@code value(i) * (i % 1009 + 1)} over
   * the elements {@code i} in C order; a misplaced chunk changes it.
   */
  static long checksum(double[] values) {
    long s = 0;
    for (int i = 0; i < values.length; i++) {
      s += (long) values[i] * (i % WEIGHT_PERIOD + 1);
    }
    return s;
  }

  /** {@link #checksum} of version {@code version} as the geometry says it should read. */
  long expectedChecksum(int version) {
    long[] shape = virtualShape();
    long s = 0;
    long i = 0;
    for (long r = 0; r < shape[0]; r++) {
      for (long c = 0; c < shape[1]; c++, i++) {
        s += value(r, c, version) * (i % WEIGHT_PERIOD + 1);
      }
    }
    return s;
  }

  /**
   * The {@code n}-th position of the single-element reads (seeded by {@code seed}): the same
   * 64-bit LCG as {@code h5py_vds_side.py}; returns the flat index of the element.
   */
  static long[] positions(long seed, int n, long elements) {
    long[] out = new long[n];
    long x = seed;
    for (int i = 0; i < n; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      out[i] = Long.remainderUnsigned(x >>> 1, elements);
    }
    return out;
  }
}
