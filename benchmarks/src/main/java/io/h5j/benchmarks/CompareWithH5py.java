package io.h5j.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Times h5j against h5py (libhdf5) on the same machine and the same files, in one run, and
 * prints a Markdown table of medians and ratios (h5j / h5py; below 1 means h5j is faster).
 *
 * <p>The inputs are written by h5py ({@code h5py_side.py prepare}). Each operation is timed
 * in this JVM (warm-up, then N repetitions, median) and then by a Python process running the
 * same operation with {@code time.perf_counter} (warm-up, then N, median). Both timed regions
 * cover only the operation (open, work, close): JVM and interpreter start-up, imports and the
 * input arrays of the write test are outside.
 *
 * <pre>
 * java -Xmx4g -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.CompareWithH5py \
 *     [--size-gb 1 | --size-mb 64] [--quick] [--reps N] [--work-dir DIR] [--out FILE]
 *     [--no-cold] [--stream-mb M] [--rows GROUP,...] [--rounds R] [--round-reads N]
 *     [--reuse-inputs]
 * </pre>
 *
 * <p>The random-read rows run h5py and h5j alternating in {@code --rounds} rounds (10; 4 with
 * {@code --quick}) after a warm-up round, {@code --round-reads} reads per run (1,000; 250),
 * and report the median per-round ratio with a confidence interval (see {@link RoundRatios}).
 *
 * <p>{@code --rows} runs only some groups of rows: {@code metadata} (links, attributes),
 * {@code contiguous}, {@code chunked-write}, {@code chunked-read}, {@code random},
 * {@code append}, {@code stream}; such a partial report goes to
 * {@code benchmarks/target/results-rows.md} unless {@code --out} is given.
 *
 * <p>The chunked rows (issue 3) follow the contiguous ones: 1 MiB chunks written and read
 * whole, uncompressed and with shuffle + deflate 4; random single-chunk reads; single-row
 * appends; and a streaming write larger than the heap, done by {@link StreamWrite} in a JVM
 * of its own with {@code -Xmx256m}.
 *
 * <p>The report goes to {@code benchmarks/results.md} ({@code benchmarks/target/results-quick.md}
 * with {@code --quick}) unless {@code --out} names another file.
 */
public final class CompareWithH5py {
  private final Path work;
  private final Sizes sizes;
  private final int smallReps;
  private final int bigReps;
  private final boolean coldWanted;
  private final H5pySide py;
  private final List<Row> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  /**
   * One line of the table; py or java may be null for a one-sided information row. Rows
   * measured in alternating rounds carry their per-round ratios.
   */
  record Row(String operation, Timing.Result py, Timing.Result java, RoundRatios rounds) {
    Row(String operation, Timing.Result py, Timing.Result java) {
      this(operation, py, java, null);
    }

    /** The median per-round ratio when measured in rounds, else the ratio of the medians. */
    double ratio() {
      return rounds != null ? rounds.median() : java.median() / py.median();
    }
  }

  /** An issue-3 target: the row's ratio h5j / h5py must be at most {@code limit}. */
  record Target(String operation, double limit) {}

  private final List<Target> targets = new ArrayList<>();

  /** The groups of rows {@code --rows} may name. */
  static final List<String> GROUPS = List.of("metadata", "contiguous", "chunked-write",
      "chunked-read", "random", "append", "stream");

  private final List<String> groups;
  /** Alternating rounds of the random-read rows (after one warm-up round). */
  private final int rounds;
  /** Whether inputs already in the work directory are read as they are, not written anew. */
  private boolean reuseInputs;

  private CompareWithH5py(Path work, Sizes sizes, int smallReps, int bigReps, boolean cold,
      List<String> groups, int rounds) throws IOException {
    this.groups = groups;
    this.rounds = rounds;
    this.work = work;
    this.sizes = sizes;
    this.smallReps = smallReps;
    this.bigReps = bigReps;
    this.coldWanted = cold;
    this.py = new H5pySide(work);
  }

