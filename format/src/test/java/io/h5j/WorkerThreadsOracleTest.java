package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file told to use no chunk worker threads reads and writes filtered chunked data on the
 * calling thread alone: h5py's values come back, h5py reads what h5j wrote, and no
 * {@code h5j-chunks} thread is started for it.
 */
@OracleTest
class WorkerThreadsOracleTest {
  private static final int ROWS = 200;
  private static final int COLS = 300;

  /** h5py writes x[i, j] = (i * COLS + j) * 0.5 - 3 in deflated, shuffled 16 x 32 chunks. */
  private static final String WRITE = String.join("\n",
      "import sys, h5py, numpy as np",
      "x = (np.arange(" + ROWS * COLS + ", dtype='f8') * 0.5 - 3).reshape(" + ROWS + ", "
          + COLS + ")",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    f.create_dataset('x', data=x, chunks=(16, 32), compression='gzip', shuffle=True)");

  /** h5py prints the sum of x and x[1, 2] of the file h5j wrote. */
  private static final String READ = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    x = f['x'][...]",
      "    print(repr(float(x.sum())), repr(float(x[1, 2])), x.shape)");

  @TempDir Path dir;

  private static double[] expected() {
    double[] x = new double[ROWS * COLS];
    for (int i = 0; i < x.length; i++) {
      x[i] = i * 0.5 - 3;
    }
    return x;
  }

  /** The chunk worker threads alive now (of any file: names repeat between files). */
  private static Set<Thread> chunkThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("h5j-chunks-")).collect(Collectors.toSet());
  }

  private static void assertNoneStarted(Set<Thread> before) {
    Set<Thread> started = chunkThreads();
    started.removeAll(before);
    assertEquals(Set.of(), started, "chunk threads started for a file told to use none");
  }

  @Test
  void readsOnTheCallingThread() throws Exception {
    Path file = dir.resolve("py.h5");
    Oracles.python(WRITE, file.toString());
    Set<Thread> before = chunkThreads();
    try (H5File f = H5File.open(file).workerThreads(0)) {
      assertArrayEquals(expected(), (double[]) f.dataset("/x").read());
      assertNoneStarted(before);
    }
  }

  @Test
  void writesOnTheCallingThread() throws Exception {
    Path file = dir.resolve("h5j.h5");
    Set<Thread> before = chunkThreads();
    try (H5File f = H5File.create(file).workerThreads(0)) {
      f.root().createDataset("x", DatasetSpec.of(expected()).chunks(512).shuffle().deflate(4));
      assertNoneStarted(before);
    }
    double sum = 0;
    for (double v : expected()) {
      sum += v;
    }
    assertEquals(repr(sum) + " " + repr(expected()[COLS + 2]) + " (" + ROWS * COLS + ",)",
        Oracles.python(READ.replace("x[1, 2]", "x[" + (COLS + 2) + "]"), file.toString()).trim());
  }

  @Test
  void cannotChangeOnceTheWorkersRun() throws Exception {
    Path file = dir.resolve("py.h5");
    Oracles.python(WRITE, file.toString());
    try (H5File f = H5File.open(file)) {
      f.dataset("/x").read();
      assertThrows(IllegalStateException.class, () -> f.workerThreads(0));
    }
    try (H5File f = H5File.open(file)) {
      assertThrows(IllegalArgumentException.class, () -> f.workerThreads(-1));
    }
  }

  /** Python's repr of a float that is a multiple of 0.5 below 2^53. */
  private static String repr(double v) {
    return v == Math.rint(v) ? String.format("%.1f", v) : Double.toString(v);
  }
}
