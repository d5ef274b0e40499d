package io.h5j.benchmarks;

import io.h5j.DatasetSpec;
import io.h5j.versioning.CheckReport;
import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * What verifying chunk hashes costs a version read ({@code VersionedFile.verifyChunkHashes}),
 * in one JVM: a whole read of the newest version (every dataset, every chunk hashed with
 * SHA-256 and compared with its hash-table row) against the same read unverified, in
 * alternating rounds on the same warm file (which goes first alternates too), with the
 * median ratio verified / unverified and its interval ({@link RoundRatios}), of wall time and
 * of the reading thread's CPU time (what a shared machine's load disturbs least); also the
 * whole
 * check of the file ({@code VersionedFile.check}) against reading every version unverified.
 *
 * <p>The file: {@code --datasets} float64 datasets of 1024 × 256 in 32 × 32 chunks (2 MiB,
 * 256 chunks each), then {@code --versions} more versions each rewriting a tenth of the
 * chunks of a quarter of the datasets, as the versioning workload of issue 5 does.
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.VerifiedReadCost \
 *     [--rounds 10] [--datasets 16] [--versions 10] [--work-dir DIR]
 * </pre>
 */
public final class VerifiedReadCost {
  private static final int ROWS = 1024;
  private static final int COLS = 256;
  private static final int CHUNK = 32;

  private VerifiedReadCost() {}

  public static void main(String[] args) throws Exception {
    int rounds = 10;
    int datasets = 16;
    int versions = 10;
    Path dir = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        case "--datasets" -> datasets = Integer.parseInt(args[i + 1]);
        case "--versions" -> versions = Integer.parseInt(args[i + 1]);
        case "--work-dir" -> dir = Files.createDirectories(Path.of(args[i + 1]));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (dir == null) {
      dir = Files.createTempDirectory("h5j-verified-read");
    }
    Path file = dir.resolve("verified-read.h5");
    String newest = write(file, datasets, versions);
    System.out.println(MachineFacts.machine() + "; " + MachineFacts.jvm() + "; load "
        + MachineFacts.loadAverage());
    System.out.printf(Locale.ROOT, "file: %d datasets of %d x %d float64 in %d x %d chunks,"
        + " %d versions, %.1f MiB%n", datasets, ROWS, COLS, CHUNK, CHUNK, versions + 1,
        Files.size(file) / 1048576.0);

    Runs plain = new Runs();
    Runs verified = new Runs();
    try (VersionedFile p = VersionedFile.openReadOnly(file);
        VersionedFile v = VersionedFile.openReadOnly(file).verifyChunkHashes(true)) {
      for (int r = -2; r < rounds; r++) { // two warm-up rounds
        boolean plainFirst = Math.floorMod(r, 2) == 0;
        for (VersionedFile f : plainFirst ? List.of(p, v) : List.of(v, p)) {
          CpuTime.Mark m = CpuTime.mark();
          double wall = readAll(f, newest);
          CpuTime.Mark spent = m.since();
          if (r >= 0) {
            (f == p ? plain : verified).add(wall, spent);
          }
        }
      }
      System.out.println("| operation | wall (median) | CPU of the reading thread | CPU of the"
          + " process | runs |");
      System.out.println("|---|---:|---:|---:|---:|");
      plain.row("whole read of the newest version (" + datasets + " datasets), unverified");
      verified.row("the same read, every chunk verified");
      System.out.println();
      System.out.println("verified / unverified, per round, wall: "
          + new RoundRatios(plain.wall, verified.wall).summary());
      System.out.println("verified / unverified, per round, CPU of the reading thread: "
          + new RoundRatios(plain.caller, verified.caller).summary());

      List<Double> every = new ArrayList<>();
      List<Double> check = new ArrayList<>();
      for (int r = -1; r < 3; r++) {
        long t0 = System.nanoTime();
        for (var info : p.versions()) {
          readAll(p, info.name());
        }
        long t1 = System.nanoTime();
        CheckReport report = p.check();
        long t2 = System.nanoTime();
        if (report.damaged()) {
          throw new IllegalStateException("the benchmark's file is damaged: "
              + report.findings());
        }
        if (r >= 0) {
          every.add((t1 - t0) / 1e9);
          check.add((t2 - t1) / 1e9);
        }
      }
      System.out.println();
      System.out.println("| operation | median | runs |");
      System.out.println("|---|---:|---:|");
      row("read every version unverified (" + (versions + 1) + " versions)", every);
      row("check() of the whole file (each distinct chunk hashed once)", check);
      System.out.printf(Locale.ROOT, "check / reading every version: %.2f%n",
          Timing.median(check) / Timing.median(every));
    } finally {
      if (!Boolean.getBoolean("keep")) {
        Files.deleteIfExists(file);
      }
    }
  }

  /** Wall seconds and CPU milliseconds (reading thread, process) of a series of runs. */
  private static final class Runs {
    final List<Double> wall = new ArrayList<>();
    final List<Double> caller = new ArrayList<>();
    final List<Double> process = new ArrayList<>();

    void add(double seconds, CpuTime.Mark spent) {
      wall.add(seconds);
      caller.add(spent.callerMs());
      process.add(spent.processMs());
    }

    void row(String what) {
      System.out.printf(Locale.ROOT, "| %s | %.1f ms | %.1f ms | %.1f ms | %d |%n", what,
          Timing.median(wall) * 1e3, Timing.median(caller), Timing.median(process),
          wall.size());
    }
  }

  private static void row(String what, List<Double> seconds) {
    System.out.printf(Locale.ROOT, "| %s | %.1f ms | %d |%n", what, Timing.median(seconds) * 1e3,
        seconds.size());
  }

  /** Seconds to read every dataset of a version whole. */
  private static double readAll(VersionedFile f, String version) throws Exception {
    long t0 = System.nanoTime();
    VersionView v = f.version(version);
    double sum = 0;
    for (String path : v.datasetPaths()) {
      double[] values = (double[]) v.read(path);
      sum += values[values.length - 1];
    }
    if (Double.isNaN(sum)) {
      throw new IllegalStateException("NaN read");
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  /** Writes the file; the newest version's name. */
  private static String write(Path file, int datasets, int versions) throws Exception {
    Random rnd = new Random(5);
    try (VersionedFile vf = VersionedFile.create(file)) {
      vf.commit("v000", null, s -> {
        for (int d = 0; d < datasets; d++) {
          double[] x = new double[ROWS * COLS];
          for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextDouble();
          }
          s.createDataset("d" + d, DatasetSpec.of(x).shape(ROWS, COLS).chunks(CHUNK, CHUNK));
        }
      });
      String last = "v000";
      int chunks = (ROWS / CHUNK) * (COLS / CHUNK);
      for (int k = 1; k <= versions; k++) {
        String name = String.format(Locale.ROOT, "v%03d", k);
        vf.commit(name, last, s -> {
          for (int d = 0; d < datasets; d++) {
            if (rnd.nextInt(4) != 0) {
              continue;
            }
            for (int c = 0; c < chunks / 10; c++) {
              int at = rnd.nextInt(chunks);
              double[] block = new double[CHUNK * CHUNK];
              java.util.Arrays.fill(block, rnd.nextDouble());
              s.write("d" + d, new long[] {at / (COLS / CHUNK) * CHUNK,
                  at % (COLS / CHUNK) * CHUNK}, new long[] {CHUNK, CHUNK}, block);
            }
          }
        });
        last = name;
      }
      return last;
    }
  }
}
