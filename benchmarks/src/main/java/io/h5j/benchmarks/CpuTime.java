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

  /**
   * The CPU time of the calling thread and of the process, and the collections of all the
   * JVM's collectors, at one moment; {@link #since} gives what was spent after it.
   */
  record Mark(long callerNs, long processNs, long gcs, long gcMs) {
    /** What was spent from this mark to now (the caller's thread must be the one marked). */
    Mark since() {
      long caller = THREADS.getCurrentThreadCpuTime(); // first: the collectors' count costs
      long process = OS.getProcessCpuTime();
      long[] gc = collections();
      return new Mark(caller - callerNs, process - processNs, gc[0] - gcs, gc[1] - gcMs);
    }

    double callerMs() {
      return callerNs / 1e6;
    }

    double processMs() {
      return processNs / 1e6;
    }
  }

  /** The calling thread's and the process's CPU time and the collections so far. */
  static Mark mark() {
    long[] gc = collections(); // before the CPU times: its cost is not counted
    return new Mark(THREADS.getCurrentThreadCpuTime(), OS.getProcessCpuTime(), gc[0], gc[1]);
  }

  /** Collections so far and their milliseconds, over all the JVM's collectors. */
  private static long[] collections() {
    long n = 0;
    long ms = 0;
    for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
      ms += Math.max(0, gc.getCollectionTime());
    }
    return new long[] {n, ms};
  }

  /** Runs {@code op} and records its CPU time. */
  Object record(Timing.Op op) throws Exception {
    Mark m = mark();
    Object result = op.run();
    Mark spent = m.since();
    caller.add(spent.callerMs());
    process.add(spent.processMs());
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
