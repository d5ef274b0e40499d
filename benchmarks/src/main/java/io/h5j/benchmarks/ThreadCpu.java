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
 * process's CPU went between two moments. The JVM's own threads, which the MXBean does not
 * list (the JIT compilers', the collector's, the VM thread), are read from Linux's {@code
 * /proc/self/task} (in clock ticks, 10 ms) and grouped as {@code jvm: } and their names. What
 * the process spent beyond all groups went to threads that ended in between.
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
    t.addJvmThreads();
    return t;
  }

  /** The threads of /proc/self/task named as the JVM names its own, keyed by minus their id. */
  private void addJvmThreads() {
    java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
    if (tasks == null) {
      return; // not Linux: those threads stay unlisted
    }
    for (java.io.File task : tasks) {
      String stat;
      try {
        stat = java.nio.file.Files.readString(task.toPath().resolve("stat"));
      } catch (java.io.IOException e) {
        continue; // the thread ended meanwhile
      }
      int open = stat.indexOf('(');
      int close = stat.lastIndexOf(')');
      String name = stat.substring(open + 1, close);
      if (!JVM_THREAD.matcher(name).lookingAt()) {
        continue;
      }
      String[] f = stat.substring(close + 2).split(" ");
      // fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the name
      long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
      long id = -Long.parseLong(task.getName());
      nanos.put(id, ticks * 10_000_000L);
      names.put(id, "jvm: " + name.replaceAll("[0-9]+", "#"));
    }
  }

  /** Names of the JVM's threads that have no java.lang.Thread (HotSpot's, JDK 17). */
  private static final java.util.regex.Pattern JVM_THREAD = java.util.regex.Pattern.compile(
      "C1 CompilerThre|C2 CompilerThre|GC Thread|G1 |VM Thread|VM Periodic|Sweeper");

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
