package io.h5j.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The virtual-dataset targets of issue 4, h5j against h5py (libhdf5) on the same files in one
 * run: open a VDS of many single-chunk mappings and read its shape, read it whole, read one
 * element, write many such VDS, and the bytes each mapping takes in the default and compact
 * encodings. h5j writes the files ({@link VdsGeometry}: versioned-hdf5's shape); h5py reads
 * them ({@code h5py_vds_side.py}) and, for the write row, builds the same VDS itself.
 *
 * <pre>
 * java -Xmx4g -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.CompareVdsWithH5py \
 *     [--quick] [--only write|write-rounds] [--rounds N] [--work-dir DIR] [--out FILE]
 * </pre>
 *
 * <p>The report goes to {@code benchmarks/results-vds.md} ({@code --quick}:
 * {@code benchmarks/target/results-vds-quick.md}; {@code --only write}, the write rows alone:
 * {@code benchmarks/target/results-vds-write.md}) unless {@code --out} names another file.
 *
 * <p>{@code --only write-rounds} runs h5j's write row and its plain-write reference alone, in
 * {@code --rounds} (default 15) alternating rounds ({@link VdsWriteRounds}), with no h5py write:
 * the ratio and its interval, settled on a loaded machine, and CPU per thread (report:
 * {@code benchmarks/target/results-vds-write-rounds.md}).
 */
public final class CompareVdsWithH5py {
  /** Java warm-ups before the measured runs (JIT); h5py gets one. */
  private static final int JAVA_WARMUP = 3;

  private final Path work;
  private final VdsSizes sizes;
  private final boolean quick;
  private final boolean onlyWrite;
  /** Alternating rounds of the write row alone ({@code --only write-rounds}); 0: not asked. */
  private final int writeRounds;
  private final H5pySide py;
  private final List<Row> rows = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final List<String> raw = new ArrayList<>();

  /**
   * One line of the table, as text.
   *
   * @param ratio h5j / h5py (or as the row says), NaN for none
   * @param target the target, e.g. "≤ 1", or "" for a reference row
   * @param met whether the target is met (ignored without a target)
   */
  record Row(String operation, String py, String java, double ratio, String target,
      boolean met) {}

  private CompareVdsWithH5py(Path work, VdsSizes sizes, boolean quick, boolean onlyWrite,
      int writeRounds) throws IOException {
    this.work = work;
    this.sizes = sizes;
    this.quick = quick;
    this.onlyWrite = onlyWrite;
    this.writeRounds = writeRounds;
    this.py = new H5pySide(work, "h5py_vds_side.py");
  }

  public static void main(String[] args) throws Exception {
    boolean quick = false;
    boolean onlyWrite = false;
    boolean rounds = false;
    int roundCount = 15;
    Path work = Path.of(System.getProperty("java.io.tmpdir"), "h5j-bench-vds");
    Path out = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> quick = true;
        case "--only" -> {
          String what = args[++i];
          if (!"write".equals(what) && !"write-rounds".equals(what)) {
            throw new IllegalArgumentException("--only takes: write, write-rounds");
          }
          onlyWrite = true;
          rounds = what.equals("write-rounds");
        }
        case "--rounds" -> roundCount = Integer.parseInt(args[++i]);
        case "--work-dir" -> work = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> {
          System.err.println("usage: CompareVdsWithH5py [--quick] [--only write|write-rounds]"
              + " [--rounds N] [--work-dir DIR] [--out results-vds.md]");
          System.exit(2);
        }
      }
    }
    if (out == null) {
      // A smoke run must not overwrite the committed full results.
      out = quick ? Path.of("benchmarks", "target", "results-vds-quick.md")
          : rounds ? Path.of("benchmarks", "target", "results-vds-write-rounds.md")
          : onlyWrite ? Path.of("benchmarks", "target", "results-vds-write.md")
          : Path.of("benchmarks", "results-vds.md");
    }
    CompareVdsWithH5py c = new CompareVdsWithH5py(work, quick ? VdsSizes.QUICK : VdsSizes.FULL,
        quick, onlyWrite, rounds ? roundCount : 0);
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
    String loadBefore = MachineFacts.loadAverage();
    String versions = py.run("versions");
    if (writeRounds > 0) {
      writeRoundRows();
      return report(versions, loadBefore);
    }
    if (onlyWrite) {
      writeRows();
      return report(versions, loadBefore);
    }
    int[] counts = {sizes.smallMappings(), sizes.bigMappings()};
    for (int m : counts) {
      prepare(m);
    }
    for (int m : counts) {
      openRows(m);
    }
    for (int m : counts) {
      readAllRows(m);
    }
    readOneRows(sizes.bigMappings());
    double[] libhdf5Bytes = writeRows();
    for (int m : counts) {
      bytesRows(m, m == sizes.writeMappings() ? libhdf5Bytes : null);
    }
    return report(versions, loadBefore);
  }

  // ---- files ----

  private Path file(int mappings, boolean compact) {
    return work.resolve("vds_" + mappings + (compact ? "_compact" : "") + ".h5");
  }

  private static final String V0 = VdsOps.vdsName(0);

  /** h5j writes /raw and v000 in both encodings; h5py and h5j must read v000 as the model. */
  private void prepare(int m) throws Exception {
    VdsGeometry g = new VdsGeometry(m, sizes.edge());
    for (boolean compact : new boolean[] {false, true}) {
      Path f = file(m, compact);
      log(String.format(Locale.ROOT, "writing %s (%,d mappings) ...", f.getFileName(), m));
      Files.deleteIfExists(f);
      VdsOps.writeRaw(f, g);
      VdsOps.addVersions(f, g, 1, compact);
    }
    long expect = g.expectedChecksum(0);
    long pyCheck = JsonLine.integers(py.run("check", "--file", file(m, false).toString(),
        "--names", V0), "checks").get(0);
    same("h5py reading " + file(m, false).getFileName(), expect, pyCheck);
    same("h5j reading " + file(m, true).getFileName(), expect,
        VdsOps.readAll(file(m, true), V0));
  }

  // ---- rows ----

  /** Open + shape + close: in a warm loop, and the first one in a fresh process. */
  private void openRows(int m) throws Exception {
    Path f = file(m, false);
    String label = String.format(Locale.ROOT, "open file + VDS of %,d mappings, read shape,"
        + " close (warm loop)", m);
    log(label + " ...");
    Timing.Result j = Timing.measure(JAVA_WARMUP, sizes.openReps(), Runtime.getRuntime()::gc,
        () -> VdsOps.openShape(f, V0));
    Timing.Result p = pyTime("open_shape", f, V0, 1, sizes.openReps());
    same(label, (Long) j.check(), p.check());
    // The target is for 10,000 mappings and more; the quick run's smaller VDS has none.
    speedup(label, p, j, m >= 10_000 ? 100 : 0);

    // Fresh processes: the first open, timed inside, and the whole process from outside.
    List<Double> jIn = new ArrayList<>();
    List<Double> jWall = new ArrayList<>();
    List<Double> pIn = new ArrayList<>();
    List<Double> pWall = new ArrayList<>();
    for (int r = 0; r < sizes.freshReps(); r++) {
      long t0 = System.nanoTime();
      String out = freshJvm(f.toString(), V0);
      jWall.add((System.nanoTime() - t0) / 1e9);
      jIn.add(JsonLine.number(out, "seconds"));
      t0 = System.nanoTime();
      String pout = py.run("time", "--op", "open_shape", "--file", f.toString(), "--name", V0);
      pWall.add((System.nanoTime() - t0) / 1e9);
      pIn.addAll(JsonLine.numbers(pout, "times_s"));
    }
    speedup(String.format(Locale.ROOT, "first open + shape + close of the %,d-mapping VDS in a"
        + " fresh process (timed inside)", m), result(pIn), result(jIn), 0);
    speedup("the same, whole process from outside (JVM / interpreter start, imports, open,"
        + " exit)", result(pWall), result(jWall), 0);

    Path c = file(m, true);
    Timing.Result jc = Timing.measure(JAVA_WARMUP, sizes.openReps(), Runtime.getRuntime()::gc,
        () -> VdsOps.openShape(c, V0));
    oneSided(String.format(Locale.ROOT, "open + shape + close, %,d mappings, compact encoding"
        + " (h5j only: libhdf5 1.10 cannot read it)", m), jc);
  }

  /** Open, read the whole VDS, close. */
  private void readAllRows(int m) throws Exception {
    Path f = file(m, false);
    long expect = new VdsGeometry(m, sizes.edge()).expectedChecksum(0);
    long mib = (long) m * sizes.edge() * sizes.edge() * 8 >> 20;
    String label = String.format(Locale.ROOT, "read the whole VDS of %,d mappings (%d MiB),"
        + " open + read + close", m, mib);
    log(label + " ...");
    Timing.Result j = Timing.measure(1, sizes.readReps(), Runtime.getRuntime()::gc,
        () -> VdsOps.readAll(f, V0));
    Timing.Result p = pyTime("read_all", f, V0, 1, sizes.readReps());
    same(label + " (h5j)", expect, (Long) j.check());
    same(label + " (h5py)", expect, p.check());
    ratio(label, p, j, m == sizes.bigMappings() ? 1.0 : Double.NaN);
    Path c = file(m, true);
    Timing.Result jc = Timing.measure(1, sizes.readReps(), Runtime.getRuntime()::gc,
        () -> VdsOps.readAll(c, V0));
    same(label + " (compact)", expect, (Long) jc.check());
    oneSided(String.format(Locale.ROOT, "read the whole VDS of %,d mappings, compact encoding"
        + " (h5j only)", m), jc);
  }

  /**
   * Single-element reads right after open, then more on the same open dataset. Repetition r
   * reads the positions seeded by r on both sides (warm-ups: seeds from 1000); the check is
   * each repetition's sum over the reads both sides make.
   */
  private void readOneRows(int m) throws Exception {
    Path f = file(m, false);
    int later = sizes.laterReads();
    int pyLater = Math.min(later, sizes.pyLaterReads());
    int pyReps = Math.min(sizes.openReps(), sizes.pyOneReps());
    log("single-element reads ...");
    for (int w = 0; w < JAVA_WARMUP; w++) {
      VdsOps.readOne(f, V0, 1000 + w, later, pyLater);
    }
    List<Double> jFirst = new ArrayList<>();
    List<Double> jLater = new ArrayList<>();
    List<Double> jOpenFirst = new ArrayList<>();
    List<Long> jSums = new ArrayList<>();
    for (int r = 0; r < sizes.openReps(); r++) {
      System.gc();
      double[] t = VdsOps.readOne(f, V0, r, later, pyLater);
      jFirst.add(t[0]);
      jLater.add(t[1]);
      jOpenFirst.add(t[3] + t[0]);
      jSums.add((long) t[2]);
    }
    String out = py.run("read_one", "--file", f.toString(), "--name", V0, "--later",
        String.valueOf(pyLater), "--reps", String.valueOf(pyReps));
    List<Long> pSums = JsonLine.integers(out, "sums");
    if (!pSums.equals(jSums.subList(0, pyReps))) {
      throw new IllegalStateException("single-element reads: h5py read " + pSums + ", h5j "
          + jSums.subList(0, pyReps));
    }
    Timing.Result jf = result(jFirst);
    Timing.Result pf = result(JsonLine.numbers(out, "first_s"));
    String label = String.format(Locale.ROOT, "read one element of the %,d-mapping VDS, first"
        + " read after open (open not timed; h5j's open verified the mapping block)", m);
    rows.add(new Row(label, CompareWithH5py.fmt(pf.median()),
        CompareWithH5py.fmt(jf.median()), jf.median() / pf.median(), "h5j < 1 ms",
        jf.median() < 1e-3));
    rawTimes(label, pf, jf);
    // what a caller waits for from open to the first value: the work each side does at open
    // (h5py decodes every mapping, h5j verifies the block) counted with the read
    List<Double> pOpenFirst = new ArrayList<>();
    List<Double> pOpen = JsonLine.numbers(out, "open_s");
    List<Double> pFirst = JsonLine.numbers(out, "first_s");
    for (int r = 0; r < pFirst.size(); r++) {
      pOpenFirst.add(pOpen.get(r) + pFirst.get(r));
    }
    ratio(String.format(Locale.ROOT, "open + shape + first element of the %,d-mapping VDS,"
        + " both timed", m), result(pOpenFirst), result(jOpenFirst), Double.NaN);
    List<Double> dFirst = new ArrayList<>();
    for (int r = 0; r < sizes.openReps(); r++) {
      System.gc();
      Thread.sleep(100); // the previous repetition's background check ends first
      double[] t = VdsOps.readOne(f, V0, r, 0, 0, true);
      dFirst.add(t[0]);
    }
    Timing.Result df = result(dFirst);
    String deferred = String.format(Locale.ROOT, "the same first read with"
        + " H5File.deferVirtualBlockVerification() (the block checked after the read; h5j"
        + " only)");
    rows.add(new Row(deferred, "—", CompareWithH5py.fmt(df.median()), Double.NaN, "h5j < 1 ms",
        df.median() < 1e-3));
    rawTimes(deferred, null, df);
    ratio(String.format(Locale.ROOT, "read one element, each later read on the same open"
        + " dataset (mean per read; h5j over %,d reads, h5py over %,d)", later, pyLater),
        result(JsonLine.numbers(out, "later_s")), result(jLater), Double.NaN);
    notes.add(String.format(Locale.ROOT, "Single-element rows: h5j opens the VDS %d times"
        + " after %d warm-ups, h5py %d times (each of its opens of this VDS takes seconds, and"
        + " each of its reads walks every mapping); both read the same positions.", sizes
        .openReps(), JAVA_WARMUP, pyReps));
  }

  /**
   * Writes {@code writeCount} VDS of {@code writeMappings} mappings into a file holding only
   * /raw; compares with writing as many bytes with a plain FileChannel, and with h5py.
   *
   * @return libhdf5's block bytes and mapping count of one VDS h5py wrote
   */
  private double[] writeRows() throws Exception {
    int count = sizes.writeCount();
    int m = sizes.writeMappings();
    VdsGeometry g = new VdsGeometry(m, sizes.edge());
    Path base = work.resolve("write_base.h5");
    Files.deleteIfExists(base);
    VdsOps.writeRaw(base, g);
    Path jOut = work.resolve("h5j_write.h5");
    String label = String.format(Locale.ROOT, "write %d VDS of %,d mappings each into a file"
        + " holding /raw (open + create + close + fsync)", count, m);
    log(label + " ...");
    // The reference: the same number of bytes, in one write per VDS, to a new file. Its runs
    // alternate with h5j's, so that both see the same load on a shared machine.
    Path plain = work.resolve("plain_write.bin");
    Files.deleteIfExists(jOut);
    Files.copy(base, jOut);
    VdsOps.addVersions(jOut, g, count, false); // sizes the reference; also a first warm-up
    long growth = Files.size(jOut) - Files.size(base);
    byte[] each = new byte[(int) ((growth + count - 1) / count)];
    Arrays.fill(each, (byte) 0x5a);
    CpuTime jCpu = new CpuTime();
    CpuTime pCpu = new CpuTime();
    Timing.Result[] both = Timing.alternate(1, sizes.writeReps(),
        freshCopy(base, jOut), () -> jCpu.record(() -> VdsOps.addVersions(jOut, g, count,
            false)),
        () -> {
          Files.deleteIfExists(plain);
          Disk.sync();
          System.gc();
        }, () -> pCpu.record(() -> VdsOps.writePlain(plain, count, each)));
    jCpu.dropFirst(1);
    pCpu.dropFirst(1);
    Timing.Result j = both[0];
    Timing.Result pl = both[1];
    long blocks = 0;
    for (int v = 0; v < count; v++) {
      blocks += VdsOps.blockBytesAndCount(jOut, VdsOps.vdsName(v))[0];
    }
    checkH5pyReadsBack(jOut, g, count);
    String plainLabel = String.format(Locale.ROOT, "write the same %,d bytes with a plain"
        + " FileChannel (%d writes + force)", (long) each.length * count, count);
    oneSided(plainLabel, pl);
    double r = j.median() / pl.median();
    rows.add(new Row(label + " vs the plain write", CompareWithH5py.fmt(pl.median())
        + " (plain)", CompareWithH5py.fmt(j.median()), r, "≤ 2 × plain", r <= 2));
    rawTimes(label, null, j);
    notes.add(String.format(Locale.ROOT, "Write row: the %d VDS grow the file by %,d bytes, of"
        + " which %,d are mapping blocks (%.1f bytes per mapping); the rest are object headers,"
        + " global heap collection headers and group entries. The plain reference writes the"
        + " whole growth. Each h5j run starts from a fresh copy of a file holding only /raw"
        + " (copied and synced outside the timed region) and builds each `VirtualSpec` inside"
        + " it. Both time the whole operation including the final fsync; their runs alternate"
        + " (h5j, plain, h5j, ...), each side after one warm-up.", count, growth, blocks,
        (double) blocks / count / m));
    notes.add(String.format(Locale.ROOT, "CPU per write run (medians of the measured runs):"
        + " h5j %.0f ms in the calling thread, %.0f ms in the whole process (the rest: the"
        + " file's worker threads, GC, JIT); the plain write %.0f ms in the calling thread,"
        + " %.0f ms in the process. Process CPU is counted in the kernel's ticks (10 ms).",
        jCpu.medianCaller(), jCpu.medianProcess(), pCpu.medianCaller(), pCpu.medianProcess()));
    Files.deleteIfExists(plain);

    Path jc = work.resolve("h5j_write_compact.h5");
    Timing.Result jcw = Timing.measure(1, sizes.writeReps(), freshCopy(base, jc),
        () -> VdsOps.addVersions(jc, g, count, true));
    oneSided(String.format(Locale.ROOT, "write %d VDS of %,d mappings, compact encoding (h5j"
        + " only)", count, m), jcw);
    Files.deleteIfExists(jc);

    Path jm = work.resolve("h5j_write_per_mapping.h5");
    Timing.Result jmw = Timing.measure(1, sizes.writeReps(), freshCopy(base, jm),
        () -> VdsOps.addVersions(jm, g, count, false, true));
    same("h5j reading the per-mapping " + VdsOps.vdsName(count - 1),
        g.expectedChecksum(count - 1), VdsOps.readAll(jm, VdsOps.vdsName(count - 1)));
    oneSided(String.format(Locale.ROOT, "write %d VDS of %,d mappings, one `VirtualSpec.map`"
        + " call per mapping (h5j only)", count, m), jmw);
    Files.deleteIfExists(jm);

    log("h5py writing the same VDS (reference) ...");
    Path pOut = work.resolve("h5py_write.h5");
    String out = py.run("write_vds", "--base", base.toString(), "--out", pOut.toString(),
        "--count", String.valueOf(count), "--mappings", String.valueOf(m), "--edge",
        String.valueOf(sizes.edge()), "--reps", String.valueOf(sizes.pyWriteReps()));
    Timing.Result pw = result(JsonLine.numbers(out, "times_s"));
    ratio(String.format(Locale.ROOT, "the same %d VDS written by h5py (VirtualLayout, as"
        + " versioned-hdf5 does; + fsync), for reference", count), pw, j, Double.NaN);
    same("h5j reading h5py's " + VdsOps.vdsName(count - 1), g.expectedChecksum(count - 1),
        VdsOps.readAll(pOut, VdsOps.vdsName(count - 1)));
    long[] lib = VdsOps.blockBytesAndCount(pOut, V0);
    boolean identical = Arrays.equals(VdsOps.blockContent(pOut, V0),
        VdsOps.blockContent(jOut, V0));
    notes.add("Mapping blocks: the block libhdf5 wrote for h5py's " + V0 + " is "
        + (identical ? "byte for byte the one h5j wrote for the same mappings."
            : "**not** byte for byte the one h5j wrote for the same mappings (same count"
                + " and checksum of values; see the bytes-per-mapping rows)."));
    Files.deleteIfExists(pOut);
    Files.deleteIfExists(jOut);
    return new double[] {lib[0], lib[1]};
  }

  /**
   * The write row alone in alternating rounds ({@link VdsWriteRounds}), with CPU per thread;
   * h5py reads back the first, a middle and the last VDS of the last h5j run.
   */
  private void writeRoundRows() throws Exception {
    int count = sizes.writeCount();
    int m = sizes.writeMappings();
    VdsGeometry g = new VdsGeometry(m, sizes.edge());
    Path base = work.resolve("write_base.h5");
    Files.createDirectories(work);
    Files.deleteIfExists(base);
    VdsOps.writeRaw(base, g);
    Path jOut = work.resolve("h5j_write.h5");
    String label = String.format(Locale.ROOT, "write %d VDS of %,d mappings each into a file"
        + " holding /raw (open + create + close + fsync), %d alternating rounds", count, m,
        writeRounds);
    log(label + " ...");
    VdsWriteRounds.Outcome o = VdsWriteRounds.run(base, jOut,
        work.resolve("plain_write.bin"), g, count, writeRounds);
    checkH5pyReadsBack(jOut, g, count);
    RoundRatios rr = o.rounds();
    Timing.Result j = result(rr.java());
    Timing.Result pl = result(rr.py());
    rows.add(new Row(label + " vs the plain write of the same " + String.format(Locale.ROOT,
        "%,d bytes (%d writes + force); times: sums of 2 runs per round", o.growth(), count),
        CompareWithH5py.fmt(pl.median()) + " (plain)", CompareWithH5py.fmt(j.median()),
        rr.median(), "≤ 2 × plain: " + rr.verdict(2), rr.median() <= 2));
    List<String> each = new ArrayList<>();
    for (double x : rr.ratios()) {
      each.add(String.format(Locale.ROOT, "%.2f", x));
    }
    notes.add("Write rounds: a round runs h5j, plain, plain, h5j (mirrored), each after a fresh"
        + " copy of the file holding /raw (or the plain file deleted), `sync` and a GC outside"
        + " the timed region; a side's round time is the sum of its two runs. Ratio = median of"
        + " the per-round ratios (h5j / plain): " + String.join(" ", each) + "; "
        + rr.summary() + ".");
    notes.add(String.format(Locale.ROOT, "CPU per h5j run (medians over %d runs): calling"
        + " thread %.0f ms, the file's worker threads %.0f ms, the rest of the process (GC,"
        + " JIT) %.0f ms; the calling thread waited parked (for workers) %.0f ms and allocated"
        + " %.1f MB; %.0f GCs taking %.0f ms. Process CPU is counted in the kernel's ticks"
        + " (10 ms).", o.cpu().size(), o.medianCpu(0), o.medianCpu(1), o.medianCpu(2),
        o.medianCpu(3), o.medianCpu(4), o.medianCpu(5), o.medianCpu(6)));
    raw.add("plain write, per round (2 runs): " + ms(pl.times()));
    raw.add("h5j write, per round (2 runs): " + ms(j.times()));
    Files.deleteIfExists(jOut);
  }

  /** Bytes per mapping of the stored mapping block, default and compact encodings. */
  private void bytesRows(int m, double[] libhdf5) throws Exception {
    long[] d = VdsOps.blockBytesAndCount(file(m, false), V0);
    long[] c = VdsOps.blockBytesAndCount(file(m, true), V0);
    double dp = (double) d[0] / d[1];
    double cp = (double) c[0] / c[1];
    String pyCell = libhdf5 == null ? "—"
        : String.format(Locale.ROOT, "%.1f B (libhdf5's own)", libhdf5[0] / libhdf5[1]);
    rows.add(new Row(String.format(Locale.ROOT, "bytes per single-chunk mapping, %,d mappings,"
        + " default encoding (block v0, hyperslab v1); block of %,d bytes", m, d[0]), pyCell,
        String.format(Locale.ROOT, "%.1f B", dp), Double.NaN, "report", true));
    rows.add(new Row(String.format(Locale.ROOT, "bytes per single-chunk mapping, %,d mappings,"
        + " compact encoding (block v1, hyperslab v3); block of %,d bytes; ratio ="
        + " compact / default", m, c[0]), "—", String.format(Locale.ROOT, "%.1f B", cp),
        cp / dp, "report", true));
  }

  // ---- helpers ----

  /** Copies {@code base} over {@code target} and syncs: the state before each timed write. */
  private static Timing.Before freshCopy(Path base, Path target) {
    return () -> {
      Files.copy(base, target, StandardCopyOption.REPLACE_EXISTING);
      Disk.sync();
      System.gc();
    };
  }

  private Timing.Result pyTime(String op, Path file, String name, int warmup, int reps)
      throws IOException, InterruptedException {
    String json = py.run("time", "--op", op, "--file", file.toString(), "--name", name,
        "--warmup", String.valueOf(warmup), "--reps", String.valueOf(reps));
    return new Timing.Result(List.of(), JsonLine.numbers(json, "times_s"),
        JsonLine.integer(json, "check"));
  }

  private static Timing.Result result(List<Double> times) {
    return new Timing.Result(List.of(), times, null);
  }

  /** Runs VdsFirstOpen in a new JVM with this one's class path; returns its JSON line. */
  private static String freshJvm(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), VdsFirstOpen.class.getName()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (p.waitFor() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: " + out);
    }
    return out;
  }

  /** A row whose target is h5py / h5j ≥ {@code minSpeedup} (0: no target). */
  private void speedup(String label, Timing.Result p, Timing.Result j, double minSpeedup) {
    double r = j.median() / p.median();
    rows.add(new Row(label, CompareWithH5py.fmt(p.median()), CompareWithH5py.fmt(j.median()),
        r, minSpeedup > 0 ? String.format(Locale.ROOT, "h5j ≥ %.0f× faster (ratio ≤ %.2f)",
            minSpeedup, 1 / minSpeedup) : "", r <= 1 / minSpeedup));
    rawTimes(label, p, j);
    log(String.format(Locale.ROOT, "  h5py %s, h5j %s", CompareWithH5py.fmt(p.median()),
        CompareWithH5py.fmt(j.median())));
  }

  /** A row whose target is h5j / h5py ≤ {@code limit} (NaN: no target). */
  private void ratio(String label, Timing.Result p, Timing.Result j, double limit) {
    double r = j.median() / p.median();
    rows.add(new Row(label, CompareWithH5py.fmt(p.median()), CompareWithH5py.fmt(j.median()),
        r, Double.isNaN(limit) ? "" : String.format(Locale.ROOT, "ratio ≤ %.1f", limit),
        r <= limit));
    rawTimes(label, p, j);
    log(String.format(Locale.ROOT, "  h5py %s, h5j %s", CompareWithH5py.fmt(p.median()),
        CompareWithH5py.fmt(j.median())));
  }

  private void oneSided(String label, Timing.Result j) {
    rows.add(new Row(label, "—", CompareWithH5py.fmt(j.median()), Double.NaN, "", true));
    rawTimes(label, null, j);
    log("  h5j " + CompareWithH5py.fmt(j.median()));
  }

  /** libhdf5 reads back the first, a middle and the last VDS h5j wrote, as the model says. */
  private void checkH5pyReadsBack(Path jOut, VdsGeometry g, int count) throws Exception {
    int[] probe = {0, count / 2, count - 1};
    List<Long> back = JsonLine.integers(py.run("check", "--file", jOut.toString(), "--names",
        String.join(",", Arrays.stream(probe).mapToObj(VdsOps::vdsName).toList())), "checks");
    for (int i = 0; i < probe.length; i++) {
      same("h5py reading h5j's " + VdsOps.vdsName(probe[i]), g.expectedChecksum(probe[i]),
          back.get(i));
    }
  }

  private static void same(String what, long expected, Object actual) {
    if (!(actual instanceof Number n) || n.longValue() != expected) {
      throw new IllegalStateException(what + ": check value " + actual + ", expected "
          + expected + "; the comparison would be meaningless");
    }
  }

  // ---- report ----

  private String report(String versions, String loadBefore) throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("# h5j vs h5py: virtual datasets\n\n");
    sb.append("Measured ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE))
        .append(" by `benchmarks/run-vds.sh").append(quick ? " --quick" : "")
        .append(writeRounds > 0 ? " --only write-rounds --rounds " + writeRounds
            : onlyWrite ? " --only write" : "")
        .append("` (`io.h5j.benchmarks.CompareVdsWithH5py`) on ")
        .append(MachineFacts.machine()).append(".\n");
    sb.append("h5j: ").append(MachineFacts.jvm()).append(". h5py ")
        .append(JsonLine.text(versions, "h5py")).append(" on libhdf5 ")
        .append(JsonLine.text(versions, "hdf5")).append(", numpy ")
        .append(JsonLine.text(versions, "numpy")).append(", Python ")
        .append(JsonLine.text(versions, "python")).append(".\n");
    sb.append("Load average (1, 5, 15 min) at the start: ").append(loadBefore)
        .append("; at the end: ").append(MachineFacts.loadAverage())
        .append(". The machine is shared; the raw times below show the spread.\n\n");
    sb.append(String.format(Locale.ROOT, "Medians: open rows of %d runs after %d h5j warm-ups"
        + " (h5py: 1), whole reads of %d after 1 warm-up, writes of %d after 1 warm-up (h5py's"
        + " write: %d, no warm-up), first opens of %d fresh processes per side. Ratio = h5j /"
        + " h5py unless the row says otherwise: below 1 means h5j is faster.%n%n",
        sizes.openReps(), JAVA_WARMUP, sizes.readReps(), sizes.writeReps(),
        sizes.pyWriteReps(), sizes.freshReps()));
    sb.append("| operation | h5py | h5j | ratio | target | met |\n");
    sb.append("|---|---:|---:|---:|---|---|\n");
    for (Row r : rows) {
      sb.append("| ").append(r.operation()).append(" | ").append(r.py()).append(" | ")
          .append(r.java()).append(" | ")
          .append(Double.isNaN(r.ratio()) ? "—" : ratioText(r.ratio())).append(" | ")
          .append(r.target().isEmpty() ? "—" : r.target()).append(" | ")
          .append(r.target().isEmpty() || r.target().equals("report") ? "—"
              : r.met() ? "yes" : "**no**")
          .append(" |\n");
    }
    sb.append("\nNotes:\n\n");
    sb.append(String.format(Locale.ROOT, "- Files: h5j writes `/raw`, 2-D float64 of %d × %d"
        + " chunks stacked along axis 0 (max shape (unlimited, %d), as versioned-hdf5's raw"
        + " data), and `/v000`, a VDS each of whose %d × %d chunks maps one raw chunk (raw"
        + " chunk (k × 7919) mod n for virtual chunk k: scattered, not in file order), with"
        + " one `VirtualSpec.mapChunks` call per VDS (as the versioning module makes them) in the"
        + " default encoding; a second file holds the same in the"
        + " compact encoding. Every whole read's check value (a weighted sum of all elements)"
        + " equals the model's on both sides; h5py also reads the VDS h5j wrote in the write"
        + " row, and h5j the ones h5py wrote.%n", sizes.edge(), sizes.edge(), sizes.edge(),
        sizes.edge(), sizes.edge()));
    sb.append("- h5py: `with h5py.File(p) as f: f[name].shape` / `f[name][()]` / `ds[i, j]`;"
        + " h5j: `H5File.open(p)`, `dataset(name).shape()` / `read()` / `read(Selection.box(...))`,"
        + " closed by try-with-resources. Warm rows repeat in one process, page cache warm.\n");
    for (String n : notes) {
      sb.append("- ").append(n).append('\n');
    }
    sb.append("- Every measured time (ms; h5j warm-ups in brackets):\n");
    for (String r : raw) {
      sb.append("  - ").append(r).append('\n');
    }
    return sb.toString();
  }

  private static String ratioText(double r) {
    return r >= 0.01 ? String.format(Locale.ROOT, "%.2f", r)
        : String.format(Locale.ROOT, "%.4f (1/%.0f)", r, 1 / r);
  }

  private void rawTimes(String label, Timing.Result p, Timing.Result j) {
    StringBuilder sb = new StringBuilder(label.replaceAll(" \\(.*\\)$", "")).append(": ");
    if (p != null) {
      sb.append("h5py ").append(ms(p.times())).append("; ");
    }
    sb.append("h5j ");
    if (!j.warmup().isEmpty()) {
      sb.append('[').append(ms(j.warmup())).append("] ");
    }
    raw.add(sb.append(ms(j.times())).toString());
  }

  private static String ms(List<Double> seconds) {
    List<String> out = new ArrayList<>();
    for (double s : seconds) {
      out.add(s >= 0.01 ? String.format(Locale.ROOT, "%.0f", s * 1e3)
          : String.format(Locale.ROOT, "%.3f", s * 1e3));
    }
    return String.join(" ", out);
  }

  private static void log(String s) {
    System.err.println("[vds-bench] " + s);
  }
}
