package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Selection;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The first open of a virtual dataset in a fresh JVM (cold classes, no JIT): open the file,
 * read the dataset's shape, close. {@link CompareVdsWithH5py} starts it once per repetition.
 * Prints one JSON line: {@code seconds} (the open-shape-close, timed inside), {@code check}.
 *
 * <p>With {@code read-one [ROUNDS]}: open the file and the dataset and read its shape (timed
 * as {@code open_seconds}), then read one element ({@code read_seconds}: the first read after
 * open), close; repeated {@code ROUNDS} times (default 1) in this JVM at different elements,
 * so that the first round is the cold one and the later ones show the warm JVM
 * ({@code open_seconds} and {@code read_seconds} are lists, one value per round;
 * {@code read_cpu_seconds} the reading thread's CPU time, which a busy machine inflates less
 * than the wall time); {@code warm_read_ms} sums up the read times from round 6 on (the
 * upper median) and {@code load} is the load average at the end. {@code PAUSE_MS} waits
 * between rounds. With {@code read-one-deferred}
 * the file is opened with {@link H5File#deferVirtualBlockVerification()}.
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.VdsFirstOpen FILE DATASET
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.VdsFirstOpen FILE DATASET \
 *     read-one-deferred 25 60
 * </pre>
 */
public final class VdsFirstOpen {
  private VdsFirstOpen() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 2) {
      long t0 = System.nanoTime();
      long check = VdsOps.openShape(Path.of(args[0]), args[1]);
      double s = (System.nanoTime() - t0) / 1e9;
      System.out.println(String.format(Locale.ROOT, "{\"seconds\": %.9f, \"check\": %d}", s,
          check));
      return;
    }
    if (args.length < 3 || args.length > 5
        || !(args[2].equals("read-one") || args[2].equals("read-one-deferred"))) {
      System.err.println("usage: VdsFirstOpen FILE DATASET [read-one[-deferred] [ROUNDS"
          + " [PAUSE_MS]]]");
      System.exit(2);
    }
    int rounds = args.length >= 4 ? Integer.parseInt(args[3]) : 1;
    long pause = args.length == 5 ? Long.parseLong(args[4]) : 0;
    double[] open = new double[rounds];
    double[] read = new double[rounds];
    double[] cpu = new double[rounds];
    double sum = 0;
    for (int r = 0; r < rounds; r++) {
      long t0 = System.nanoTime();
      try (H5File f = H5File.open(Path.of(args[0]))) {
        if (args[2].endsWith("-deferred")) {
          f.deferVirtualBlockVerification();
        }
        Dataset d = f.dataset(args[1]);
        long[] shape = d.shape();
        CpuTime.Mark c1 = CpuTime.mark();
        long t1 = System.nanoTime();
        long flat = VdsGeometry.positions(r, 1, shape[0] * shape[1])[0];
        double v = ((double[]) d.read(Selection.box(new long[] {flat / shape[1],
            flat % shape[1]}, new long[] {1, 1})))[0];
        long t2 = System.nanoTime();
        cpu[r] = c1.since().callerMs() / 1e3;
        sum += v;
        open[r] = (t1 - t0) / 1e9;
        read[r] = (t2 - t1) / 1e9;
      }
      Thread.sleep(pause); // lets the previous file's background check finish
    }
    String load = MachineFacts.loadAverage();
    double[] warm = Arrays.copyOfRange(read, Math.min(WARM_FROM, rounds - 1), rounds);
    Arrays.sort(warm);
    System.out.println(String.format(Locale.ROOT,
        "{\"open_seconds\": %s, \"read_seconds\": %s, \"read_cpu_seconds\": %s,"
            + " \"warm_read_ms\": {\"min\": %.3f, \"median\": %.3f, \"max\": %.3f},"
            + " \"load\": \"%s\", \"check\": %s}", Arrays.toString(open),
        Arrays.toString(read), Arrays.toString(cpu), warm[0] * 1e3,
        warm[warm.length / 2] * 1e3, warm[warm.length - 1] * 1e3, load, sum));
  }

  /** Rounds before this one (counting from 0) are left out of the warm summary. */
  private static final int WARM_FROM = 5;
}
