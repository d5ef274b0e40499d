package io.h5j.cli;

import io.h5j.DatasetSpec;
import io.h5j.type.Datatypes;
import io.h5j.versioning.StagedVersion;
import io.h5j.versioning.VersionView;
import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code h5j demo seed}: the versioning workload of the motivating report, timed. 95 datasets
 * of 2-D float64 with 11 chunk columns and 4 to 40 chunk rows of 32×32, then 100 versions that
 * each rewrite 10% of the chunks of 25% of the datasets with new random values. With
 * {@code --small}: 10 datasets of 8×8 chunks and 10 versions.
 */
@Command(name = "seed", description = "Write the versioning benchmark workload (95 datasets,"
    + " 100 versions; --small: 10 and 10) and print its timings.")
final class DemoSeedCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE",
      description = "versioned file to write (replaced if it exists)")
  Path file;

  @Option(names = "--small", description = "a quick, small workload")
  boolean small;

  @Option(names = "--seed", defaultValue = "1", description = "random seed (default 1)")
  long seed;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    int datasets = small ? 10 : 95;
    int versions = small ? 10 : 100;
    int chunk = small ? 8 : 32;
    Random rnd = new Random(seed);
    long[][] shapes = new long[datasets][];
    for (int i = 0; i < datasets; i++) {
      long rows = 4 + (datasets == 1 ? 0 : (36L * i) / (datasets - 1));
      shapes[i] = new long[] {rows * chunk, 11L * chunk};
    }
    Files.deleteIfExists(file);
    long t0 = System.nanoTime();
    try (VersionedFile vf = VersionedFile.create(file)) {
      try (StagedVersion s = vf.stageVersion("v0000")) {
        for (int i = 0; i < datasets; i++) {
          String p = name(i);
          s.createDataset(p, DatasetSpec.empty(Datatypes.FLOAT64, shapes[i])
              .chunks(chunk, chunk));
          s.write(p, random(rnd, (int) (shapes[i][0] * shapes[i][1])));
        }
      }
      long t1 = System.nanoTime();
      out.printf("initial version: %d datasets, %d chunks: %.2f s%n", datasets,
          totalChunks(shapes, chunk), (t1 - t0) / 1e9);
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < datasets; i++) {
        order.add(i);
      }
      long rewritten = 0;
      for (int v = 1; v <= versions; v++) {
        Collections.shuffle(order, rnd);
        try (StagedVersion s = vf.stageVersion(String.format("v%04d", v))) {
          for (int k = 0; k < Math.max(1, datasets / 4); k++) {
            int i = order.get(k);
            long rows = shapes[i][0] / chunk;
            long chunks = rows * 11;
            for (long c = 0; c < Math.max(1, chunks / 10); c++) {
              long at = rnd.nextInt((int) chunks);
              s.write(name(i), new long[] {at / 11 * chunk, at % 11 * chunk},
                  new long[] {chunk, chunk}, random(rnd, chunk * chunk));
              rewritten++;
            }
          }
        }
      }
      long t2 = System.nanoTime();
      out.printf("%d versions, %d chunk writes: %.2f s (%.1f ms per version)%n", versions,
          rewritten, (t2 - t1) / 1e9, (t2 - t1) / 1e6 / versions);
      out.printf("total: %.2f s, file size %.1f MiB%n", (t2 - t0) / 1e9,
          Files.size(file) / 1048576.0);
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      for (String v : List.of(String.format("v%04d", versions), "v0000")) {
        long r0 = System.nanoTime();
        VersionView view = vf.version(v);
        double sum = 0;
        for (String p : view.datasetPaths()) {
          for (double x : (double[]) view.read(p)) {
            sum += x;
          }
        }
        out.printf("read every dataset of %s: %.2f s (checksum %.6f)%n", v,
            (System.nanoTime() - r0) / 1e9, sum);
      }
    }
    return Main.OK;
  }

  private static String name(int i) {
    return String.format("ds_%03d", i);
  }

  private static long totalChunks(long[][] shapes, int chunk) {
    long n = 0;
    for (long[] s : shapes) {
      n += (s[0] / chunk) * (s[1] / chunk);
    }
    return n;
  }

  private static double[] random(Random rnd, int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = rnd.nextDouble();
    }
    return a;
  }
}
