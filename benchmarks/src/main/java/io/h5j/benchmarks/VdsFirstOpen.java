package io.h5j.benchmarks;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The first open of a virtual dataset in a fresh JVM (cold classes, no JIT): open the file,
 * read the dataset's shape, close. {@link CompareVdsWithH5py} starts it once per repetition.
 * Prints one JSON line: {@code seconds} (the open-shape-close, timed inside), {@code check}.
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.VdsFirstOpen FILE DATASET
 * </pre>
 */
public final class VdsFirstOpen {
  private VdsFirstOpen() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: VdsFirstOpen FILE DATASET");
      System.exit(2);
    }
    long t0 = System.nanoTime();
    long check = VdsOps.openShape(Path.of(args[0]), args[1]);
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.println(String.format(Locale.ROOT, "{\"seconds\": %.9f, \"check\": %d}", s,
        check));
  }
}
