package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Single-chunk reads of uncompressed chunks into new arrays, one after another, take the
 * array a helper made ahead for them: h5py writes 256 KiB chunks, some never written (a fill
 * value, or zeros where none is set), and a short edge chunk; h5j reads chunks in a random
 * order that mixes them, through a mapped (read-only) and an unmapped (writable) file, and
 * every array must hold the values the script's formula gives, be one no earlier read
 * returned, and keep them after the caller overwrote the arrays of earlier reads.
 */
@OracleTest
class SpareArrayReadOracleTest {
  /** float64 per chunk: 256 KiB, large enough for a spare array. */
  private static final int CHUNK = 32768;
  private static final int LENGTH = 6 * CHUNK + 1000;

  private static double value(long i) {
    return (double) ((i * 2654435761L) & 0xffffffffL) - 2147483648.0;
  }

  private static final String SCRIPT = String.join("\n",
      "import h5py, sys, numpy as np",
      "n = " + LENGTH,
      "v = ((np.arange(n, dtype=np.int64) * 2654435761) & 0xffffffff).astype(np.float64)"
          + " - 2147483648.0",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  a = f.create_dataset('filled', shape=(n,), dtype='<f8', chunks=(" + CHUNK + ",),"
          + " fillvalue=-7.5)",
      "  b = f.create_dataset('zeros', shape=(n,), dtype='<f8', chunks=(" + CHUNK + ",))",
      "  for d in (a, b):",
      "    d[0:" + 2 * CHUNK + "] = v[0:" + 2 * CHUNK + "]",
      "    d[" + 4 * CHUNK + ":] = v[" + 4 * CHUNK + ":]");

  @TempDir
  Path dir;

  @Test
  void chunkAfterChunkIntoNewArraysGivesWhatH5pyWrote() throws Exception {
    Path file = dir.resolve("spare.h5");
    Oracles.python(SCRIPT, file.toString());
    try (H5File mapped = H5File.open(file)) {
      readInRandomOrder(mapped, "read-only");
    }
    try (H5File unmapped = H5File.openReadWrite(file)) {
      readInRandomOrder(unmapped, "writable");
    }
  }

  private static void readInRandomOrder(H5File f, String how) throws Exception {
    Random rnd = new Random(20261203L);
    int chunks = (LENGTH + CHUNK - 1) / CHUNK;
    List<double[]> earlier = new ArrayList<>();
    for (int k = 0; k < 60; k++) {
      String name = rnd.nextInt(4) == 0 ? "zeros" : "filled";
      int c = rnd.nextInt(chunks);
      long start = (long) c * CHUNK;
      int length = (int) Math.min(CHUNK, LENGTH - start);
      double[] got = (double[]) f.dataset(name).read(
          Selection.box(new long[] {start}, new long[] {length}));
      String what = how + " read " + k + ": " + name + " chunk " + c;
      assertArrayEquals(expected(name, start, length), got, what);
      for (double[] e : earlier) {
        assertNotSame(e, got, what + " returned an array an earlier read returned");
      }
      for (double[] e : earlier) {
        Arrays.fill(e, Double.NaN); // the caller owns what it got: a spare must not be one
      }
      earlier.add(got);
    }
  }

  private static double[] expected(String name, long start, int length) {
    double[] want = new double[length];
    for (int k = 0; k < length; k++) {
      long i = start + k;
      boolean written = i < 2L * CHUNK || i >= 4L * CHUNK;
      want[k] = written ? value(i) : name.equals("filled") ? -7.5 : 0;
    }
    return want;
  }
}