  public static void main(String[] args) throws Exception {
    Sizes sizes = Sizes.FULL;
    boolean quick = false;
    boolean cold = true;
    Integer reps = null;
    Integer rounds = null;
    boolean reuse = false;
    Integer roundReads = null;
    Long dataMb = null;
    Long streamMb = null;
    Path work = Path.of(System.getProperty("java.io.tmpdir"), "h5j-bench");
    Path out = null;
    List<String> groups = GROUPS;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> quick = true;
        case "--size-gb" -> dataMb = Math.round(Double.parseDouble(args[++i]) * 1024);
        case "--size-mb" -> dataMb = Long.parseLong(args[++i]);
        case "--reps" -> reps = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--reuse-inputs" -> reuse = true;
        case "--round-reads" -> roundReads = Integer.parseInt(args[++i]);
        case "--work-dir" -> work = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--no-cold" -> cold = false;
        case "--stream-mb" -> streamMb = Long.parseLong(args[++i]);
        case "--rows" -> groups = rowGroups(args[++i]);
        default -> {
          System.err.println("usage: CompareWithH5py [--quick] [--size-gb G | --size-mb M]"
              + " [--reps N] [--rounds R] [--round-reads N] [--reuse-inputs] [--work-dir DIR] [--out results.md] [--no-cold]"
              + " [--stream-mb M] [--rows " + String.join(",", GROUPS) + "]");
          System.exit(2);
        }
      }
    }
    if (quick) {
      sizes = Sizes.QUICK;
    }
    if (out == null) {
      // A smoke run must not overwrite the committed full results.
      out = quick ? Path.of("benchmarks", "target", "results-quick.md")
          : !groups.equals(GROUPS) ? Path.of("benchmarks", "target", "results-rows.md")
          : Path.of("benchmarks", "results.md");
    }
    if (dataMb != null) {
      sizes = sizes.withDataMb(dataMb);
    }
    if (streamMb != null) {
      sizes = sizes.withStreamMb(streamMb);
    }
    if (roundReads != null) {
      sizes = sizes.withRandomReads(roundReads);
    }
    if (rounds != null && rounds < 1 || roundReads != null && roundReads < 1) {
      System.err.println("--rounds and --round-reads need at least 1");
      System.exit(2);
    }
    int small = reps != null ? reps : quick ? 3 : 10;
    int big = reps != null ? reps : quick ? 3 : 5;
    CompareWithH5py c = new CompareWithH5py(work, sizes, small, big, cold, groups,
        rounds != null ? rounds : quick ? 4 : 10);
    c.reuseInputs = reuse;
    String report = c.runAll();
    System.out.println();
    System.out.println(report);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    Files.writeString(out, report);
    System.out.println("written to " + out.toAbsolutePath());
  }

  private String runAll() throws Exception {
    if (reuseInputs && Files.exists(work.resolve("deflate.h5"))) {
      log("reusing the inputs in " + work + " (--reuse-inputs)");
    } else {
      log("preparing inputs with h5py in " + work + " ...");
      long t0 = System.nanoTime();
      py.prepare(work, sizes, groups.contains("metadata"));
      log(String.format(Locale.ROOT, "inputs ready in %.1f s", (System.nanoTime() - t0) / 1e9));
    }
    String versions = py.run("versions");

    if (groups.contains("metadata")) {
      int warm = 3;
      compare(String.format(Locale.ROOT, "list %,d link names of a dense group",
              sizes.links()), "list_names", warm, smallReps, false,
          () -> H5jOps.listNames(work), null);
      Timing.Result links = Timing.measure(warm, smallReps, Runtime.getRuntime()::gc,
          () -> H5jOps.listLinks(work));
      rows.add(new Row(String.format(Locale.ROOT,
          "list %,d links with kind and address (h5j `links()`)", sizes.links()), null, links));
      compare(String.format(Locale.ROOT, "read %,d scalar int64 attributes, %d groups × %d",
              sizes.attributes(), sizes.attrGroups(), sizes.attrsPerGroup()), "attrs_spread",
          warm, smallReps, false, () -> H5jOps.attributesSpread(work, sizes.attrGroups()), null);
      compare(String.format(Locale.ROOT, "read %,d scalar int64 attributes on one group",
              sizes.attributes()), "attrs_one", warm, smallReps, false,
          () -> H5jOps.attributesOne(work), null);
    }

    String mib = sizeLabel();
    int n = sizes.datasetLengths().length;
    String parts = n == 1 ? "one dataset" : n + " datasets of ≤ 1 GiB";
    double expect = H5jOps.read(work.resolve("data.h5")); // the check of every data row
    if (groups.contains("contiguous")) {
      // Write: each repetition starts from no file and an empty dirty-page queue.
      Path h5jOut = work.resolve("h5j_written.h5");
      double[][] arrays = H5jOps.data(sizes);
      Timing.Result jw = Timing.measure(1, bigReps, () -> {
        Files.deleteIfExists(h5jOut);
        Disk.sync();
        System.gc();
      }, () -> H5jOps.write(h5jOut, arrays));
      java.util.Arrays.fill(arrays, null);
      System.gc();
      Timing.Result pw = pyTime("write", 1, bigReps, false);
      rows.add(new Row("write " + mib + " float64, contiguous, " + parts
          + " (create + write + close + fsync)", pw, jw));
      Timing.Result pwn = pyTime("write_nosync", 1, bigReps, false);
      rows.add(new Row("write " + mib + " float64 without fsync (h5py only: h5j's close always"
          + " fsyncs)", pwn, null));
      // libhdf5 must read back what h5j wrote.
      String back = py.run("time", "--op", "read", "--dir", work.toString(), "--data-file",
          h5jOut.getFileName().toString(), "--warmup", "0", "--reps", "1");
      checkSame("h5py reading h5j's file", JsonLine.number(back, "check"), expect);
      Files.deleteIfExists(h5jOut);
      Files.deleteIfExists(work.resolve("py_written.h5"));

      compare("read " + mib + " float64, contiguous, " + parts + ", warm page cache", "read", 1,
          bigReps, false, () -> H5jOps.read(work.resolve("data.h5")), null);
      if (coldWanted && canDropCaches()) {
        int coldReps = coldReps();
        compare("read " + mib + " float64, contiguous, cold page cache", "read", 0, coldReps,
            true, () -> H5jOps.read(work.resolve("data.h5")), () -> {
              System.gc();
              dropCaches();
            });
      } else {
        notes.add("Cold-cache reads were not measured: "
            + (coldWanted ? "/proc/sys/vm/drop_caches is not writable here (needs root)."
                : "--no-cold was given."));
      }
    }
    chunkedRows(mib, parts, expect);
    return report(versions);
  }

  /** Deletes {@code file}, syncs and collects garbage: the state before each timed write. */
  private static Timing.Before fresh(Path file) {
    return () -> {
      Files.deleteIfExists(file);
      Disk.sync();
      System.gc();
    };
  }

  /** The rows of issue 3: chunked storage, filters, partial I/O, appends, streaming. */
  private void chunkedRows(String mib, String parts, double expect) throws Exception {
    if (groups.contains("chunked-write")) {
      // 1. Write whole, 1 MiB chunks, uncompressed and shuffle + deflate 4.
      log("write " + mib + " chunked, uncompressed and deflate ...");
      Path jc = work.resolve("h5j_chunked.h5");
      Path jd = work.resolve("h5j_deflate.h5");
      double[][] arrays = H5jOps.data(sizes);
      Timing.Result jwc = Timing.measure(1, bigReps, fresh(jc),
          () -> H5jOps.writeChunked(jc, arrays, false));
      Timing.Result jwd = Timing.measure(1, bigReps, fresh(jd),
          () -> H5jOps.writeChunked(jd, arrays, true));
      java.util.Arrays.fill(arrays, null);
      System.gc();
      Timing.Result pwc = pyTime("write_chunked", 1, bigReps, false);
      Timing.Result pwd = pyTime("write_deflate", 1, bigReps, false);
      rows.add(target(new Row("write " + mib + " float64, 1 MiB chunks, uncompressed, " + parts
          + " (create + write + close + fsync)", pwc, jwc), 1.0));
      rows.add(target(new Row("write " + mib + " float64, 1 MiB chunks, shuffle + deflate 4, "
          + parts + " (create + write + close + fsync)", pwd, jwd), 0.7));
      for (Path p : List.of(jc, jd)) {
        String back = py.run("time", "--op", "read", "--dir", work.toString(), "--data-file",
            p.getFileName().toString(), "--warmup", "0", "--reps", "1");
        checkSame("h5py reading h5j's " + p.getFileName(), JsonLine.number(back, "check"),
            expect);
      }
      notes.add(String.format(Locale.ROOT, "File sizes: h5j wrote %,d bytes (uncompressed) and"
          + " %,d bytes (shuffle + deflate 4); h5py's inputs are %,d and %,d bytes. The values"
          + " (i × 0.5, ascending) compress extremely well after the shuffle, so the deflate rows"
          + " time zlib on easy input.", Files.size(jc), Files.size(jd),
          Files.size(work.resolve("chunked.h5")), Files.size(work.resolve("deflate.h5"))));
      Files.deleteIfExists(jc);
      Files.deleteIfExists(jd);
      Files.deleteIfExists(work.resolve("py_written.h5"));
    }

    if (groups.contains("chunked-read")) {
      // 2. Read whole: the h5py-written inputs.
      compare("read " + mib + " float64, 1 MiB chunks, uncompressed, " + parts
          + ", warm page cache", "read", 1, bigReps, false,
          () -> H5jOps.read(work.resolve("chunked.h5")), null, "--data-file", "chunked.h5");
      target(rows.get(rows.size() - 1), 1.0);
      compare("read " + mib + " float64, 1 MiB chunks, shuffle + deflate 4, " + parts
          + ", warm page cache", "read", 1, bigReps, false,
          () -> H5jOps.read(work.resolve("deflate.h5")), null, "--data-file", "deflate.h5");
      target(rows.get(rows.size() - 1), 0.7);
    }

    if (groups.contains("random")) {
      randomRows();
    }

    if (groups.contains("append")) {
      // 4. Single-row appends.
      int appendRows = sizes.appendRows();
      String appendLabel = String.format(Locale.ROOT, "%,d single-row appends (resize + write"
          + " 1 × 8 float64; chunks 1024 × 8; + close + fsync)", appendRows);
      log(appendLabel + " ...");
      Path ja = work.resolve("h5j_append.h5");
      Timing.Result jap = Timing.measure(1, bigReps, fresh(ja), () -> H5jOps.append(ja,
          appendRows));
      Timing.Result pap = pyTime("append", 1, bigReps, false, "--rows",
          String.valueOf(appendRows));
      checkSame(appendLabel, pap.check(), jap.check());
      String full = py.run("check_append", "--dir", work.toString(), "--data-file",
          ja.getFileName().toString(), "--rows", String.valueOf(appendRows));
      checkSame("h5py reading h5j's appended rows", JsonLine.number(full, "check"), jap.check());
      rows.add(target(new Row(appendLabel, pap, jap), 1.0));
      log(String.format(Locale.ROOT, "  h5py %s, h5j %s", fmt(pap.median()), fmt(jap.median())));
      Files.deleteIfExists(ja);
      Files.deleteIfExists(work.resolve("py_append.h5"));
    }

    if (groups.contains("stream")) {
      streamRows();
    }
  }

  /**
   * Random single-chunk reads (issue 3), in alternating rounds. A round runs h5py, h5j (new
   * arrays), h5j (reused buffer), then the same three in reverse order, each run the same
   * reads; a side's round time is the sum of its two runs. The mirrored order cancels, inside
   * each round, a trend in the load and the effect of which run came just before (a new-array
   * run measured 2-3 times slower right after an h5py run than after h5j's buffer run, on a
   * loaded machine). h5py runs in one long-lived process ({@link H5pySide.Server}) as h5j
   * runs in this JVM: both stay warm, and no interpreter start-up sits inside a round.
   */
  private void randomRows() throws Exception {
    int n = sizes.randomReads();
    int[] order = {0, 1, 2, 2, 1, 0}; // h5py, h5j new arrays, h5j reused buffer, mirrored
    String[] sideNames = {"h5py", "h5j new arrays", "h5j reused buffer"};
    try (H5pySide.Server server = py.serve()) {
      for (String kind : List.of("uncompressed", "deflate")) {
        boolean deflate = kind.equals("deflate");
        String name = deflate ? "deflate.h5" : "chunked.h5";
        String filters = deflate ? "shuffle + deflate 4" : "uncompressed";
        log(String.format(Locale.ROOT, "%d + 1 rounds of 2 × %,d random single-chunk reads per"
            + " side, %s ...", rounds, n, filters));
        Path file = work.resolve(name);
        List<Timing.Op> sides = List.of(
            () -> server.time("--op", "random_chunks", "--dir", work.toString(), "--data-file",
                name, "--count", String.valueOf(n), "--warmup", "0", "--reps", "1"),
            () -> H5jOps.randomChunks(file, n), () -> H5jOps.randomChunksIntoBuffer(file, n));
        double[][] runs = new double[3][2 * (rounds + 1)]; // [side][2 * round + half]
        for (int r = 0; r <= rounds; r++) { // round 0 warms both sides up
          for (int k = 0; k < order.length; k++) {
            int side = order[k];
            double t;
            Object check;
            if (side == 0) {
              String json = (String) sides.get(0).run();
              t = JsonLine.numbers(json, "times_s").get(0);
              check = JsonLine.number(json, "check");
            } else {
              // No System.gc() before the run: a full collection shrinks G1's heap to a few
              // MB, so each run would regrow it through fresh, page-faulted memory (measured:
              // ~300 us more CPU per read), a cost no reading program pays each 1,000 reads;
              // h5py's process keeps its warm allocator state between runs too.
              Timing.Result one = Timing.measure(0, 1, null, sides.get(side));
              t = one.times().get(0);
              check = one.check();
            }
            checkSame(String.format(Locale.ROOT, "random reads, %s, round %d, %s", filters, r,
                sideNames[side]), expectRandom(kind, check), check);
            runs[side][2 * r + (k < order.length / 2 ? 0 : 1)] = t;
          }
        }
        Timing.Result[] results = new Timing.Result[3];
        for (int side = 0; side < 3; side++) {
          List<Double> sums = new ArrayList<>();
          for (int r = 1; r <= rounds; r++) {
            sums.add(runs[side][2 * r] + runs[side][2 * r + 1]);
          }
          results[side] = new Timing.Result(List.of(runs[side][0] + runs[side][1]), sums, null);
        }
        String reads = String.format(Locale.ROOT, "%,d", 2 * n);
        rows.add(target(new Row(reads + " random single-chunk reads (1 MiB box each), "
            + filters, results[0], results[1],
            new RoundRatios(results[0].times(), results[1].times())), deflate ? 0.7 : 1.0));
        rows.add(new Row(reads + " random single-chunk reads, " + filters + ", h5j into one"
            + " reused direct ByteBuffer", results[0], results[2],
            new RoundRatios(results[0].times(), results[2].times())));
        log(String.format(Locale.ROOT, "  new array: %s; reused buffer: %s",
            rows.get(rows.size() - 2).rounds().summary(),
            rows.get(rows.size() - 1).rounds().summary()));
        randomHalves.add(String.format(Locale.ROOT, "  - %s, median ms per run in the first"
            + " half of a round / the second: h5py %s, h5j new arrays %s, h5j reused buffer"
            + " %s", filters, halves(runs[0]), halves(runs[1]), halves(runs[2])));
      }
    }
    notes.add(String.format(Locale.ROOT, "Random-read rows: %d rounds after one warm-up round."
        + " A round runs h5py, h5j (new arrays), h5j (reused buffer), then the same in reverse"
        + " order, every run the same %,d reads of one open file; a side's time per round is"
        + " the sum of its two runs, so the table shows the median of %d sums of %,d reads."
        + " h5py runs in one long-lived `h5py_side.py serve` process (warm, as h5j's JVM), timed"
        + " inside it; h5j's runs follow each other in one JVM with no System.gc() between them"
        + " (one would shrink the heap that the next run regrows through fresh memory)."
        + " The h5py column is the same runs for both rows of a kind. Ratio = median"
        + " of the per-round ratios; the interval is a distribution-free confidence interval of"
        + " that median (order statistics), and a target counts as settled only when the whole"
        + " interval lies on one side of it. Per round (h5j/h5py):%n%s%n%s", rounds, n, rounds,
        2 * n, roundReport(), String.join("\n", randomHalves)));
  }

  private final List<String> randomHalves = new ArrayList<>();

  /** Median ms of the first-half runs (even slots) and second-half runs, warm-up excluded. */
  private static String halves(double[] runs) {
    List<Double> first = new ArrayList<>();
    List<Double> second = new ArrayList<>();
    for (int i = 2; i < runs.length; i++) {
      (i % 2 == 0 ? first : second).add(runs[i] * 1e3);
    }
    return String.format(Locale.ROOT, "%.0f / %.0f", Timing.median(first),
        Timing.median(second));
  }

  /** The check value both sides' random reads of {@code kind} must give (the first seen). */
  private Object expectRandom(String kind, Object check) {
    return randomChecks.computeIfAbsent(kind, k -> check);
  }

  private final java.util.Map<String, Object> randomChecks = new java.util.HashMap<>();

  /** The per-round ratios of the rows measured in rounds, as a Markdown list. */
  private String roundReport() {
    StringBuilder sb = new StringBuilder();
    for (Row r : rows) {
      if (r.rounds() != null) {
        List<String> each = new ArrayList<>();
        for (double x : r.rounds().ratios()) {
          each.add(String.format(Locale.ROOT, "%.2f", x));
        }
        sb.append("  - ").append(r.operation()).append(": ").append(String.join(" ", each))
            .append("; ").append(r.rounds().summary()).append('\n');
      }
    }
    return sb.toString().stripTrailing();
  }

  /** A dataset larger than h5j's heap, written chunk by chunk, then read back in slabs. */
  private void streamRows() throws Exception {
    long mb = sizes.streamMb();
    String size = mb % 1024 == 0 ? (mb / 1024) + " GiB" : mb + " MiB";
    int reps = bigReps >= 5 ? 3 : Math.max(1, bigReps);
    String writeLabel = "stream-write " + size + " float64 chunk by chunk, 1 MiB chunks,"
        + " h5j with -Xmx256m (create + write + close + fsync)";
    log(writeLabel + " ...");
    Path js = work.resolve("h5j_stream.h5");
    List<Double> jt = new ArrayList<>();
    String jsum = null;
    String heap = "?";
    for (int r = 0; r < reps; r++) {
      fresh(js).run();
      String out = smallHeapJvm("write", js.toString(), String.valueOf(mb));
      jt.add(Double.parseDouble(JsonLine.text(out, "seconds")));
      jsum = JsonLine.text(out, "checksum");
      heap = JsonLine.text(out, "max_heap_mib");
    }
    Timing.Result jw = new Timing.Result(List.of(), jt, jsum);
    String pyOut = py.run("time", "--op", "stream_write", "--dir", work.toString(),
        "--stream-mb", String.valueOf(mb), "--warmup", "0", "--reps", String.valueOf(reps));
    Timing.Result pw = new Timing.Result(List.of(), JsonLine.numbers(pyOut, "times_s"),
        JsonLine.number(pyOut, "check"));
    rows.add(new Row(writeLabel, pw, jw));
    log(String.format(Locale.ROOT, "  h5py %s, h5j %s", fmt(pw.median()), fmt(jw.median())));
    // libhdf5 reads h5j's file back and must see the same checksum.
    String pyCheck = JsonLine.text(py.run("stream_check", "--dir", work.toString(),
        "--data-file", js.getFileName().toString()), "check");
    if (!pyCheck.equals(jsum)) {
      throw new IllegalStateException("h5py reading h5j's streamed file: checksum " + pyCheck
          + ", h5j wrote " + jsum);
    }
    Files.deleteIfExists(js);

    String readLabel = "read the streamed " + size + " back in 64 MiB slabs (h5py's file),"
        + " h5j with -Xmx256m";
    log(readLabel + " ...");
    Path ps = work.resolve("py_stream_write.h5");
    List<Double> rt = new ArrayList<>();
    String rsum = null;
    for (int r = 0; r < reps; r++) {
      System.gc();
      String out = smallHeapJvm("read", ps.toString());
      rt.add(Double.parseDouble(JsonLine.text(out, "seconds")));
      rsum = JsonLine.text(out, "checksum");
    }
    String pyRead = py.run("time", "--op", "stream_read", "--dir", work.toString(),
        "--data-file", ps.getFileName().toString(), "--warmup", "0", "--reps",
        String.valueOf(reps));
    String pyReadSum = JsonLine.text(pyRead, "check");
    if (!pyReadSum.equals(rsum) || !rsum.equals(jsum)) {
      throw new IllegalStateException("streamed data checksums differ: h5py read " + pyReadSum
          + ", h5j read " + rsum + ", h5j wrote " + jsum);
    }
    rows.add(new Row(readLabel, new Timing.Result(List.of(),
        JsonLine.numbers(pyRead, "times_s"), pyReadSum), new Timing.Result(List.of(), rt, rsum)));
    Files.deleteIfExists(ps);
    notes.add("Streaming rows: each h5j run is a fresh JVM (`io.h5j.benchmarks.StreamWrite`,"
        + " max heap " + heap + " MiB, so " + size + " is more than the heap; no warm-up),"
        + " timed inside that JVM; h5py runs " + reps + " times in one process. The write"
        + " makes one `Dataset.write(Selection.box(...))` per 1 MiB chunk of a dataset created"
        + " with `DatasetSpec.empty(FLOAT64, n).chunks(131072)`; h5py assigns `ds[a:b] = ...`"
        + " per chunk. Both sides generate each chunk's values inside the timed loop. Checksum"
        + " (wrapping sum of the float64 bit patterns) " + jsum + ": the same for the values"
        + " h5j wrote, h5py's reading of h5j's file, and both sides' slab reads of h5py's"
        + " file.");
  }

  private static List<String> rowGroups(String list) {
    List<String> out = new ArrayList<>();
    for (String g : list.split(",")) {
      if (!GROUPS.contains(g.trim())) {
        throw new IllegalArgumentException("--rows: unknown group " + g + "; choose from "
            + GROUPS);
      }
      out.add(g.trim());
    }
    return out;
  }

  private Row target(Row r, double limit) {
    targets.add(new Target(r.operation(), limit));
    return r;
  }

  /** The targets of issue 3, met or not, as a Markdown list. */
  private String targetReport() {
    StringBuilder sb = new StringBuilder();
    for (Target t : targets) {
      for (Row r : rows) {
        if (r.operation().equals(t.operation())) {
          double ratio = r.ratio();
          sb.append(String.format(Locale.ROOT, "  - %s: %.2f, target ≤ %.1f: %s%n",
              t.operation().replaceAll(" \\(.*\\)$", ""), ratio, t.limit(),
              r.rounds() != null ? r.rounds().verdict(t.limit())
                  : ratio <= t.limit() ? "met" : "**not met**"));
        }
      }
    }
    return sb.toString().stripTrailing();
  }

  /** Runs StreamWrite in a JVM with a 256 MiB heap; returns its JSON line. */
  private static String smallHeapJvm(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
        "-cp", System.getProperty("java.class.path"), StreamWrite.class.getName()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    int rc = p.waitFor();
    if (rc != 0) {
      throw new IOException(String.join(" ", cmd) + " failed with exit code " + rc + ": "
          + out);
    }
    return out;
  }

  private int coldReps() {
    return Math.max(3, bigReps - 2);
  }

  /** Times one operation in h5j, then in h5py, and adds a row. */
  private void compare(String label, String pyOp, int warmup, int reps, boolean cold,
      Timing.Op javaOp, Timing.Before javaBefore, String... pyExtra) throws Exception {
    log(label + " ...");
    Timing.Before before = javaBefore != null ? javaBefore : Runtime.getRuntime()::gc;
    Timing.Result j = Timing.measure(warmup, reps, before, javaOp);
    Timing.Result p = pyTime(pyOp, warmup, reps, cold, pyExtra);
    checkSame(label, p.check(), j.check());
    rows.add(new Row(label, p, j));
    log(String.format(Locale.ROOT, "  h5py %s, h5j %s", fmt(p.median()), fmt(j.median())));
  }

  private Timing.Result pyTime(String op, int warmup, int reps, boolean cold,
      String... extra) throws IOException, InterruptedException {
    List<String> a = new ArrayList<>(List.of("time", "--op", op, "--dir", work.toString(),
        "--warmup", String.valueOf(warmup), "--reps", String.valueOf(reps),
        "--data-mb", String.valueOf(sizes.dataMb()),
        "--attr-groups", String.valueOf(sizes.attrGroups())));
    if (cold) {
      a.add("--cold");
    }
    a.addAll(List.of(extra));
    String json = py.run(a.toArray(String[]::new));
    List<Double> times = JsonLine.numbers(json, "times_s");
    // The script reports only the measured times; warm-ups are not comparable "first" times.
    return new Timing.Result(List.of(), times, JsonLine.number(json, "check"));
  }

  private static void checkSame(String what, Object py, Object java) {
    double a = ((Number) py).doubleValue();
    double b = ((Number) java).doubleValue();
    if (a != b) {
      throw new IllegalStateException(what + ": h5py and h5j disagree (check value " + a
          + " vs " + b + "); the comparison would be meaningless");
    }
  }

  private static String parseString(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\":\\s*\"([^\"]*)\"").matcher(json);
    return m.find() ? m.group(1) : "?";
  }

  // ---- page cache ----

  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private static boolean canDropCaches() {
    try {
      dropCaches();
      return true;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  private static void dropCaches() throws IOException, InterruptedException {
    Disk.sync();
    try (OutputStream o = Files.newOutputStream(DROP_CACHES)) {
      o.write("3\n".getBytes(StandardCharsets.US_ASCII));
    }
  }


  // ---- report ----

  private String sizeLabel() {
    long mb = sizes.dataMb();
    return mb % 1024 == 0 ? (mb / 1024) + " GiB" : mb + " MiB";
  }

  private String report(String versions) throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("# h5j vs h5py\n\n");
    sb.append("Measured ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE))
        .append(" by `benchmarks/run.sh")
        .append(sizes.equals(Sizes.QUICK) ? " --quick" : "").append("` (`io.h5j.benchmarks.")
        .append("CompareWithH5py`) on ").append(MachineFacts.machine()).append(".\n");
    sb.append("h5j: ").append("Java ").append(System.getProperty("java.vm.version"))
        .append(" (").append(System.getProperty("java.vm.name")).append("), max heap ")
        .append(Runtime.getRuntime().maxMemory() >> 20).append(" MiB. ");
    sb.append("h5py ").append(parseString(versions, "h5py")).append(" on libhdf5 ")
        .append(parseString(versions, "hdf5")).append(", numpy ")
        .append(parseString(versions, "numpy")).append(", Python ")
        .append(parseString(versions, "python")).append(".\n\n");
    sb.append("Median of ").append(smallReps).append(" runs after 3 warm-ups (metadata rows)"
        + " and of ").append(bigReps).append(" runs after 1 warm-up (data rows; cold reads: ")
        .append(coldReps()).append(" runs, no warm-up, page cache dropped before each run). Each timed run opens the file,"
        + " does the operation and closes the file. Ratio = h5j / h5py: below 1 means h5j is"
        + " faster.\n\n");
    sb.append("| operation | h5py median | h5j median | ratio (h5j/h5py) |\n");
    sb.append("|---|---:|---:|---:|\n");
    for (Row r : rows) {
      sb.append("| ").append(r.operation()).append(" | ")
          .append(r.py() == null ? "—" : fmt(r.py().median())).append(" | ")
          .append(r.java() == null ? "—" : fmt(r.java().median())).append(" | ")
          .append(r.py() == null || r.java() == null ? "—"
              : String.format(Locale.ROOT, "%.2f", r.ratio()))
          .append(" |\n");
    }
    sb.append("\nFirst (un-warmed) h5j run in this JVM, for comparison with the medians: ");
    List<String> firsts = new ArrayList<>();
    for (Row r : rows) {
      if (r.java() != null && !r.java().warmup().isEmpty()) {
        firsts.add(r.operation().replaceAll(" \\(.*\\)$", "") + " " + fmt(r.java().first()));
      }
    }
    sb.append(String.join("; ", firsts)).append(".\n\nNotes:\n\n");
    if (!targets.isEmpty()) {
      notes.add(0, "Issue 3 targets (ratio h5j / h5py; uncompressed rows ≤ 1.0, deflate rows"
          + " ≤ 0.7, where h5j may use every core and h5py uses one):\n" + targetReport());
    }
    notes.add("Every measured time, in run order (ms; h5j warm-ups in brackets):\n"
        + rawTimes());
    sb.append("- Inputs were written by h5py: `links.h5` and `attrs.h5` with libver='latest'"
        + " (dense group: fractal heap + v2 B-tree; dense attributes likewise), `data.h5` with"
        + " h5py's defaults (superblock 0, contiguous); `chunked.h5` and `deflate.h5` hold the"
        + " same values in 1 MiB chunks (131,072 float64; h5py's defaults, so a v1 B-tree chunk"
        + " index), uncompressed and shuffle + gzip level 4. Both sides compute the same check"
        + " value (count or sum) and the runner stops if they differ; h5py also read back every"
        + " file h5j wrote (whole 1 GiB datasets, every appended row, the streamed dataset's"
        + " checksum).\n");
    sb.append("- h5py: `list(f['g'].keys())`, `dict(group.attrs)`, `f.create_dataset(name,"
        + " data=array)`, `f[name][()]`. h5j: `Group.memberNames()`, `Group.links()`,"
        + " `attributes().all()`, `createDataset(name, DatasetSpec.of(double[]))`,"
        + " `Dataset.read()`.\n");
    sb.append("- Chunked rows. Write: h5py `f.create_dataset(name, data=array, chunks=(131072,)"
        + "[, shuffle=True, compression='gzip', compression_opts=4])`; h5j one call"
        + " `createDataset(name, DatasetSpec.of(double[]).chunks(131072)[.shuffle().deflate(4)])`"
        + " (not chunk-by-chunk writes). Read whole: as for contiguous data. Random reads: the"
        + " same pseudo-random chunk sequence of x0 on both sides (a 64-bit LCG), each read a"
        + " box of one whole chunk: h5py `ds[a:b]`, h5j `read(Selection.box(...))`, one open"
        + " file per run. Appends: dataset (0, 8) float64, max shape (unlimited, 8), chunks"
        + " (1024, 8); per row h5py `ds.resize(n + 1, axis=0); ds[n] = row`, h5j"
        + " `resize(n + 1, 8)` + `write(Selection.box({n, 0}, {1, 8}), row)`; both then close,"
        + " fsync, reopen and read the last row for the check.\n");
    sb.append("- h5j's `H5File.close()` forces the file to disk (`FileChannel.force`), so the"
        + " compared write row adds an `fsync` after h5py's close; the h5py-only row shows"
        + " the write without it.\n");
    sb.append("- The machine may be shared with other work (builds, tests) during a run; the"
        + " raw times below show the spread. Load average at the end of this run: ")
        .append(MachineFacts.loadAverage()).append(".\n");
    for (String n : notes) {
      sb.append("- ").append(n).append('\n');
    }
    return sb.toString();
  }

  private String rawTimes() {
    StringBuilder sb = new StringBuilder();
    for (Row r : rows) {
      sb.append("  - ").append(r.operation().replaceAll(" \\(.*\\)$", "")).append(": ");
      if (r.py() != null) {
        sb.append("h5py ").append(ms(r.py().times()));
      }
      if (r.java() != null) {
        sb.append(r.py() != null ? "; " : "").append("h5j ");
        if (!r.java().warmup().isEmpty()) {
          sb.append('[').append(ms(r.java().warmup())).append("] ");
        }
        sb.append(ms(r.java().times()));
      }
      sb.append('\n');
    }
    return sb.toString().stripTrailing();
  }

  private static String ms(List<Double> seconds) {
    List<String> out = new ArrayList<>();
    for (double s : seconds) {
      out.add(String.format(Locale.ROOT, "%.0f", s * 1e3));
    }
    return String.join(" ", out);
  }

      static String fmt(double seconds) {
    if (seconds >= 1) {
      return String.format(Locale.ROOT, "%.2f s", seconds);
    }
    if (seconds >= 0.01) {
      return String.format(Locale.ROOT, "%.0f ms", seconds * 1e3);
    }
    return String.format(Locale.ROOT, "%.2f ms", seconds * 1e3);
  }

  private static void log(String s) {
    System.err.println("[bench] " + s);
  }
}
