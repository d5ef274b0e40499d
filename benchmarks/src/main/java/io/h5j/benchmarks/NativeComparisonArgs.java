package io.h5j.benchmarks;

import java.nio.file.Path;

/**
 * The options of the benchmarks that compare a filter with its native plugin: {@code --mib}
 * of data per dataset, {@code --reps} alternating runs, {@code --work-dir} for the files.
 */
record NativeComparisonArgs(int mib, int reps, Path work) {
  static NativeComparisonArgs parse(String[] args, String workDirName) {
    int mib = 64;
    int reps = 9;
    Path work = Path.of(System.getProperty("java.io.tmpdir"), workDirName);
    for (int i = 0; i < args.length; i += 2) {
      switch (args[i]) {
        case "--mib" -> mib = Integer.parseInt(args[i + 1]);
        case "--reps" -> reps = Integer.parseInt(args[i + 1]);
        case "--work-dir" -> work = Path.of(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    return new NativeComparisonArgs(mib, reps, work);
  }
}
