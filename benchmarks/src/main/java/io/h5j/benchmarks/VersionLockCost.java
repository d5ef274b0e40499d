package io.h5j.benchmarks;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * What the versioning layer's locks cost, in one JVM:
 *
 * <ul>
 *   <li>a commit with and without libhdf5's flock lock (taken through {@code /usr/bin/flock}),
 *       in alternating batches on the same file, and the helper's two requests alone;
 *   <li>a read of an h5j read-only {@code VersionedFile} (record lock plus the check of the
 *       writer's generation counter) against the same read of the same dataset through the
 *       file underneath (no lock, no check), and such a read right after a commit (it re-reads
 *       the file);
 *   <li>{@code deleteVersions} of the older half of the versions (kept chunks are copied
 *       twice), against a copy of the whole file with {@code Files.copy} and a force.
 * </ul>
 *
 * The file: four 512 × 512 float64 datasets in 64 × 64 chunks and a 16-element one; each
 * commit rewrites 6 of the 64 chunks of each big dataset and the small one.
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.VersionLockCost \
 *     [--rounds 5] [--commits 10] [--reads 200] [--work-dir DIR]
 * </pre>
 */
public final class VersionLockCost {
  private static final int N = 512;
  private static final int CHUNK = 64;
  private static final int DATASETS = 4;
  private static final String LOCKING = "h5j.libhdf5Locking";

  private VersionLockCost() {}

  public static void main(String[] args) throws Exception {
    int rounds = 5;
    int commits = 10;
    int reads = 200;
    Path dir = Files.createTempDirectory("h5j-lock-cost");
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
        case "--commits" -> commits = Integer.parseInt(args[i + 1]);
        case "--reads" -> reads = Integer.parseInt(args[i + 1]);
        case "--work-dir" -> dir = Files.createDirectories(Path.of(args[i + 1]));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path file = dir.resolve("lock-cost.h5");
    Random rnd = new Random(42);
    try (VersionedFile vf = VersionedFile.create(file)) {
      vf.commit("v0000", null, s -> {
        for (int d = 0; d < DATASETS; d++) {
          s.createDataset("d" + d, DatasetSpec.of(values(rnd, N * N)).shape(N, N)
              .chunks(CHUNK, CHUNK));
        }
        s.createDataset("small", DatasetSpec.of(values(rnd, 16)).chunks(16));
      });
    }

    // commits, flock on and off in alternating batches; the first round warms up
    List<Double> on = new ArrayList<>();
    List<Double> off = new ArrayList<>();
    List<Double> openOn = new ArrayList<>();
    List<Double> openOff = new ArrayList<>();
    int k = 0;
    for (int r = 0; r < rounds + 1; r++) {
      // which mode goes first alternates: a batch's first commit reads the hash tables
      for (boolean locking : r % 2 == 0 ? new boolean[] {true, false}
          : new boolean[] {false, true}) {
        System.setProperty(LOCKING, String.valueOf(locking));
        long t0 = System.nanoTime();
        try (VersionedFile vf = VersionedFile.open(file)) {
          double opened = (System.nanoTime() - t0) / 1e9;
          for (int c = 0; c < commits; c++) {
            String name = String.format(Locale.ROOT, "v%04d", ++k);
            long t1 = System.nanoTime();
            vf.commit(name, vf.currentVersion(), s -> edit(s, rnd));
            double t = (System.nanoTime() - t1) / 1e9;
            if (r > 0) {
              (locking ? on : off).add(t);
            }
          }
          if (r > 0) {
            (locking ? openOn : openOff).add(opened);
          }
        }
      }
    }
    System.clearProperty(LOCKING);
    System.out.println("| operation | median | p10–p90 | runs |");
    System.out.println("|---|---:|---:|---:|");
    row("commit (6 of 64 chunks of 4 datasets + 1 small), flock lock on", on);
    row("commit, flock lock off", off);
    System.out.printf(Locale.ROOT, "| difference of medians (cost of the flock lock per commit) |"
        + " %.3f ms | | |%n", (Timing.median(on) - Timing.median(off)) * 1e3);
    List<Double>[] trips = flockRoundTrips(dir, 20, 200);
    row("flock helper: take exclusive (no one else holds the file)", trips[0]);
    row("flock helper: back to shared", trips[1]);
    row("VersionedFile.open, flock lock on (starts the helper)", openOn);
    row("VersionedFile.open, flock lock off", openOff);

    // reads of an h5j reader
    String last = String.format(Locale.ROOT, "v%04d", k);
    try (VersionedFile writer = VersionedFile.open(file);
        VersionedFile ro = VersionedFile.openReadOnly(file)) {
      for (String ds : List.of("small", "d0")) {
        VersionView v = ro.version(last);
        String vds = "_version_data/versions/" + last + "/" + ds;
        Timing.Result[] both = Timing.alternate(20, reads, null, () -> v.read(ds), null,
            () -> ro.h5().dataset(vds).read());
        row("read " + ds + " through a read-only VersionedFile (lock + generation check)",
            both[0].times());
        row("read " + ds + " through the H5File underneath (no lock, no check)",
            both[1].times());
      }
      List<Double> afterChange = new ArrayList<>();
      for (int c = 0; c < Math.max(3, commits); c++) {
        String name = String.format(Locale.ROOT, "v%04d", ++k);
        writer.commit(name, writer.currentVersion(), s -> edit(s, rnd));
        VersionView v = ro.version(last); // listing re-reads the file: time the next change
        writer.commit(name + "b", name, s -> edit(s, rnd));
        k++;
        long t0 = System.nanoTime();
        v.read("small");
        afterChange.add((System.nanoTime() - t0) / 1e9);
      }
      row("read small right after a commit (re-reads the file)", afterChange);
    }

    // deleteVersions of the older half
    List<String> names = new ArrayList<>();
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      vf.versions().forEach(i -> names.add(i.name()));
    }
    long before = Files.size(file);
    Path copy = dir.resolve("copy.h5");
    long t0 = System.nanoTime();
    Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
    try (FileChannel c = FileChannel.open(copy, StandardOpenOption.WRITE)) {
      c.force(true);
    }
    double copied = (System.nanoTime() - t0) / 1e9;
    String[] doomed = names.subList(0, names.size() / 2).toArray(new String[0]);
    double deleted;
    long rawBefore = rawBytes(file);
    try (VersionedFile vf = VersionedFile.open(file)) {
      long t1 = System.nanoTime();
      vf.deleteVersions(doomed);
      deleted = (System.nanoTime() - t1) / 1e9;
    }
    long rawAfter = rawBytes(file);
    System.out.printf(Locale.ROOT, "| deleteVersions of %d of %d versions (raw data %.1f → %.1f"
        + " MiB; file %.1f MiB) | %.1f ms | | 1 |%n", doomed.length, names.size(),
        rawBefore / 1048576.0, rawAfter / 1048576.0, before / 1048576.0, deleted * 1e3);
    System.out.printf(Locale.ROOT, "| Files.copy of the whole file + force (for scale) |"
        + " %.1f ms | | 1 |%n", copied * 1e3);
    Files.delete(copy);
    Files.delete(file);
  }

  /**
   * The two requests a change makes to the flock helper, timed alone: a commit's own times
   * vary by more than they cost on a shared machine. The helper class is package-private (not
   * API), hence the reflection.
   */
  @SuppressWarnings("unchecked")
  private static List<Double>[] flockRoundTrips(Path dir, int warmup, int reps)
      throws Exception {
    Path f = Files.createTempFile(dir, "flock", ".h5");
    Class<?> c = Class.forName("io.h5j.versioning.Libhdf5FileLock");
    java.lang.reflect.Method open = c.getDeclaredMethod("open", Path.class, Path.class);
    java.lang.reflect.Method exclusive = c.getDeclaredMethod("exclusive",
        java.time.Duration.class);
    java.lang.reflect.Method shared = c.getDeclaredMethod("tryShared");
    java.lang.reflect.Field flock = c.getDeclaredField("FLOCK");
    for (java.lang.reflect.AccessibleObject o : List.of(open, exclusive, shared, flock)) {
      o.setAccessible(true);
    }
    List<Double> x = new ArrayList<>();
    List<Double> sh = new ArrayList<>();
    try (AutoCloseable l = (AutoCloseable) open.invoke(null, f, flock.get(null))) {
      for (int i = 0; i < warmup + reps; i++) {
        long t0 = System.nanoTime();
        exclusive.invoke(l, java.time.Duration.ofSeconds(5));
        long t1 = System.nanoTime();
        shared.invoke(l);
        long t2 = System.nanoTime();
        if (i >= warmup) {
          x.add((t1 - t0) / 1e9);
          sh.add((t2 - t1) / 1e9);
        }
      }
    }
    Files.delete(f);
    return new List[] {x, sh};
  }

  private static void edit(io.h5j.versioning.StagedVersion s, Random rnd) throws IOException {
    int per = N / CHUNK;
    for (int d = 0; d < DATASETS; d++) {
      for (int c = 0; c < 6; c++) {
        int at = rnd.nextInt(per * per);
        s.write("d" + d, new long[] {(at / per) * CHUNK, (at % per) * CHUNK},
            new long[] {CHUNK, CHUNK}, values(rnd, CHUNK * CHUNK));
      }
    }
    s.write("small", values(rnd, 16));
  }

  /** Bytes of the raw-data datasets, as stored (their shapes × 8). */
  private static long rawBytes(Path file) throws IOException {
    long total = 0;
    try (H5File f = H5File.open(file)) {
      for (String ds : List.of("d0", "d1", "d2", "d3", "small")) {
        long n = 8;
        for (long e : f.dataset("_version_data/" + ds + "/raw_data").shape()) {
          n *= e;
        }
        total += n;
      }
    }
    return total;
  }

  private static double[] values(Random rnd, int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = rnd.nextDouble();
    }
    return a;
  }

  private static void row(String what, List<Double> times) {
    double[] t = times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    System.out.printf(Locale.ROOT, "| %s | %.3f ms | %.3f–%.3f ms | %d |%n", what,
        Timing.median(times) * 1e3, t[t.length / 10] * 1e3, t[t.length * 9 / 10] * 1e3,
        t.length);
  }
}
