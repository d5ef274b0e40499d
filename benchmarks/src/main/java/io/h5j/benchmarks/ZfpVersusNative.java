package io.h5j.benchmarks;

import io.h5j.H5File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Whole-process decode throughput of h5j's ZFP (32013, decode only) against Debian's native
 * H5Z-ZFP plugin (libh5zzfp.so, ZFP 1.0) through h5py in the same run, on the same files: a
 * float32 cube in fixed-rate mode (rate 8, 64^3 chunks), a float64 plane at rate 16 and in
 * fixed-accuracy mode (256x512 chunks), and the same data unfiltered for each side's cost
 * without the codec. Each cell alternates one native read (a request to the long-lived Python
 * side, {@code zfp_native.py}) with one h5j read of the native side's file; h5j's values are
 * checked (SHA-256) against libhdf5's.
 *
 * <pre>
 * mvn -q -B -o -pl benchmarks -am package -DskipTests
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.ZfpVersusNative \
 *     [--mib 64] [--reps 9] [--work-dir DIR]
 * </pre>
 */
public final class ZfpVersusNative {
  private static final String[][] ROWS = {
      {"f4_3d_rate8", "f4_3d_none"}, {"f8_2d_rate16", "f8_2d_none"},
      {"f8_2d_accuracy", "f8_2d_none"}};

  private ZfpVersusNative() {}

  public static void main(String[] args) throws Exception {
    NativeComparisonArgs a = NativeComparisonArgs.parse(args, "h5j-bench-zfp");
    int mib = a.mib();
    int reps = a.reps();
    Path work = a.work();
    Files.createDirectories(work);
    System.out.println(MachineFacts.machine() + "; " + MachineFacts.jvm() + "; load "
        + MachineFacts.loadAverage());
    try (LzoLz4VersusNative.NativeSide nat =
        new LzoLz4VersusNative.NativeSide("zfp_native.py", work, mib)) {
      System.out.printf(Locale.ROOT, "data: about %d MiB per dataset; per cell %d runs per side"
          + " after warm-ups, native and h5j alternating; page cache warm%n", mib, reps);
      System.out.println("| dataset | native wall | h5j wall | h5j / native | native CPU |"
          + " h5j CPU | h5j / native | h5j MB/s (decoded) | stored | codec alone: native |"
          + " h5j | h5j / native |");
      System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      java.util.Map<String, double[]> seen = new java.util.HashMap<>();
      int runs = reps;
      for (String[] row : ROWS) {
        double[] t = seen.computeIfAbsent(row[0], n -> time(nat, n, runs));
        double[] base = seen.computeIfAbsent(row[1], n -> time(nat, n, runs));
        double raw = JsonLine.integer(nat.facts, row[0] + ".raw");
        double n = t[0] - base[0];
        double h = t[1] - base[1];
        System.out.printf(Locale.ROOT, "| %s | %.1f ms | %.1f ms | %.2f | %.1f ms | %.1f ms |"
            + " %.2f | %.0f | %.1f MiB | %.1f ms | %.1f ms | %.2f |%n", row[0], t[0] * 1e3,
            t[1] * 1e3, t[1] / t[0], t[2] * 1e3, t[3] * 1e3, t[3] / t[2], raw / 1e6 / t[1],
            JsonLine.integer(nat.facts, row[0] + ".stored") / 1048576.0, n * 1e3, h * 1e3,
            h / n);
      }
    }
  }

  /** Medians of native wall, h5j wall, native CPU, h5j CPU for reading {@code name}. */
  private static double[] time(LzoLz4VersusNative.NativeSide nat, String name, int reps) {
    try {
      Path file = Path.of(JsonLine.text(nat.facts, name + ".path"));
      Object[] data = new Object[1];
      double[] t = LzoLz4VersusNative.alternate(reps, () -> nat.time("read", name), () -> {
        try (H5File f = H5File.open(file)) {
          data[0] = f.dataset(name).read();
        }
      });
      if (!ElementDigest.sha256(data[0]).equals(JsonLine.text(nat.facts, name + ".sha"))) {
        throw new IllegalStateException(name + ": h5j read other values than libhdf5");
      }
      return t;
    } catch (Exception e) {
      throw new IllegalStateException(name, e);
    }
  }

}
