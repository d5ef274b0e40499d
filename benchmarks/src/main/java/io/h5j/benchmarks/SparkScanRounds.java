package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Selection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 18's benchmark: a scan of a float64 chunked dataset (uncompressed, and shuffle +
 * deflate) by h5j-spark against the same values as Parquet (Spark's own reader, snappy), on
 * {@code local[2]} and {@code local[1]}, and against h5j read on one thread without Spark; then
 * every dataset of the seed file's last version read as one table each. Every scan computes
 * {@code count(*), sum(i0), sum(value)}, so every row and column is produced; all contenders
 * must agree with h5py's sums of the same file. Rounds alternate the contenders and the two
 * masters (reversed every other round); the first round is a warm-up.
 *
 * <p>Run by {@code benchmarks/run-spark.sh}, which puts Spark and h5j-spark on the class path
 * (the benchmarks jar does not hold them).
 */
public final class SparkScanRounds {
  private static final long CHUNK = SparkScanInputs.CHUNK;
  private static final String[] MASTERS = {"local[2]", "local[1]"};

  private final Path work;
  private final long elements;
  private final int rounds;
  private final Path seed;
  private final List<String> report = new ArrayList<>();
  private final SparkScanInputs inputs;

  private SparkScanRounds(Path work, long elements, int rounds, Path seed) {
    this.work = work;
    this.elements = elements;
    this.rounds = rounds;
    this.seed = seed;
    this.inputs = new SparkScanInputs(work, elements);
  }

  /**
   * Options: {@code --gib G} (size of the dataset, default 4), {@code --rounds N} (timed rounds
   * after the warm-up, default 3), {@code --work-dir DIR}, {@code --seed FILE} (a file {@code h5j
   * demo seed} wrote; without it the seed row is left out), {@code --out FILE}.
   */
  public static void main(String[] args) throws Exception {
    double gib = 4;
    int rounds = 3;
    Path work = Path.of("/tmp/h5j-spark-bench");
    Path seed = null;
    Path out = Path.of("benchmarks/target/spark-table.md");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--gib" -> gib = Double.parseDouble(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--work-dir" -> work = Path.of(args[++i]);
        case "--seed" -> seed = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    long elements = Math.max(CHUNK, Math.round(gib * (1L << 30) / 8 / CHUNK) * CHUNK);
    Files.createDirectories(work);
    SparkScanRounds bench = new SparkScanRounds(work, elements, rounds, seed);
    bench.run();
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.write(out, bench.report);
    bench.report.forEach(System.out::println);
  }

  /** What one scan found: rows, sum of i0, sum of values. */
  record Sums(long rows, double sumIndex, double sumValue) {
    boolean agrees(Sums o) {
      return rows == o.rows && close(sumIndex, o.sumIndex) && close(sumValue, o.sumValue);
    }

    private static boolean close(double a, double b) {
      return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
    }
  }

  /** A timed operation of one contender on one master. */
  interface Scan {
    Sums run(SparkSession spark) throws Exception;
  }

  private void run() throws Exception {
    report.add("# h5j-spark scans (issue 18)");
    report.add("");
    report.add("`benchmarks/run-spark.sh`, " + java.time.Instant.now() + " on "
        + MachineFacts.machine() + "; " + MachineFacts.jvm() + "; Spark "
        + org.apache.spark.package$.MODULE$.SPARK_VERSION() + ". Load before: "
        + MachineFacts.loadAverage() + ". " + rounds + " timed rounds after one warm-up.");
    report.add("");
    report.add("| workload | contender | median time | rows/s | time ratio (median, range) |");
    report.add("|---|---|---:|---:|---|");
    for (boolean deflate : new boolean[] {false, true}) {
      Path h5 = inputs.hdf5(deflate);
      Sums truth = inputs.h5pySums(h5);
      Path parquet = parquetInput(h5, deflate);
      scanRow(deflate ? "shuffle + deflate 4" : "uncompressed", h5, parquet, truth);
    }
    if (seed != null) {
      seedRow();
    }
    report.add("");
    report.add("Load after: " + MachineFacts.loadAverage() + ".");
  }

  private Path parquetInput(Path h5, boolean deflate) {
    Path dir = work.resolve((deflate ? "deflate-" : "plain-") + elements + ".parquet");
    if (!Files.exists(dir.resolve("_SUCCESS"))) {
      SparkSession spark = session("local[2]");
      try {
        spark.read().format("hdf5").option("dataset", "/x").load(h5.toString()).write()
            .mode("overwrite").option("compression", "snappy").parquet(dir.toString());
      } finally {
        spark.stop();
      }
    }
    return dir;
  }

  static SparkSession session(String master) {
    SparkSession spark = SparkSession.builder().master(master).appName("h5j-spark-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    return spark;
  }

  static Sums sums(org.apache.spark.sql.Dataset<Row> df) {
    Row r = df.selectExpr("count(*)", "sum(i0)", "sum(value)").collectAsList().get(0);
    return new Sums(r.getLong(0), ((Number) r.get(1)).doubleValue(), r.getDouble(2));
  }

  private void scanRow(String kind, Path h5, Path parquet, Sums truth) throws Exception {
    Map<String, Scan> contenders = new LinkedHashMap<>();
    contenders.put("h5j-spark", s -> sums(s.read().format("hdf5").option("dataset", "/x")
        .load(h5.toString())));
    contenders.put("Parquet (snappy)", s -> sums(s.read().parquet(parquet.toString())));
    Map<String, List<Double>> seconds = timeOnMasters(contenders, truth);
    List<Double> single = new ArrayList<>();
    for (int round = 0; round <= rounds; round++) {
      long start = System.nanoTime();
      Sums got = readOnOneThread(h5);
      double s = (System.nanoTime() - start) / 1e9;
      check("h5j on one thread", got, truth);
      if (round > 0) {
        single.add(s);
      }
    }
    seconds.put("h5j, one thread, no Spark", single);
    String what = "scan " + String.format(Locale.ROOT, "%.2f GiB", elements * 8.0 / (1L << 30))
        + " float64, " + kind;
    for (Map.Entry<String, List<Double>> e : seconds.entrySet()) {
      String ratio = "";
      if (e.getKey().startsWith("h5j-spark")) {
        String master = e.getKey().substring(e.getKey().indexOf('('));
        ratio = "vs Parquet " + master + ": "
            + ratio(e.getValue(), seconds.get("Parquet (snappy) " + master));
        if (master.equals("(local[2])")) {
          ratio += "; speed-up of 2 tasks over 1: "
              + ratio(seconds.get("h5j-spark (local[1])"), e.getValue());
        }
      }
      report.add("| " + what + " | " + e.getKey() + " | " + secs(Timing.median(e.getValue()))
          + " | " + rate(elements / Timing.median(e.getValue())) + " | " + ratio + " |");
    }
  }

  /** Every contender on every master, round by round, each run checked against the truth. */
  private Map<String, List<Double>> timeOnMasters(Map<String, Scan> contenders, Sums truth)
      throws Exception {
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    for (int round = 0; round <= rounds; round++) {
      for (int m = 0; m < MASTERS.length; m++) {
        String master = MASTERS[round % 2 == 0 ? m : MASTERS.length - 1 - m];
        SparkSession spark = session(master);
        try {
          List<String> order = new ArrayList<>(contenders.keySet());
          if (round % 2 == 1) {
            java.util.Collections.reverse(order);
          }
          for (String name : order) {
            long start = System.nanoTime();
            Sums got = contenders.get(name).run(spark);
            double s = (System.nanoTime() - start) / 1e9;
            check(name + " on " + master, got, truth);
            if (round > 0) {
              seconds.computeIfAbsent(name + " (" + master + ")", k -> new ArrayList<>()).add(s);
            }
          }
        } finally {
          spark.stop();
        }
      }
    }
    return new java.util.TreeMap<>(seconds);
  }

  private static Sums readOnOneThread(Path h5) throws IOException {
    // no worker threads: by default a file decodes chunks on one per core
    try (H5File f = H5File.open(h5).workerThreads(0)) {
      Dataset x = f.dataset("x");
      long n = x.shape()[0];
      double[] buf = new double[(int) (16 * CHUNK)];
      double sum = 0;
      for (long at = 0; at < n; at += buf.length) {
        int len = (int) Math.min(buf.length, n - at);
        x.read(Selection.box(new long[] {at}, new long[] {len}), buf);
        for (int i = 0; i < len; i++) {
          sum += buf[i];
        }
      }
      return new Sums(n, (double) n * (n - 1) / 2, sum);
    }
  }

  private void seedRow() throws Exception {
    String last = PeerOps.lastVersion(seed);
    List<String> names;
    try (H5File f = H5File.open(seed)) {
      names = new ArrayList<>(f.group("_version_data/versions/" + last).memberNames());
    }
    names.sort(null);
    Map<String, Scan> contenders = new LinkedHashMap<>();
    contenders.put("h5j-spark, one table per dataset", s -> {
      long rows = 0;
      double sum = 0;
      for (String name : names) {
        Sums one = sums(s.read().format("hdf5").option("dataset", "/" + name)
            .option("version", last).load(seed.toString()));
        rows += one.rows;
        sum += one.sumValue;
      }
      return new Sums(rows, 0, sum);
    });
    Sums truth = seedOnOneThread(last, names);
    Map<String, List<Double>> seconds = timeOnMasters(contenders, truth);
    List<Double> single = new ArrayList<>();
    for (int round = 0; round <= rounds; round++) {
      long start = System.nanoTime();
      check("h5j on one thread", seedOnOneThread(last, names), truth);
      if (round > 0) {
        single.add((System.nanoTime() - start) / 1e9);
      }
    }
    seconds.put("h5j, one thread, no Spark", single);
    String what = "every dataset of " + last + " of the seed file (" + names.size()
        + " tables, " + truth.rows + " rows)";
    for (Map.Entry<String, List<Double>> e : seconds.entrySet()) {
      report.add("| " + what + " | " + e.getKey() + " | " + secs(Timing.median(e.getValue()))
          + " | " + rate(truth.rows / Timing.median(e.getValue())) + " | "
          + (e.getKey().contains("local[2]") ? "vs one thread: "
              + ratio(e.getValue(), single) : "") + " |");
    }
  }

  /** The seed version's rows and value sum, read by h5j's library on this thread. */
  private Sums seedOnOneThread(String last, List<String> names) throws IOException {
    long rows = 0;
    double sum = 0;
    try (H5File f = H5File.open(seed)) {
      for (String name : names) {
        double[] a = (double[]) f.group("_version_data/versions/" + last).dataset(name).read();
        rows += a.length;
        double s = 0;
        for (double v : a) {
          s += v;
        }
        sum += s;
      }
    }
    return new Sums(rows, 0, sum);
  }

  static void check(String who, Sums got, Sums truth) {
    if (!got.agrees(truth)) {
      throw new IllegalStateException(who + " found " + got + ", h5py " + truth);
    }
  }

  private static String ratio(List<Double> a, List<Double> b) {
    RoundRatios r = new RoundRatios(b, a);
    return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r.median(), r.low(), r.high());
  }

  private static String secs(double s) {
    return String.format(Locale.ROOT, "%.2f s", s);
  }

  private static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%.1f M", perSecond / 1e6);
  }

  static {
    // Spark's output would bury the report
    System.setProperty("spark.ui.showConsoleProgress", "false");
  }
}
