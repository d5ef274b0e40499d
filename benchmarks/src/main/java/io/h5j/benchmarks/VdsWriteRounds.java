package io.h5j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The VDS write target of issue 4 alone, settled on a loaded machine: h5j's write of many VDS
 * against a plain FileChannel write of as many bytes, in rounds. A round runs h5j, plain,
 * plain, h5j (mirrored, so that a trend in the load and the effect of the run before cancel
 * inside it); a side's round time is the sum of its two runs, and the ratio is the median of
 * the per-round ratios with its interval ({@link RoundRatios}). No h5py write (minutes).
 *
 * <p>Each h5j run also records CPU time: of the calling thread, of the file's worker threads
 * (threads named {@code h5j-} other than the process's {@code h5j-vds-} ones, read just
 * before the file is closed, since they end with it),
 * and of the rest of the process (GC, JIT); and how long the calling thread waited parked (for
 * the workers: a measure of what the workers' part adds to the critical path that load on
 * the machine does not inflate the way it inflates wall time).
 */
final class VdsWriteRounds {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** The outcome: the per-round times, and per h5j run the CPU milliseconds. */
  record Outcome(RoundRatios rounds, List<double[]> cpu, long growth) {
    /**
     * Median of {@code column}: ms of CPU of 0 caller, 1 workers, 2 rest; 3 ms the caller
     * waited parked; 4 MB the caller allocated; 5 young and full GCs; 6 ms in GC (as the
     * collectors count it).
     */
    double medianCpu(int column) {
      return Timing.median(cpu.stream().map(c -> c[column]).toList());
    }
  }

  private VdsWriteRounds() {}

  /**
   * Runs one warm-up round and {@code rounds} measured rounds of writing {@code count} VDS of
   * {@code g} into a fresh copy of {@code base} ({@code out}), against writing the same growth
   * to {@code plain}.
   */
  static Outcome run(Path base, Path out, Path plain, VdsGeometry g, int count, int rounds)
      throws Exception {
    Files.copy(base, out, StandardCopyOption.REPLACE_EXISTING);
    VdsOps.addVersions(out, g, count, false); // sizes the reference
    long growth = Files.size(out) - Files.size(base);
    byte[] each = new byte[(int) ((growth + count - 1) / count)];
    Arrays.fill(each, (byte) 0x5a);
    List<Double> jt = new ArrayList<>();
    List<Double> pt = new ArrayList<>();
    List<double[]> cpu = new ArrayList<>();
    if (THREADS.isThreadContentionMonitoringSupported()) {
      THREADS.setThreadContentionMonitoringEnabled(true);
    }
    long me = Thread.currentThread().getId();
    for (int r = 0; r <= rounds; r++) { // round 0 warms both sides up
      double j = 0;
      double p = 0;
      for (int k = 0; k < 4; k++) {
        if (k == 0 || k == 3) {
          Files.copy(base, out, StandardCopyOption.REPLACE_EXISTING);
          settle();
          double[] c = new double[7];
          long waited0 = THREADS.getThreadInfo(me).getWaitedTime();
          long alloc0 = THREADS.getThreadAllocatedBytes(me);
          long t0 = System.nanoTime();
          CpuTime.Mark cpu0 = CpuTime.mark();
          VdsOps.addVersions(out, g, count, false, false, () -> c[1] = workerCpuMs());
          j += (System.nanoTime() - t0) / 1e9;
          CpuTime.Mark spent = cpu0.since();
          c[0] = spent.callerMs();
          c[2] = spent.processMs() - c[0] - c[1];
          c[3] = THREADS.getThreadInfo(me).getWaitedTime() - waited0;
          c[4] = (THREADS.getThreadAllocatedBytes(me) - alloc0) / 1e6;
          c[5] = spent.gcs();
          c[6] = spent.gcMs();
          if (r > 0) {
            cpu.add(c);
          }
        } else {
          Files.deleteIfExists(plain);
          settle();
          long t0 = System.nanoTime();
          VdsOps.writePlain(plain, count, each);
          p += (System.nanoTime() - t0) / 1e9;
        }
      }
      log(String.format(Locale.ROOT, "round %d: h5j %.0f ms, plain %.0f ms (two runs each)%s",
          r, j * 1e3, p * 1e3, r == 0 ? " (warm-up)" : ""));
      if (r > 0) {
        jt.add(j);
        pt.add(p);
      }
    }
    Files.deleteIfExists(plain);
    return new Outcome(new RoundRatios(pt, jt), cpu, growth);
  }

  /** Before a timed run: dirty pages written back, garbage collected. */
  private static void settle() throws Exception {
    Disk.sync();
    System.gc();
  }

  /**
   * CPU milliseconds of the live threads named {@code h5j-} that a file starts and ends (its
   * workers, its writeback): not the ones kept for the process (the VDS check threads), whose
   * CPU would carry over from earlier runs.
   */
  static double workerCpuMs() {
    long ns = 0;
    for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (t != null && t.getThreadName().startsWith("h5j-")
          && !t.getThreadName().startsWith("h5j-vds-")) {
        long c = THREADS.getThreadCpuTime(t.getThreadId());
        ns += Math.max(0, c);
      }
    }
    return ns / 1e6;
  }

  private static void log(String s) {
    System.err.println("[vds-bench] " + s);
  }
}
