package io.h5j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * Two builds of h5j-format in one JVM, alternating round by round on the two VDS rows of
 * issue 19's table: open + shape + close ({@link VdsOps#openShape}), and the first element
 * read after an untimed open ({@link VdsOps#readOne}). Each build gets its own class loader
 * (the build first, then this jar for the harness), so that their JIT and the machine's load
 * are shared and their ratio is measured in one run. Prints the median, 10th percentile and
 * minimum of each, rounds after the first fifth, and the load; for the open, also the CPU time
 * of the opening thread and of the threads named {@code h5j-vds-checksum} (where both builds
 * hash a large block), which a loaded machine inflates far less than the wall time: on an idle
 * machine with two cores, the open takes about the larger of the two.
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.VdsOpenBuilds FILE DATASET \
 *     ROUNDS BEFORE_FORMAT_JAR_OR_CLASSES AFTER_FORMAT_JAR_OR_CLASSES
 * </pre>
 */
public final class VdsOpenBuilds {
  private VdsOpenBuilds() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 5) {
      System.err.println("usage: VdsOpenBuilds FILE DATASET ROUNDS BEFORE AFTER");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    String name = args[1];
    int rounds = Integer.parseInt(args[2]);
    URL harness = VdsOpenBuilds.class.getProtectionDomain().getCodeSource().getLocation();
    Method[] openShape = new Method[2];
    Method[] readOne = new Method[2];
    for (int b = 0; b < 2; b++) {
      ClassLoader l = new URLClassLoader(new URL[] {Path.of(args[3 + b]).toUri().toURL(),
          harness}, ClassLoader.getPlatformClassLoader());
      Class<?> ops = l.loadClass(VdsOps.class.getName());
      openShape[b] = ops.getDeclaredMethod("openShape", Path.class, String.class);
      readOne[b] = ops.getDeclaredMethod("readOne", Path.class, String.class, long.class,
          int.class, int.class);
      openShape[b].setAccessible(true);
      readOne[b].setAccessible(true);
    }
    long[][] open = new long[2][rounds];
    double[][] openCpu = new double[2][rounds];
    double[][] checksumCpu = new double[2][rounds];
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] first = new double[2][rounds];
    Random seeds = new Random(19);
    for (int r = 0; r < rounds; r++) {
      long seed = seeds.nextLong(); // both builds read the same element in a round
      for (int b = 0; b < 2; b++) {
        long c0 = threads.getCurrentThreadCpuTime();
        long h0 = checksumThreadsCpu(threads);
        long t0 = System.nanoTime();
        openShape[b].invoke(null, file, name);
        open[b][r] = System.nanoTime() - t0;
        openCpu[b][r] = threads.getCurrentThreadCpuTime() - c0;
        checksumCpu[b][r] = checksumThreadsCpu(threads) - h0;
        first[b][r] = ((double[]) readOne[b].invoke(null, file, name, seed, 0, 0))[0] * 1e9;
      }
    }
    String[] builds = {"before", "after"};
    for (int b = 0; b < 2; b++) {
      System.out.println(builds[b] + " (" + args[3 + b] + ")");
      System.out.println("  open + shape + close  " + summary(Arrays.stream(open[b])
          .asDoubleStream().toArray()));
      System.out.println("  open, CPU of the opening thread  " + summary(openCpu[b]));
      System.out.println("  open, CPU of checksum threads    " + summary(checksumCpu[b]));
      System.out.println("  first element read    " + summary(first[b]));
    }
    System.out.println("load " + Files.readString(Path.of("/proc/loadavg")).trim());
  }

  /** CPU time so far of every thread named h5j-vds-checksum (one per build loaded). */
  private static long checksumThreadsCpu(ThreadMXBean threads) {
    long sum = 0;
    for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (t != null && t.getThreadName().equals("h5j-vds-checksum")) {
        sum += Math.max(0, threads.getThreadCpuTime(t.getThreadId()));
      }
    }
    return sum;
  }

  private static String summary(double[] ns) {
    double[] v = Arrays.copyOfRange(ns, ns.length / 5, ns.length); // the first fifth warms up
    Arrays.sort(v);
    return String.format(Locale.ROOT, "median %.3f ms, p10 %.3f ms, min %.3f ms",
        v[v.length / 2] / 1e6, v[v.length / 10] / 1e6, v[0] / 1e6);
  }
}
