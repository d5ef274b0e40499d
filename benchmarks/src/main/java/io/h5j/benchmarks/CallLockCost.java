package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.type.Datatypes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Random;

/**
 * What the per-file call lock costs a single thread (results-call-lock.md): {@code make FILE}
 * writes a chunked, deflated 1000 x 100 dataset and a contiguous 1 GiB one; {@code run FILE
 * LABEL} prints, per repetition, the wall and caller-CPU milliseconds of 10,000 single-element
 * reads (each opening the dataset by path, as a server answering requests does) and the wall
 * milliseconds of one whole read of the 1 GiB dataset into a direct buffer. Run the builds
 * before and after in alternation, each in a JVM of its own, and compare ratios of one run.
 */
public final class CallLockCost {
  private static final int READS = 10_000;
  private static final int REPETITIONS = 7;

  private CallLockCost() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[1]);
    if (args[0].equals("make")) {
      make(file);
      return;
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    ByteBuffer whole = ByteBuffer.allocateDirect(1 << 30);
    try (H5File f = H5File.open(file)) {
      Random r = new Random(1);
      double sink = 0;
      for (int i = 0; i < 2 * READS; i++) { // warm-up
        sink += one(f, r);
      }
      StringBuilder out = new StringBuilder(args[2]);
      for (int rep = 0; rep < REPETITIONS; rep++) {
        long cpu = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        for (int i = 0; i < READS; i++) {
          sink += one(f, r);
        }
        long t1 = System.nanoTime();
        cpu = threads.getCurrentThreadCpuTime() - cpu;
        whole.clear();
        f.dataset("big").read(Selection.all(), whole);
        long t2 = System.nanoTime();
        sink += whole.getDouble(8 * 12345);
        out.append(String.format(" %.1f %.1f %.0f", (t1 - t0) / 1e6, cpu / 1e6, (t2 - t1) / 1e6));
      }
      System.out.println(out + " (sink " + (long) sink + ")");
    }
  }

  private static double one(H5File f, Random r) throws Exception {
    long[] at = {r.nextInt(1000), r.nextInt(100)};
    return f.dataset("small").readDoubles(Selection.box(at, new long[] {1, 1}))[0];
  }

  private static void make(Path file) throws Exception {
    try (H5File f = H5File.create(file)) {
      f.syncOnClose(false);
      double[][] small = new double[1000][100];
      for (int i = 0; i < 1000; i++) {
        for (int j = 0; j < 100; j++) {
          small[i][j] = i + j * 0.01;
        }
      }
      f.root().createDataset("small", DatasetSpec.of(small).chunks(50, 50).deflate(1));
      long n = 1L << 27; // 1 GiB of float64
      Dataset big = f.root().createDataset("big", DatasetSpec.empty(Datatypes.FLOAT64, n)
          .layout(DatasetSpec.Layout.CONTIGUOUS));
      int slab = 1 << 22;
      double[] v = new double[slab];
      for (long s = 0; s < n; s += slab) {
        for (int i = 0; i < slab; i++) {
          v[i] = s + i;
        }
        big.write(Selection.box(new long[] {s}, new long[] {slab}), v);
      }
    }
  }
}
