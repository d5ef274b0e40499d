package io.h5j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A Spark scan's CPU in phases, sampled every few milliseconds on a thread of its own: before
 * the first task thread runs (planning, the driver's opens, code generation), while tasks run
 * and after the last one stopped, each split into task threads and everything else; and the
 * tail, the CPU the last task thread spent after every other one had stopped (a core idle on
 * {@code local[2]}). The phases' CPU seconds are what a quiet machine's wall time is made of
 * (Amdahl: the phases before and after are serial whatever the task count), so they say what
 * the speed-up of 2 tasks over 1 would be where the wall time under load cannot.
 */
final class ScanTimeline implements AutoCloseable {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private static final String TASK_THREAD = "Executor task launch worker";
  private static final long PERIOD_MS = 10;

  /** CPU seconds of one phase: process, task threads, driver's main thread. */
  record Phase(double process, double tasks, double main) {
    Phase plus(double p, double t, double m) {
      return new Phase(process + p, tasks + t, main + m);
    }

    double other() {
      return process - tasks;
    }
  }

  /** The scan's phases and tail (CPU seconds of the task thread that ran alone at the end). */
  record Phases(Phase before, Phase during, Phase after, double tail) {
    /**
     * The wall seconds a quiet machine with {@code cores} cores would take on {@code tasks}
     * task threads: the phases before and after serial; while tasks run, the CPU of tasks and
     * all else shared by {@code min(tasks, cores)} cores, less the tail, which runs alone
     * (with one task there is none); with one task on two cores, all else runs on the idle one.
     */
    double quietSeconds(int tasks, int cores) {
      int busy = Math.min(tasks, cores);
      double during = busy < cores
          ? Math.max(this.during.tasks() / busy, this.during.process() / cores)
          : (this.during.process() - tail) / cores + tail;
      return before.process() + during + after.process();
    }

    String text() {
      return String.format(Locale.ROOT, "before tasks %.2f s CPU (main %.2f), tasks running"
          + " %.2f (tasks %.2f, other %.2f), after %.2f; last task alone %.2f",
          before.process(), before.main(), during.process(), during.tasks(), during.other(),
          after.process(), tail);
    }
  }

  private final Thread sampler;
  private final long mainId = Thread.currentThread().getId();
  private final Map<Long, Long> last = new HashMap<>();
  private volatile boolean done;
  private long lastProcess;
  private long samplerNs; // the sampler's own CPU, which the process's includes
  private long samplerCounted;
  private boolean firstTask; // a task thread has gained CPU
  private Phase before = new Phase(0, 0, 0);
  private Phase during = new Phase(0, 0, 0);
  private Phase after = new Phase(0, 0, 0);
  private double tail;
  private boolean sawTwo; // two task threads ran at once: a tail means a core went idle

  private ScanTimeline() {
    read(true);
    sampler = new Thread(this::run, "scan-timeline");
    sampler.setDaemon(true);
  }

  /** Starts sampling now. */
  static ScanTimeline start() {
    ScanTimeline t = new ScanTimeline();
    t.sampler.start();
    return t;
  }

  private void run() {
    while (!done) {
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
      read(false);
    }
  }

  /**
   * One sample: the CPU gained since the last one (less the sampler's own), added to the phase
   * it falls in; task CPU gained with at most one task thread running counts to the tail
   * until two run again.
   */
  private synchronized void read(boolean first) {
    long selfBefore = THREADS.getCurrentThreadCpuTime();
    long[] ids = THREADS.getAllThreadIds();
    ThreadInfo[] infos = THREADS.getThreadInfo(ids);
    long tasksNs = 0;
    long mainNs = 0;
    int running = 0;
    long self = Thread.currentThread().getId();
    for (int i = 0; i < ids.length; i++) {
      long ns = THREADS.getThreadCpuTime(ids[i]);
      if (ns < 0 || infos[i] == null || ids[i] == self) {
        continue;
      }
      Long was = last.put(ids[i], ns);
      long d = was == null ? 0 : ns - was;
      if (ids[i] == mainId) {
        mainNs += Math.max(0, d);
      } else if (infos[i].getThreadName().startsWith(TASK_THREAD)) {
        tasksNs += Math.max(0, d);
        // an idle pool thread waits for its next task; a running task is runnable
        running += infos[i].getThreadState() == Thread.State.RUNNABLE ? 1 : 0;
      }
    }
    long process = OS.getProcessCpuTime();
    samplerNs += THREADS.getCurrentThreadCpuTime() - selfBefore;
    if (first) {
      lastProcess = process;
      return;
    }
    // the sampler's CPU is not the scan's
    double p = Math.max(0, process - lastProcess - (samplerNs - samplerCounted)) / 1e9;
    samplerCounted = samplerNs;
    lastProcess = process;
    if (tasksNs > 0) {
      firstTask = true;
      // what came since the last task sample came between tasks: it was during them
      during = during.plus(after.process(), after.tasks(), after.main());
      after = new Phase(0, 0, 0);
      during = during.plus(p, tasksNs / 1e9, mainNs / 1e9);
      if (running >= 2) {
        sawTwo = true;
        tail = 0; // the tail is the solo run at the end, not one in the middle
      } else {
        tail += tasksNs / 1e9; // one running, or the last one just ended
      }
    } else if (!firstTask) {
      before = before.plus(p, 0, mainNs / 1e9);
    } else {
      after = after.plus(p, 0, mainNs / 1e9);
    }
  }

  /** Stops sampling (after one last sample) and gives the phases. */
  Phases phases() {
    close();
    synchronized (this) {
      read(false);
      return new Phases(before, during, after, sawTwo ? tail : 0);
    }
  }

  @Override
  public void close() {
    done = true;
    sampler.interrupt();
    try {
      sampler.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
