package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Selection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * Single-chunk reads in scattered order from one dataset indexed by an extensible array, the
 * access pattern of a versioned-hdf5 virtual dataset reading its raw dataset: h5py writes a
 * 1-D int64 dataset of {@code --chunks} chunks of 16 elements (unlimited, so libhdf5 picks
 * the extensible array; with {@code --gzip}, deflated), then h5j reads {@code --reads} chunks
 * at random, each as one box, in one open file. Prints the median microseconds per read over
 * {@code --reps} repetitions (after one warm-up), the sum of the values read (the same in
 * every run) and the load average. Comparing two builds (before and after a change) means
 * running this class against each build's classes on the same file.
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.ScatteredChunkReads \
 *     [--chunks 100000] [--reads 100000] [--reps 5] [--gzip] [--file F]
 * </pre>
 */
public final class ScatteredChunkReads {
  private static final int CHUNK = 16;

  private ScatteredChunkReads() {}

  public static void main(String[] args) throws Exception {
    int chunks = 100_000;
    int reads = 100_000;
    int reps = 5;
    boolean gzip = false;
    Path file = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--chunks" -> chunks = Integer.parseInt(args[++i]);
        case "--reads" -> reads = Integer.parseInt(args[++i]);
        case "--reps" -> reps = Integer.parseInt(args[++i]);
        case "--gzip" -> gzip = true;
        case "--file" -> file = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (file == null) {
      file = Files.createTempDirectory("h5j-scattered").resolve("raw.h5");
    }
    if (!Files.exists(file)) {
      AppendFlush.python(String.join("\n",
          "import sys, numpy as np, h5py",
          "n = int(sys.argv[2])",
          "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
          "    f.create_dataset('raw', data=np.arange(n * " + CHUNK + ", dtype='i8'),",
          "                     maxshape=(None,), chunks=(" + CHUNK + ",),",
          "                     compression=sys.argv[3] if sys.argv[3] != 'none' else None)"),
          file.toString(), String.valueOf(chunks), gzip ? "gzip" : "none");
    }
    long[] starts = new long[reads];
    Random random = new Random(42);
    for (int i = 0; i < reads; i++) {
      starts[i] = (long) random.nextInt(chunks) * CHUNK;
    }
    Path f = file;
    try (H5File h = H5File.open(f)) {
      Dataset d = h.dataset("raw");
      Timing.Result r = Timing.measure(1, reps, null, () -> {
        long sum = 0;
        for (long s : starts) {
          long[] v = (long[]) d.read(Selection.box(new long[] {s}, new long[] {CHUNK}));
          sum += v[0];
        }
        return sum;
      });
      System.out.printf(Locale.ROOT, "file %s (%d chunks of %d int64%s), %d scattered"
          + " single-chunk reads: median %.2f us/read over %d reps (times s: %s), sum %s,"
          + " load %s%n", f, chunks, CHUNK, gzip ? ", gzip" : "", reads,
          r.median() * 1e6 / reads, reps, r.times(), r.check(), MachineFacts.loadAverage());
    }
  }
}
