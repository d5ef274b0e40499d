package io.h5j.benchmarks;

import io.h5j.benchmarks.Contender.Role;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Issue 19's performance table in one command ({@code benchmarks/run-peers.sh}): h5j against
 * h5py 3.7 (libhdf5 1.10.8), h5py 3.16 (libhdf5 2.0), jHDF 0.10 in this JVM, the plain-I/O
 * floor and the command-line tools, row by row, each row's contenders alternating in rounds
 * ({@link PeerRow}). Files are written by h5py (the data rows) or by h5j (the VDS and the
 * versioned seed file, which h5py then reads: its agreement is the oracle of h5j's files, as
 * is h5py's reading of every file h5j writes here).
 *
 * <pre>
 * java -Xmx6g -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.PeerTable \
 *     [--quick] [--rounds N] [--work-dir DIR] [--out FILE] [ROW ...]
 * </pre>
 *
 * <p>ROWs are the ids of {@link #ROWS} (default: all). Each row's result is kept in
 * {@code WORK_DIR/rows/}, and every run writes the table of all rows measured so far in
 * that work directory to {@code --out} (default {@code benchmarks/target/peers-table.md}, or
 * {@code peers-table-quick.md}): a run can be restarted for some rows only. Inputs are written
 * once per work directory and reused. {@code --quick} uses smaller sizes and 2 rounds, in a
 * work directory of its own.
 */
public final class PeerTable {
  /** Row ids in table order, with what each measures. */
  static final Map<String, String> ROWS = new LinkedHashMap<>();

  static {
    ROWS.put("write", "chunked uncompressed write incl. fsync: h5j, h5py ×2, FileChannel");
    ROWS.put("random", "random single-chunk reads, uncompressed: h5j, h5py ×2, jHDF");
    ROWS.put("read", "whole read, 1 MiB chunks, uncompressed: h5j, h5py ×2, FileChannel");
    ROWS.put("read-reused", "whole read, uncompressed, into reused memory: h5j, FileChannel");
    ROWS.put("vds-read", "whole read of the big VDS: h5j, h5py ×2");
    ROWS.put("seed-read", "every dataset of the seed file's last version: h5j, h5py ×2");
    ROWS.put("vds-open", "open + shape of the big VDS, in process: h5j, h5py ×2");
    ROWS.put("repack", "repack of the seed file: h5j repack, cp + sync, h5repack + sync");
    ROWS.put("commit", "the seed workload: h5j demo seed, versioned-hdf5 master");
    ROWS.put("deflate-read", "whole read, shuffle + deflate: h5j, h5py ×2");
    ROWS.put("deflate-write", "write, shuffle + deflate, incl. fsync: h5j, h5py ×2");
    ROWS.put("random-deflate", "random single-chunk reads, shuffle + deflate: h5j, h5py ×2");
    ROWS.put("slabs", "64 × 64 hyperslab reads of a 2-D dataset: h5j, h5py ×2");
    ROWS.put("list", "name + shape of every dataset of a root group: h5j, h5py ×2, jHDF");
    ROWS.put("vds-first", "first element read after an open of the big VDS: h5j, h5py ×2");
    ROWS.put("startup", "whole-process h5j ls of a small file: ./h5j, h5ls");
  }

  /** Where versioned-hdf5 master on Debian's libhdf5 lives when setup-peer.sh built it. */
  static final String VH5 = System.getProperty("h5j.bench.vh5",
      "/tmp/h5j-peer/vh5-deb/bin/python");
  /** h5py 3.16 on libhdf5 2.0, when present. */
  static final String PY2 = System.getProperty("h5j.bench.python2", "/tmp/h5py2/bin/python");
  /**
   * Runs in a row per round on rows whose operation takes milliseconds (opens, listings), for
   * every contender alike: the round's time is their median.
   */
  private static final int SHORT_REPEATS = 20;
  private static final int LIST_REPEATS = 10;
  private static final int SHORT_WARMUP = 3;

  /** Sizes of the inputs, full or quick. */
  record Mode(boolean quick, long dataMb, int randomReads, int deflateReads, int vdsMappings,
      int vdsEdge, int listDatasets, int slabSide, int slabChunk, int slabReads, int rounds) {
    static final Mode FULL = new Mode(false, 1024, 10_000, 2_000, 100_000, 32, 10_000, 4096,
        256, 2_000, 5);
    static final Mode QUICK = new Mode(true, 64, 500, 200, 10_000, 8, 1_000, 1024, 128, 200,
        2);
  }

  private final Mode mode;
  private final int rounds;
  private final Path work;
  private final Path repo = Path.of("").toAbsolutePath();
  private final Path h5j = repo.resolve("h5j");
  private final List<Side> pythons = new ArrayList<>();
  /** Rounds of the commit row (minutes each with versioned-hdf5; no warm-up round). */
  private int commitRounds;

  /** One h5py interpreter: its name in the table and its serve process. */
  private record Side(String name, String python, H5pySide script, H5pySide.Server server,
      String hdf5) {}

  private PeerTable(Mode mode, int rounds, Path work) {
    this.mode = mode;
    this.rounds = rounds;
    this.work = work;
  }

  public static void main(String[] args) throws Exception {
    Mode mode = Mode.FULL;
    Integer rounds = null;
    int commitRounds = 1;
    Path work = null;
    Path out = null;
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> mode = Mode.QUICK;
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--commit-rounds" -> commitRounds = Integer.parseInt(args[++i]);
        case "--work-dir" -> work = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> {
          if (!ROWS.containsKey(args[i])) {
            System.err.println("usage: PeerTable [--quick] [--rounds N] [--commit-rounds N]"
                + " [--work-dir DIR]"
                + " [--out FILE] [ROW ...]; rows:");
            ROWS.forEach((k, v) -> System.err.println("  " + k + ": " + v));
            System.exit(2);
          }
          rows.add(args[i]);
        }
      }
    }
    if (rows.isEmpty()) {
      rows.addAll(ROWS.keySet());
    }
    if (work == null) {
      work = Path.of(System.getProperty("java.io.tmpdir"),
          mode.quick() ? "h5j-peers-quick" : "h5j-peers");
    }
    if (out == null) {
      out = Path.of("benchmarks", "target", mode.quick() ? "peers-table-quick.md"
          : "peers-table.md");
    }
    PeerTable t = new PeerTable(mode, rounds != null ? rounds : mode.rounds(), work);
    t.commitRounds = commitRounds;
    try {
      t.startPythons();
      for (String row : rows) {
        try {
          t.runRow(row);
        } catch (Exception e) { // the other rows still run; this one says why it has no times
          log("row " + row + " failed: " + e);
          e.printStackTrace();
          t.failed(row, e);
        }
      }
    } finally {
      for (Side s : t.pythons) {
        s.server().close();
      }
    }
    String report = t.report();
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report);
    System.out.println(report);
    System.out.println("written to " + out.toAbsolutePath());
  }

  private void startPythons() throws IOException, InterruptedException {
    for (String python : List.of(H5pySide.PYTHON, PY2)) {
      if (!Files.isExecutable(Path.of(python))) {
        log("no " + python + ": its h5py column is left out");
        continue;
      }
      H5pySide script = new H5pySide(work, "peers_side.py", python, "h5py_side.py",
          "h5py_vds_side.py");
      String v = script.run("versions");
      String name = "h5py " + JsonLine.text(v, "h5py").replaceAll("^(\\d+\\.\\d+).*", "$1");
      pythons.add(new Side(name, python, script, script.serve(), JsonLine.text(v, "hdf5")));
    }
    if (pythons.isEmpty()) {
      throw new IllegalStateException("no h5py interpreter: install python3-h5py");
    }
  }

  private void runRow(String id) throws Exception {
    log("row " + id + ": " + ROWS.get(id) + " (load " + MachineFacts.loadAverage() + ")");
    PeerRow row = switch (id) {
      case "write" -> write(false);
      case "deflate-write" -> write(true);
      case "random" -> random(false);
      case "random-deflate" -> random(true);
      case "read" -> wholeRead(false);
      case "deflate-read" -> wholeRead(true);
      case "read-reused" -> wholeReadReused();
      case "vds-read" -> vdsRead();
      case "vds-open" -> vdsOpen();
      case "vds-first" -> vdsFirst();
      case "seed-read" -> seedRead();
      case "repack" -> repack();
      case "commit" -> commit();
      case "slabs" -> slabs();
      case "list" -> list();
      case "startup" -> startup();
      default -> throw new IllegalArgumentException(id);
    };
    int r = id.equals("startup") ? Math.max(rounds, 10) : id.equals("commit") ? commitRounds
        : rounds;
    // Every row starts from the heap a collection leaves (G1 shrinks it to about the live
    // data), not from one earlier rows grew: a row then measures the same run alone or in the
    // table, its warm-up round growing the heap alike.
    System.gc();
    PeerRow.Result result = row.measure(id.equals("commit") ? 0 : 1, r);
    afterRow(id);
    Path dir = Files.createDirectories(work.resolve("rows"));
    Files.writeString(dir.resolve(id + ".line"), result.tableLine() + "\n");
    Files.writeString(dir.resolve(id + ".raw"), result.rawLines().replaceFirst(":\n",
        ", measured " + ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
            .substring(0, 16) + " UTC:\n"));
    log(result.tableLine());
  }

  private void failed(String id, Exception e) throws IOException {
    Path dir = Files.createDirectories(work.resolve("rows"));
    String why = String.valueOf(e.getMessage()).replace('|', '/').replace('\n', ' ');
    Files.writeString(dir.resolve(id + ".line"), "| " + ROWS.get(id) + " | **failed** ("
        + ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME).substring(0, 16)
        + "): " + e.getClass().getSimpleName() + ": " + why + " | | | | |\n");
    Files.writeString(dir.resolve(id + ".raw"), "");
  }

  // ---- inputs ----

  private String dataMb() {
    return String.valueOf(mode.dataMb());
  }

  /** data.h5, chunked.h5 and deflate.h5 by h5py 3.7 (h5py_side.py prepare). */
  private void dataInputs() throws Exception {
    once("data", () -> new H5pySide(work).run("prepare", "--dir", work.toString(),
        "--data-mb", dataMb(), "--data-only"));
  }

  /** The VDS of {@code mode.vdsMappings()} single-chunk mappings, /v000 of vds.h5, by h5j. */
  private Path vdsInput() throws Exception {
    Path file = work.resolve("vds.h5");
    once("vds", () -> {
      VdsGeometry g = new VdsGeometry(mode.vdsMappings(), mode.vdsEdge());
      VdsOps.writeRaw(file, g);
      VdsOps.addVersions(file, g, 1, false);
      return null;
    });
    return file;
  }

  /** The seed file, written by {@code ./h5j demo seed}. */
  private Path seedInput() throws Exception {
    Path file = work.resolve("seed.h5");
    once("seed", () -> Contender.output(seedCommand(file)));
    return file;
  }

  private List<String> seedCommand(Path file) {
    List<String> cmd = new ArrayList<>(List.of(h5j.toString(), "demo", "seed", file.toString()));
    if (mode.quick()) {
      cmd.add("--small");
    }
    return cmd;
  }

  /** many.h5 and slabs.h5 by h5py 3.7 (peers_side.py prepare_lead). */
  private void leadInputs() throws Exception {
    once("lead", () -> pythons.get(0).script().run("prepare_lead", "--dir", work.toString(),
        "--datasets", String.valueOf(mode.listDatasets()), "--side",
        String.valueOf(mode.slabSide()), "--chunk", String.valueOf(mode.slabChunk())));
  }

  /** Runs {@code make} unless {@code WORK/NAME.done} says an earlier run did. */
  private void once(String name, Timing.Op make) throws Exception {
    Path done = work.resolve(name + ".done");
    if (Files.exists(done)) {
      return;
    }
    log("writing the " + name + " inputs in " + work + " ...");
    Files.createDirectories(work);
    make.run();
    Files.writeString(done, ZonedDateTime.now().toString());
  }

  // ---- rows ----

  private Contender h5jSide(Timing.Before before, Timing.Op op) {
    return Contender.inJvm("h5j", Role.H5J, before, op);
  }

  private PeerRow withPythons(PeerRow row, String... args) {
    for (Side s : pythons) {
      row.add(Contender.python(s.name(), s.server(), null, args));
    }
    return row;
  }

  private static Timing.Before gc() {
    return Runtime.getRuntime()::gc;
  }

  private static Timing.Before fresh(Path file) {
    return () -> {
      Files.deleteIfExists(file);
      Disk.sync();
      System.gc();
    };
  }

  private String size() {
    return mode.dataMb() % 1024 == 0 ? mode.dataMb() / 1024 + " GiB" : mode.dataMb() + " MiB";
  }

  private PeerRow write(boolean deflate) throws Exception {
    dataInputs();
    Path out = work.resolve(deflate ? "h5j_deflate.h5" : "h5j_chunked.h5");
    double[][] arrays = H5jOps.data(Sizes.FULL.withDataMb(mode.dataMb()));
    PeerRow row = new PeerRow(deflate ? "deflate-write" : "write", "write " + size()
        + " float64, 1 MiB chunks, " + (deflate ? "shuffle + deflate 4" : "uncompressed")
        + ", incl. fsync").checksDiffer("file bytes");
    row.add(h5jSide(fresh(out), () -> H5jOps.writeChunked(out, arrays, deflate)));
    withPythons(row, "--op", deflate ? "write_deflate" : "write_chunked", "--dir",
        work.toString(), "--data-mb", dataMb());
    if (deflate) {
      return row.goal(Role.PEER, 0.48, "keep ≤ 0.48 (issue 19)");
    }
    Path plain = work.resolve("plain.bin");
    byte[] mib = new byte[1 << 20];
    java.util.Arrays.fill(mib, (byte) 0x5a);
    row.add(Contender.inJvm("FileChannel", Role.FLOOR, fresh(plain),
        () -> VdsOps.writePlain(plain, (int) mode.dataMb(), mib)));
    row.notes.add("h5py 3.7 reads h5j's file back after the rounds and must find h5py's"
        + " values");
    return row.goal(Role.PEER, 1.1, "≤ 1.1× the best h5py").goal(Role.FLOOR, 1.3,
        "≤ 1.3× FileChannel");
  }

  private PeerRow random(boolean deflate) throws Exception {
    dataInputs();
    String name = deflate ? "deflate.h5" : "chunked.h5";
    Path file = work.resolve(name);
    int n = deflate ? mode.deflateReads() : mode.randomReads();
    PeerRow row = new PeerRow(deflate ? "random-deflate" : "random", String.format(Locale.ROOT,
        "%,d random single-chunk reads (1 MiB, %s), each a new array", n,
        deflate ? "shuffle + deflate 4" : "uncompressed")).perUnit(n, "read");
    row.add(h5jSide(null, () -> H5jOps.randomChunks(file, n)));
    EarlierBuild before = EarlierBuild.fromProperty();
    if (before != null) {
      row.add(Contender.inJvm(before.name(), Role.EARLIER, null, before.op("H5jOps", "randomChunks", file, n)));
    }
    withPythons(row, "--op", "random_chunks", "--dir", work.toString(), "--data-file", name,
        "--count", String.valueOf(n));
    if (deflate) {
      return row.goal(Role.PEER, 0.91, "keep ≤ 0.91 (issue 19)");
    }
    row.add(Contender.inJvm("jHDF 0.10", Role.PEER, null,
        () -> PeerOps.randomChunksJhdf(file, n)));
    row.notes.add("jHDF reads each chunk with getDecompressedChunk and copies it into a new"
        + " double[]: its getData(offset, shape) returned zeros for every chunk but the first"
        + " (jHDF 0.10; this row's check found it)");
    return row.goal(Role.PEER, 1.0, "≤ 1.0× the best peer");
  }

  private PeerRow wholeRead(boolean deflate) throws Exception {
    dataInputs();
    String name = deflate ? "deflate.h5" : "chunked.h5";
    Path file = work.resolve(name);
    PeerRow row = new PeerRow(deflate ? "deflate-read" : "read", "whole read of " + size()
        + ", 1 MiB chunks, " + (deflate ? "shuffle + deflate 4" : "uncompressed")
        + ", into a new array");
    row.add(h5jSide(gc(), () -> H5jOps.read(file)));
    EarlierBuild before = EarlierBuild.fromProperty();
    if (before != null) {
      row.add(Contender.inJvm(before.name(), Role.EARLIER, gc(), before.op("H5jOps", "read", file)));
    }
    withPythons(row, "--op", "read", "--dir", work.toString(), "--data-file", name);
    if (deflate) {
      return row.goal(Role.PEER, 0.43, "keep ≤ 0.43 (issue 19)");
    }
    // the floor does what the row asks of h5j, with nothing of HDF5: the file's bytes into a
    // new heap array, after the same collection (a reused direct buffer would skip the page
    // faults and the copy out of the kernel's buffers that any new Java array pays)
    row.add(new Contender("FileChannel into a new array", Role.FLOOR, false, gc(), () -> {
      long t0 = System.nanoTime();
      PeerOps.readFileIntoNewArray(file);
      return new Contender.Run((System.nanoTime() - t0) / 1e9, null); // bytes, not values
    }));
    row.notes.add("the floor reads the file in 1 MiB reads into a new byte[] of its size; h5j"
        + " decodes each dataset into a new double[]; both start after System.gc()");
    return row.goal(Role.PEER, 1.0, "≤ 1.0× the best peer (issue: libhdf5 2.0)")
        .goal(Role.FLOOR, 1.3, "≤ 1.3× FileChannel into a new array");
  }

  /**
   * The whole read without allocation on either side: h5j into arrays it keeps, the floor
   * into one direct buffer it keeps; what is left between them is h5j's own work.
   */
  private PeerRow wholeReadReused() throws Exception {
    dataInputs();
    Path file = work.resolve("chunked.h5");
    PeerRow row = new PeerRow("read-reused", "whole read of " + size() + ", 1 MiB chunks,"
        + " uncompressed, into memory reused from run to run");
    double[][] arrays = H5jOps.arraysFor(file);
    row.add(h5jSide(null, () -> H5jOps.readInto(file, arrays)));
    ByteBuffer buffer = ByteBuffer.allocateDirect(Math.toIntExact(Files.size(file)));
    row.add(new Contender("FileChannel into a buffer", Role.FLOOR, false, null, () -> {
      long t0 = System.nanoTime();
      PeerOps.readFile(file, buffer);
      return new Contender.Run((System.nanoTime() - t0) / 1e9, null); // bytes, not values
    }));
    row.notes.add("h5j reads each dataset with read(Selection.all(), double[]) into an array"
        + " allocated once; the floor reads the whole file into one direct buffer allocated"
        + " once");
    return row.goal(Role.FLOOR, 1.3, "≤ 1.3× FileChannel (issue 19)");
  }

  private String vdsLabel() {
    return String.format(Locale.ROOT, "the VDS of %,d mappings (%d × %d chunks, %,d MB)",
        mode.vdsMappings(), mode.vdsEdge(), mode.vdsEdge(),
        (long) mode.vdsMappings() * mode.vdsEdge() * mode.vdsEdge() * 8 / 1_000_000);
  }

  private PeerRow vdsRead() throws Exception {
    Path file = vdsInput();
    PeerRow row = new PeerRow("vds-read", "whole read of " + vdsLabel() + " (written by h5j)");
    System.gc();
    row.add(new Contender("h5j", Role.H5J, false, gc(), () -> PeerOps.readVds(file, "v000")));
    EarlierBuild before = EarlierBuild.fromProperty();
    if (before != null) {
      row.add(new Contender(before.name(), Role.EARLIER, false, gc(),
          before.timed("PeerOps", "readVds", file, "v000")));
    }
    withPythons(row, "--op", "vds_read", "--file", file.toString(), "--name", "v000");
    return row.goal(Role.PEER, 0.8, "≤ 0.8× the best peer (issue: libhdf5 2.0)");
  }

  private PeerRow vdsOpen() throws Exception {
    Path file = vdsInput();
    PeerRow row = new PeerRow("vds-open", "open + shape + close of " + vdsLabel()
        + ", in process");
    row.add(h5jSide(null, () -> VdsOps.openShape(file, "v000")));
    withPythons(row, "--op", "vds_open", "--file", file.toString(), "--name", "v000");
    return row.repeats(SHORT_REPEATS, SHORT_WARMUP)
        .goal(Role.PEER, 0.01, "≥ 100× faster than the best peer");
  }

  private PeerRow vdsFirst() throws Exception {
    Path file = vdsInput();
    PeerRow row = new PeerRow("vds-first", "first element read after an open of " + vdsLabel()
        + " (open untimed)");
    row.add(new Contender("h5j", Role.H5J, false, null,
        () -> PeerOps.firstVdsElement(file, "v000")));
    withPythons(row, "--op", "vds_first", "--file", file.toString(), "--name", "v000");
    return row.repeats(SHORT_REPEATS, SHORT_WARMUP)
        .goal(Role.PEER, 0.018, "keep ≤ 0.018 (issue 19: 0.30 ms against 16.7 ms)");
  }

  private PeerRow seedRead() throws Exception {
    Path file = seedInput();
    String last = PeerOps.lastVersion(file);
    PeerRow row = new PeerRow("seed-read", "read every dataset of " + last + " of the seed file"
        + " (" + (mode.quick() ? "`demo seed --small`" : "`h5j demo seed`") + ", "
        + Files.size(file) / 1_000_000 + " MB)");
    row.add(h5jSide(gc(), () -> PeerOps.seedRead(file, last)));
    EarlierBuild before = EarlierBuild.fromProperty();
    if (before != null) {
      row.add(Contender.inJvm(before.name(), Role.EARLIER, gc(),
          before.op("PeerOps", "seedRead", file, last)));
    }
    withPythons(row, "--op", "seed_read", "--file", file.toString(), "--version", last);
    return row.goal(Role.PEER, 0.8, "≤ 0.8× the best peer (issue: libhdf5 2.0)");
  }

  private PeerRow repack() throws Exception {
    Path in = seedInput();
    Path out = work.resolve("repacked.h5");
    Timing.Before clear = () -> {
      Files.deleteIfExists(out);
      Disk.sync();
    };
    PeerRow row = new PeerRow("repack", "repack the seed file (" + Files.size(in) / 1_000_000
        + " MB), whole processes");
    row.add(Contender.process("h5j repack", Role.H5J, clear, List.of(h5j.toString(), "repack",
        in.toString(), out.toString())));
    row.add(Contender.process("cp + sync", Role.FLOOR, clear, List.of("sh", "-c",
        "cp \"$0\" \"$1\" && sync \"$1\"", in.toString(), out.toString())));
    String before = System.getProperty("h5j.bench.h5jBefore");
    if (before != null) {
      // an earlier build's launcher, measured in the same rounds (a before/after comparison)
      row.add(Contender.process("h5j repack, " + before, Role.EARLIER, clear, List.of(before,
          "repack", in.toString(), out.toString())));
    }
    row.add(Contender.process("h5repack 1.10.8 + sync", Role.PEER, clear, List.of("sh", "-c",
        "h5repack \"$0\" \"$1\" && sync \"$1\"", in.toString(), out.toString())).onlyOnce());
    row.notes.add("h5repack (libhdf5 1.10.8) runs once, in the first counted round: it takes"
        + " minutes on a versioned file; the last run's output is h5j's, which h5py 3.7 reads"
        + " (every dataset of the last version) and must find as in the input");
    return row.goal(Role.FLOOR, 1.5, "≤ 1.5× cp + sync");
  }

  private PeerRow commit() throws Exception {
    PeerRow row = new PeerRow("commit", "commit the seed workload (" + (mode.quick()
        ? "`--small`: 10 datasets × 10 versions" : "95 datasets × 100 versions")
        + "), timed inside each process").checksDiffer("file bytes").checkGoal(0.75);
    Path mine = work.resolve("commit-h5j.h5");
    row.add(new Contender("h5j demo seed", Role.H5J, false, fresh(mine),
        () -> totalLine(Contender.output(seedCommand(mine)), mine)));
    if (Files.isExecutable(Path.of(VH5))) {
      Path theirs = work.resolve("commit-vh5.h5");
      Path py = H5pySide.copyResource(work, "vh5_seed.py");
      List<String> cmd = new ArrayList<>(List.of(VH5, py.toString(), theirs.toString()));
      if (mode.quick()) {
        cmd.add("--small");
      }
      row.add(new Contender("versioned-hdf5 master", Role.PEER, false, fresh(theirs),
          () -> totalLine(Contender.output(cmd), theirs)));
      row.notes.add("versioned-hdf5 draws its random values with numpy, h5j with"
          + " java.util.Random: the same work, not the same values");
    } else {
      row.notes.add("**versioned-hdf5 master is absent** (" + VH5 + " not found: run"
          + " ../shared/peers/setup-peer.sh); h5j alone");
    }
    return row.goal(Role.PEER, 1 / 15.0, "≥ 15× faster than versioned-hdf5 master");
  }

  private static final Pattern TOTAL = Pattern.compile("total: ([0-9.]+) s");

  /** The workload time a seed run prints, and its file's size as the check. */
  private static Contender.Run totalLine(String output, Path file) throws IOException {
    Matcher m = TOTAL.matcher(output);
    if (!m.find()) {
      throw new IOException("no 'total: N s' line in: " + output);
    }
    return new Contender.Run(Double.parseDouble(m.group(1)), Files.size(file));
  }

  private PeerRow slabs() throws Exception {
    leadInputs();
    Path file = work.resolve("slabs.h5");
    int n = mode.slabReads();
    PeerRow row = new PeerRow("slabs", String.format(Locale.ROOT, "%,d reads of 64 × 64"
        + " hyperslabs of a %d × %d float64 dataset, %d × %d chunks, uncompressed", n,
        mode.slabSide(), mode.slabSide(), mode.slabChunk(), mode.slabChunk()))
        .perUnit(n, "read");
    row.add(h5jSide(null, () -> PeerOps.slabs(file, n, 64)));
    EarlierBuild before = EarlierBuild.fromProperty();
    if (before != null) {
      row.add(Contender.inJvm(before.name(), Role.EARLIER, null,
          before.op("PeerOps", "slabs", file, n, 64)));
    }
    withPythons(row, "--op", "slabs", "--file", file.toString(), "--count",
        String.valueOf(n), "--box", "64");
    return row.goal(Role.PEER, 0.72, "keep ≤ 0.72 (issue 19)");
  }

  private PeerRow list() throws Exception {
    leadInputs();
    Path file = work.resolve("many.h5");
    PeerRow row = new PeerRow("list", String.format(Locale.ROOT, "open, name and shape of"
        + " each of %,d datasets of the root group (h5py's file), close", mode.listDatasets()));
    row.add(h5jSide(null, () -> PeerOps.list(file)));
    withPythons(row, "--op", "list", "--file", file.toString());
    row.add(Contender.inJvm("jHDF 0.10", Role.PEER, null, () -> PeerOps.listJhdf(file)));
    return row.repeats(LIST_REPEATS, SHORT_WARMUP)
        .goal(Role.PEER, 0.36, "keep ≤ 0.36 of the best peer (issue 19: jHDF)");
  }

  private PeerRow startup() {
    Path file = repo.resolve("fixtures").resolve("datatypes_latest.h5");
    PeerRow row = new PeerRow("startup", "whole-process `ls` of a small file ("
        + repo.relativize(file) + ")");
    row.add(Contender.process("./h5j ls", Role.H5J, null, List.of(h5j.toString(), "ls",
        file.toString())));
    row.add(Contender.process("h5ls 1.10.8", Role.PEER, null, List.of("h5ls",
        file.toString())));
    return row.goal(Role.PEER, 2.0, "≤ 2× h5ls");
  }

  /** The oracle of what a row made h5j write: h5py 3.7 reads it back. */
  private void afterRow(String id) throws Exception {
    H5pySide.Server py = pythons.get(0).server();
    switch (id) {
      case "write", "deflate-write" -> {
        Path mine = work.resolve(id.equals("write") ? "h5j_chunked.h5" : "h5j_deflate.h5");
        String expect = JsonLine.text(py.time("--op", "read", "--dir", work.toString(),
            "--data-file", "chunked.h5"), "check");
        String got = JsonLine.text(py.time("--op", "read", "--dir", work.toString(),
            "--data-file", mine.getFileName().toString()), "check");
        if (!PeerRow.sameValue(expect, got)) {
          throw new IllegalStateException("h5py reading h5j's " + mine + ": check " + got
              + ", h5py's own file " + expect);
        }
        Files.deleteIfExists(mine);
        Files.deleteIfExists(work.resolve("plain.bin"));
        Files.deleteIfExists(work.resolve("py_written.h5"));
      }
      case "repack" -> {
        Path in = seedInput();
        Path out = work.resolve("repacked.h5");
        Contender.output(List.of(h5j.toString(), "repack", in.toString(), out.toString()));
        String last = PeerOps.lastVersion(in);
        String a = JsonLine.text(py.time("--op", "seed_read", "--file", in.toString(),
            "--version", last), "check");
        String b = JsonLine.text(py.time("--op", "seed_read", "--file", out.toString(),
            "--version", last), "check");
        if (!PeerRow.sameValue(a, b)) {
          throw new IllegalStateException("h5py reading h5j's repack output: check " + b
              + ", input " + a);
        }
        Files.deleteIfExists(out);
      }
      case "commit" -> {
        Path mine = work.resolve("commit-h5j.h5");
        String last = PeerOps.lastVersion(mine);
        String a = JsonLine.text(py.time("--op", "seed_read", "--file", mine.toString(),
            "--version", last), "check");
        double b = PeerOps.seedRead(mine, last);
        if (!PeerRow.sameValue(a, b)) {
          throw new IllegalStateException("h5py reading h5j's commits: check " + a
              + ", h5j " + b);
        }
      }
      default -> { }
    }
  }

  // ---- report ----

  private String report() throws IOException {
    StringBuilder sb = new StringBuilder();
    sb.append("# Issue 19's table: h5j against its peers\n\n");
    sb.append("`benchmarks/run-peers.sh").append(mode.quick() ? " --quick" : "")
        .append("` (`io.h5j.benchmarks.PeerTable`), report written ")
        .append(ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
            .substring(0, 16)).append(" UTC on ").append(MachineFacts.machine())
        .append("; ").append(MachineFacts.jvm()).append(". Peers: ");
    List<String> names = new ArrayList<>();
    for (Side s : pythons) {
      names.add(s.name() + " = h5py on libhdf5 " + s.hdf5() + " (" + s.python() + ")");
    }
    sb.append(String.join(", ", names)).append(", jHDF 0.10 in this JVM, h5ls/h5repack"
        + " 1.10.8. Each row: one warm-up round (none for the commit row; " + SHORT_WARMUP
        + " on the rows of millisecond operations: VDS opens, first elements, the listing),"
        + " then rounds that run every contender once (on those rows " + LIST_REPEATS + "–"
        + SHORT_REPEATS + " times in a row, counting their median), in reverse order every"
        + " other round; in-process times unless the row says otherwise; warm page cache."
        + " Ratio = h5j / the peer (or floor) with"
        + " the least median, per round: its median and range; the verdict uses the"
        + " distribution-free interval of the median ratio (RoundRatios). Load = 1-minute"
        + " load averages before → after the row (2 cores: above 2 the run is not quiet).\n\n");
    sb.append("| workload | medians | h5j / best peer | h5j / floor | goal | load |\n");
    sb.append("|---|---|---|---|---|---|\n");
    StringBuilder raw = new StringBuilder("\n## Every time, round by round\n\n");
    Path dir = work.resolve("rows");
    for (String id : ROWS.keySet()) {
      Path line = dir.resolve(id + ".line");
      if (Files.exists(line)) {
        sb.append(Files.readString(line));
        raw.append(Files.readString(dir.resolve(id + ".raw")));
      } else {
        sb.append("| ").append(ROWS.get(id)).append(" | not measured in ").append(work)
            .append(" | | | | |\n");
      }
    }
    return sb.append(raw).toString();
  }

  private static void log(String s) {
    System.err.println("[peers] " + s);
  }
}
