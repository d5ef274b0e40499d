package io.h5j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU time spent by the calling thread and by the whole process during timed runs: on a
 * shared machine wall time says little, CPU time tells what the runs themselves cost (the
 * process's share beyond the caller's: worker threads, GC, JIT).
 */
final class CpuTime {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  /** Milliseconds of CPU per recorded run: the caller's thread and the process. */
  private final List<Double> caller = new ArrayList<>();
  private final List<Double> process = new ArrayList<>();

  /** Runs {@code op} and records its CPU time. */
  Object record(Timing.Op op) throws Exception {
    long t0 = THREADS.getCurrentThreadCpuTime();
    long p0 = OS.getProcessCpuTime();
    Object result = op.run();
    caller.add((THREADS.getCurrentThreadCpuTime() - t0) / 1e6);
    process.add((OS.getProcessCpuTime() - p0) / 1e6);
    return result;
  }

  /** Forgets the first {@code n} runs (warm-ups). */
  void dropFirst(int n) {
    caller.subList(0, Math.min(n, caller.size())).clear();
    process.subList(0, Math.min(n, process.size())).clear();
  }

  double medianCaller() {
    return Timing.median(caller);
  }

  double medianProcess() {
    return Timing.median(process);
  }
}
