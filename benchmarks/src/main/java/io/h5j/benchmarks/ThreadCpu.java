package io.h5j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The CPU time of the JVM's live threads, grouped by name with the digits taken out (Spark's
 * "Executor task launch worker for task 3.0 ..." and the like become one group): where a
 * process's CPU went between two moments. What the process spent beyond all groups went to
 * threads the MXBean does not list (the collector's, the JIT compilers') or to threads that
 * ended in between.
 */
final class ThreadCpu {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Map<Long, Long> nanos = new HashMap<>();
  private final Map<Long, String> names = new HashMap<>();

  private ThreadCpu() {}

  /** The CPU time of every live thread now. */
  static ThreadCpu now() {
    ThreadCpu t = new ThreadCpu();
    long[] ids = THREADS.getAllThreadIds();
    ThreadInfo[] infos = THREADS.getThreadInfo(ids);
    for (int i = 0; i < ids.length; i++) {
      long ns = THREADS.getThreadCpuTime(ids[i]);
      if (ns >= 0 && infos[i] != null) {
        t.nanos.put(ids[i], ns);
        t.names.put(ids[i], infos[i].getThreadName().replaceAll("[0-9]+", "#"));
      }
    }
    return t;
  }

  /** Seconds each group spent from {@code earlier} to this moment, largest first in text. */
  Map<String, Double> since(ThreadCpu earlier) {
    Map<String, Double> out = new TreeMap<>();
    for (Map.Entry<Long, Long> e : nanos.entrySet()) {
      long spent = e.getValue() - earlier.nanos.getOrDefault(e.getKey(), 0L);
      if (spent > 0) {
        out.merge(names.get(e.getKey()), spent / 1e9, Double::sum);
      }
    }
    return out;
  }
}
