package io.h5j.versioning;

import io.h5j.DatasetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The processes of {@link ConcurrentAccessTest}: one writer committing versions whose content
 * follows from their names, and readers checking every version they list against that rule.
 *
 * <pre>
 *   writer FILE COMMITS DIR [nolock]   waits for DIR/ready-* (every reader has the file
 *                                      open), commits, waits for DIR/release, closes,
 *                                      writes DIR/done
 *   reader FILE ID DIR [nolock]        opens the file, writes DIR/ready-ID, reads until
 *                                      DIR/done, prints "ok checks refreshes"
 * </pre>
 *
 * Each waits for the other side's signal, however slowly the JVMs start on a loaded machine,
 * up to {@link #LIMIT}; a wait that reaches it fails the process with a message saying what
 * did not happen.
 *
 * A reader exits with status 1 and prints "TORN" and what it saw on the first read that is
 * not exactly what the writer committed.
 */
public final class ConcurrentAccessProcess {
  static final int READERS = 3;
  /** How long a process waits for another's signal before it fails: JVM starts can be slow. */
  static final java.time.Duration LIMIT = java.time.Duration.ofSeconds(120);

  private ConcurrentAccessProcess() {}

  /** Version k's dataset "line": int64, 100 + 25k elements, one value in 17 marked with k. */
  static long[] line(int k) {
    long[] a = new long[100 + 25 * k];
    for (int i = 0; i < a.length; i++) {
      a[i] = i * 10L + (i % 17 == k % 17 ? k : 0);
    }
    return a;
  }

  /** Version k's dataset "grid": float64 of shape (20 + k, 6), row k marked with 0.5. */
  static double[] grid(int k) {
    int rows = 20 + k;
    double[] a = new double[rows * 6];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < 6; c++) {
        a[r * 6 + c] = r * 100 + c + (r == k ? 0.5 : 0);
      }
    }
    return a;
  }

  static int number(String version) {
    return Integer.parseInt(version.substring(1));
  }

  /** Commits version k on top of the current one (the first creates both datasets). */
  static void commit(VersionedFile vf, int k) throws IOException {
    vf.commit("v" + k, vf.currentVersion(), s -> {
      if (!s.contains("line")) {
        s.createDataset("line", DatasetSpec.of(line(k)).chunks(16));
        s.createDataset("grid", DatasetSpec.of(grid(k)).shape(20 + k, 6).chunks(4, 3));
      } else {
        s.resize("line", 100 + 25 * k);
        s.write("line", line(k));
        s.resize("grid", 20 + k, 6);
        s.write("grid", grid(k));
      }
      s.setAttribute("", "k", (long) k);
    });
  }

  /**
   * Checks one version against the rule; returns false if it was deleted meanwhile (a
   * separate read may find a version gone that the listing showed).
   */
  static boolean check(VersionedFile vf, String name) throws IOException {
    int k = number(name);
    VersionView v;
    try {
      v = vf.version(name);
    } catch (IllegalArgumentException gone) {
      return false;
    }
    try {
      List<String> paths = v.datasetPaths().stream().sorted().toList();
      expect(paths.equals(List.of("grid", "line")), name, "datasets " + paths);
      expect(Long.valueOf(k).equals(v.info().attributes().get("k")), name,
          "attribute k = " + v.info().attributes().get("k"));
      long[] line = (long[]) v.read("line");
      if (!Arrays.equals(line, line(k))) {
        throw new AssertionError("version " + name + ": line differs: " + diffAt(line, line(k)));
      }
      double[] grid = (double[]) v.read("grid");
      expect(Arrays.equals(grid, grid(k)), name, "grid differs (" + grid.length + " values)");
      return true;
    } catch (IllegalStateException e) {
      if (String.valueOf(e.getMessage()).contains("was deleted since")) {
        return false;
      }
      throw e;
    }
  }

  private static String diffAt(long[] got, long[] want) {
    if (got.length != want.length) {
      return "length " + got.length + " not " + want.length;
    }
    int i = Arrays.mismatch(got, want);
    return "element " + i + " = " + got[i] + " not " + want[i];
  }

  private static void expect(boolean ok, String version, String what) {
    if (!ok) {
      throw new AssertionError("version " + version + ": " + what);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 4 && args[4].equals("nolock")) {
      FileLocks.enabled = false;
    }
    Path file = Path.of(args[1]);
    if (args[0].equals("writer")) {
      writer(file, Integer.parseInt(args[2]), Path.of(args[3]));
    } else {
      System.exit(reader(file, args[2], Path.of(args[3])));
    }
  }

  private static void writer(Path file, int commits, Path dir) throws Exception {
    try (VersionedFile vf = VersionedFile.open(file)) {
      Files.writeString(dir.resolve("writer-open"), "");
      long deadline = System.nanoTime() + LIMIT.toNanos();
      while (countReady(dir) < READERS) { // each opened the file before the first commit
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("only " + countReady(dir) + " of " + READERS
              + " readers started within " + LIMIT.toSeconds() + " s; nothing committed");
        }
        Thread.sleep(10);
      }
      for (int k = 1; k <= commits; k++) {
        commit(vf, k);
        if (k % 8 == 0) {
          vf.deleteVersions("v" + (k - 6), "v" + (k - 5)); // compacts and re-maps
        }
      }
      // stays open until the test has seen a second writer refused
      deadline = System.nanoTime() + LIMIT.toNanos();
      while (!Files.exists(dir.resolve("release"))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the test did not release the writer within "
              + LIMIT.toSeconds() + " s");
        }
        Thread.sleep(10);
      }
    } finally {
      Files.writeString(dir.resolve("done"), "");
    }
  }

  private static long countReady(Path dir) throws IOException {
    try (var s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith("ready-")).count();
    }
  }

  /** Reads until the writer is done (and once more after); 0 if every read was exact. */
  private static int reader(Path file, String id, Path dir) throws Exception {
    long checks = 0;
    String last = "";
    try (VersionedFile kept = VersionedFile.openReadOnly(file)) {
      Files.writeString(dir.resolve("ready-" + id), "");
      // the writer waits up to LIMIT for the readers, then commits, then for its release
      long deadline = System.nanoTime() + 3 * LIMIT.toNanos();
      boolean finalPass = false;
      while (true) {
        boolean done = Files.exists(dir.resolve("done"));
        // a long-lived reader: re-reads the file when the writer changed it
        for (VersionInfo v : kept.versions()) {
          last = "kept " + v.name();
          checks += check(kept, v.name()) ? 1 : 0;
        }
        // a reader opening the file afresh, as another program would
        try (VersionedFile fresh = VersionedFile.openReadOnly(file)) {
          String cur = fresh.currentVersion();
          if (cur != null) {
            last = "fresh " + cur;
            checks += check(fresh, cur) ? 1 : 0;
          }
          Set<String> listed = VersionMaintenance.names(fresh.versions());
          if (cur != null && !listed.contains(cur)) {
            throw new AssertionError("current version " + cur + " is not listed: " + listed);
          }
        }
        if (finalPass) {
          break;
        }
        if (System.nanoTime() > deadline) {
          System.out.println("NOT DONE: the writer did not end within "
              + 3 * LIMIT.toSeconds() + " s; " + checks + " exact reads");
          return 1;
        }
        finalPass = done;
        Thread.sleep(5); // leave the writer some of the machine
      }
      System.out.println("ok " + checks + " " + kept.refreshes);
      return 0;
    } catch (Throwable t) {
      System.out.println("TORN after " + checks + " exact reads, at " + last + ": " + t);
      t.printStackTrace(System.out);
      return 1;
    }
  }
}
