package io.h5j.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 18's h5j-spark scans ({@code count(*), sum(i0), sum(value)} of a float64 dataset,
 * uncompressed and shuffle + deflate) by this build and, with {@code --before DIR}, an earlier
 * build's jars ({@link EarlierSparkBuild}), on {@code local[1]} and {@code local[2]}, in
 * rounds that alternate builds and masters (the order reversed every other round; the first
 * round a warm-up). Reports per build and master the median wall time, rows/s and process
 * CPU seconds per scan (every thread: tasks, GC, JIT, Spark's own; on a loaded machine the
 * CPU seconds move less than the wall time), the collections, and the speed-up of 2 tasks
 * over 1 round by round. Every scan is checked against h5py's sums.
 *
 * <p>Run by {@code benchmarks/run-spark.sh --builds} (same options as the full table, and
 * {@code --before DIR}).
 */
public final class SparkScanBuilds {
  private static final String[] MASTERS = {"local[2]", "local[1]"};
  private static final java.lang.management.CompilationMXBean JIT =
      java.lang.management.ManagementFactory.getCompilationMXBean();

  /** One scan's costs. */
  record Cost(double seconds, double cpuSeconds, long gcs, double gcSeconds,
      ScanTimeline.Phases phases) {}

  /**
   * Options: {@code --gib G} (default 2), {@code --rounds N} (timed rounds after the warm-up,
   * default 3), {@code --work-dir DIR}, {@code --before DIR}, {@code --out FILE}.
   */
  public static void main(String[] args) throws Exception {
    double gib = 2;
    int rounds = 3;
    Path work = Path.of("/tmp/h5j-spark-bench");
    Path before = null;
    Path out = Path.of("benchmarks/target/spark-builds.md");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--gib" -> gib = Double.parseDouble(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--work-dir" -> work = Path.of(args[++i]);
        case "--before" -> before = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    long chunk = SparkScanInputs.CHUNK;
    long elements = Math.max(chunk, Math.round(gib * (1L << 30) / 8 / chunk) * chunk);
    Files.createDirectories(work);
    SparkScanInputs inputs = new SparkScanInputs(work, elements);
    Map<String, ClassLoader> builds = new LinkedHashMap<>();
    builds.put("this build", SparkScanBuilds.class.getClassLoader());
    if (before != null) {
      EarlierSparkBuild b = EarlierSparkBuild.of(before);
      builds.put(b.name(), b);
    }
    List<String> report = new ArrayList<>();
    report.add("# h5j-spark scans by build (issue 18)");
    report.add("");
    report.add("`benchmarks/run-spark.sh --builds`, " + java.time.Instant.now() + " on "
        + MachineFacts.machine() + "; " + MachineFacts.jvm() + ". Load before: "
        + MachineFacts.loadAverage() + ". " + rounds + " timed rounds after one warm-up.");
    report.add("");
    report.add("| scan | build | master | median time | rows/s | CPU s per scan | GCs per scan"
        + " (s) | CPU s before / with / after tasks | 2 tasks / 1 (median, range) | 2 tasks / 1"
        + " on a quiet machine, from the CPU phases |");
    report.add("|---|---|---|---:|---:|---:|---:|---|---|---|");
    for (boolean deflate : new boolean[] {false, true}) {
      Path h5 = inputs.hdf5(deflate);
      SparkScanRounds.Sums truth = inputs.h5pySums(h5);
      Map<String, List<Cost>> costs = rounds(builds, h5, truth, rounds);
      String what = String.format(Locale.ROOT, "%.2f GiB, %s", elements * 8.0 / (1L << 30),
          deflate ? "shuffle + deflate 4" : "uncompressed");
      for (String build : builds.keySet()) {
        for (String master : MASTERS) {
          List<Cost> c = costs.get(build + " " + master);
          List<Double> wall = c.stream().map(Cost::seconds).toList();
          double median = Timing.median(wall);
          String speedUp = "";
          String quiet = "";
          if (master.equals("local[2]")) {
            List<Cost> one = costs.get(build + " local[1]");
            RoundRatios r = new RoundRatios(wall, one.stream().map(Cost::seconds).toList());
            speedUp = String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r.median(), r.low(),
                r.high());
            RoundRatios q = new RoundRatios(
                c.stream().map(x -> x.phases().quietSeconds(2, 2)).toList(),
                one.stream().map(x -> x.phases().quietSeconds(1, 2)).toList());
            quiet = String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", q.median(), q.low(),
                q.high());
          }
          report.add(String.format(Locale.ROOT, "| %s | %s | %s | %.2f s | %.1f M | %.2f |"
              + " %.1f (%.2f) | %.2f / %.2f / %.2f | %s | %s |", what, build, master, median,
              elements / median / 1e6,
              Timing.median(c.stream().map(Cost::cpuSeconds).toList()),
              Timing.median(c.stream().map(x -> (double) x.gcs()).toList()),
              Timing.median(c.stream().map(Cost::gcSeconds).toList()),
              Timing.median(c.stream().map(x -> x.phases().before().process()).toList()),
              Timing.median(c.stream().map(x -> x.phases().during().process()).toList()),
              Timing.median(c.stream().map(x -> x.phases().after().process()).toList()),
              speedUp, quiet));
        }
      }
    }
    report.add("");
    report.add("Load after: " + MachineFacts.loadAverage() + ".");
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.write(out, report);
    report.forEach(System.out::println);
  }

  /** Every build on every master, round by round; keys "build master". */
  private static Map<String, List<Cost>> rounds(Map<String, ClassLoader> builds, Path h5,
      SparkScanRounds.Sums truth, int rounds) throws Exception {
    Map<String, List<Cost>> costs = new LinkedHashMap<>();
    List<String> names = new ArrayList<>(builds.keySet());
    for (int round = 0; round <= rounds; round++) {
      for (int m = 0; m < MASTERS.length; m++) {
        String master = MASTERS[round % 2 == 0 ? m : MASTERS.length - 1 - m];
        for (int b = 0; b < names.size(); b++) {
          String build = names.get(round % 2 == 0 ? b : names.size() - 1 - b);
          Cost c = scan(builds.get(build), master, h5, truth, build);
          if (round > 0) {
            costs.computeIfAbsent(build + " " + master, k -> new ArrayList<>()).add(c);
          }
        }
      }
    }
    return costs;
  }

  /** Where a scan's CPU went, on standard error: the larger thread groups and the rest. */
  private static void printThreads(String what, CpuTime.Mark spent, Map<String, Double> groups,
      double jitSeconds) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "%s: process %.2f s CPU, %d GCs %.2f s, JIT %.2f s (compiler threads' time);", what,
        spent.processMs() / 1e3, spent.gcs(), spent.gcMs() / 1e3, jitSeconds));
    double listed = 0;
    for (Map.Entry<String, Double> e : groups.entrySet()) {
      listed += e.getValue();
      if (e.getValue() >= 0.01) {
        b.append(String.format(Locale.ROOT, " [%s] %.2f", e.getKey(), e.getValue()));
      }
    }
    b.append(String.format(Locale.ROOT, "; outside listed threads (GC, JIT) %.2f s",
        spent.processMs() / 1e3 - listed));
    System.err.println(b);
  }

  /** One scan in a session of its own whose tasks load the source through {@code loader}. */
  private static Cost scan(ClassLoader loader, String master, Path h5,
      SparkScanRounds.Sums truth, String build) throws Exception {
    Thread t = Thread.currentThread();
    ClassLoader was = t.getContextClassLoader();
    t.setContextClassLoader(loader);
    SparkSession spark = SparkScanRounds.session(master);
    try {
      ThreadCpu threads = ThreadCpu.now();
      long jit = JIT.getTotalCompilationTime();
      CpuTime.Mark m = CpuTime.mark();
      ScanTimeline timeline = ScanTimeline.start();
      long start = System.nanoTime();
      SparkScanRounds.Sums got = SparkScanRounds.sums(spark.read()
          .format(EarlierSparkBuild.SOURCE).option("dataset", "/x").load(h5.toString()));
      double s = (System.nanoTime() - start) / 1e9;
      ScanTimeline.Phases phases = timeline.phases();
      CpuTime.Mark spent = m.since();
      printThreads(build + " " + master, spent, ThreadCpu.now().since(threads),
          (JIT.getTotalCompilationTime() - jit) / 1e3);
      System.err.println(build + " " + master + ": " + phases.text());
      SparkScanRounds.check(build + " on " + master, got, truth);
      return new Cost(s, spent.processMs() / 1e3, spent.gcs(), spent.gcMs() / 1e3, phases);
    } finally {
      spark.stop();
      t.setContextClassLoader(was);
    }
  }
}
