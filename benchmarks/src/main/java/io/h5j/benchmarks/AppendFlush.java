package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.format.message.LayoutMessage;
import io.h5j.internal.DatasetInternals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost of a flush that appends one chunk to a dataset whose index already holds many:
 * for a v1 B-tree (h5py's default, old-format file), an extensible array (latest format) and
 * a v2 B-tree (latest format, two unlimited dimensions: rows of one chunk), each at two index
 * sizes. h5py creates the empty int32 dataset (chunks of 16 elements); h5j fills
 * it to N chunks in one flush, then times {@code --flushes} rounds of resize, write one
 * chunk, flush (which forces the file to disk). Prints per index type and size the median
 * and 90th percentile time of a round and the bytes it adds to the file, and the ratio of the
 * medians at the largest and smallest size (1.0 = the flush does not grow with the index).
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.AppendFlush \
 *     [--chunks 1000,100000] [--flushes 200] [--work-dir DIR]
 * </pre>
 */
public final class AppendFlush {
  private static final int CHUNK = 16;

  private AppendFlush() {}

  public static void main(String[] args) throws Exception {
    List<Integer> sizes = List.of(1_000, 100_000);
    int flushes = 200;
    Path dir = Files.createTempDirectory("h5j-append-flush");
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--chunks" -> {
          List<Integer> s = new ArrayList<>();
          for (String v : args[i + 1].split(",")) {
            s.add(Integer.parseInt(v));
          }
          sizes = s;
        }
        case "--flushes" -> flushes = Integer.parseInt(args[i + 1]);
        case "--work-dir" -> dir = Files.createDirectories(Path.of(args[i + 1]));
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    System.out.println("| index | chunks | median ms/flush | p90 ms/flush | bytes added/flush |");
    System.out.println("|---|---:|---:|---:|---:|");
    for (String kind : List.of("earliest", "latest", "latest-2d")) {
      String libver = kind.split("-")[0];
      boolean twoD = kind.endsWith("2d");
      double first = 0;
      double last = 0;
      String name = "";
      for (int n : sizes) {
        Path f = dir.resolve("append-" + kind + "-" + n + ".h5");
        String shape = twoD ? "shape=(0, " + CHUNK + "), maxshape=(None, None), chunks=(1, "
            + CHUNK + ")" : "shape=(0,), maxshape=(None,), chunks=(" + CHUNK + ",)";
        python(String.join("\n",
            "import sys, h5py",
            "with h5py.File(sys.argv[1], 'w', libver=sys.argv[2]) as f:",
            "    f.create_dataset('d', " + shape + ", dtype='<i4')"), f.toString(), libver);
        fill(f, n);
        long before = Files.size(f);
        double[] t = appendFlushes(f, n, flushes);
        long added = (Files.size(f) - before) / flushes;
        name = indexName(f);
        double median = Timing.median(toList(t));
        double p90 = percentile(t, 0.9);
        System.out.printf(Locale.ROOT, "| %s | %,d | %.3f | %.3f | %,d |%n", name, n,
            median * 1e3, p90 * 1e3, added);
        if (first == 0) {
          first = median;
        }
        last = median;
        Files.delete(f);
      }
      System.out.printf(Locale.ROOT, "%s: median flush at %,d chunks / at %,d chunks = %.2f%n",
          name, sizes.get(sizes.size() - 1), sizes.get(0), last / first);
    }
  }

  /** Runs a python script with h5py (the benchmarks' python) and waits for it. */
  static void python(String script, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(H5pySide.PYTHON, "-c", script));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    if (p.waitFor() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: is h5py installed for "
          + H5pySide.PYTHON + "?");
    }
  }

  /** Fills the dataset to {@code n} chunks in one flush. */
  private static void fill(Path f, int n) throws IOException {
    try (H5File h = H5File.openReadWrite(f)) {
      Dataset d = h.dataset("d");
      resize(d, (long) n * CHUNK);
      int[] v = new int[n * CHUNK];
      for (int i = 0; i < v.length; i++) {
        v[i] = i + 1;
      }
      d.write(v);
    }
  }

  /** Seconds of each round: resize by one chunk, write it, flush. */
  private static double[] appendFlushes(Path f, int n, int flushes) throws IOException {
    double[] t = new double[flushes];
    int[] v = new int[CHUNK];
    try (H5File h = H5File.openReadWrite(f)) {
      Dataset d = h.dataset("d");
      for (int i = 0; i < flushes; i++) {
        long at = (long) (n + i) * CHUNK;
        for (int j = 0; j < CHUNK; j++) {
          v[j] = (int) (at + j + 1);
        }
        long t0 = System.nanoTime();
        resize(d, at + CHUNK);
        d.write(d.shape().length == 2
            ? Selection.box(new long[] {at / CHUNK, 0}, new long[] {1, CHUNK})
            : Selection.box(new long[] {at}, new long[] {CHUNK}), v);
        h.flush();
        t[i] = (System.nanoTime() - t0) / 1e9;
      }
    }
    return t;
  }

  /** Resizes to {@code elements}: 1-D, or rows of one chunk each in the 2-D dataset. */
  private static void resize(Dataset d, long elements) throws IOException {
    if (d.shape().length == 2) {
      d.resize(elements / CHUNK, CHUNK);
    } else {
      d.resize(elements);
    }
  }

  private static String indexName(Path f) throws IOException {
    try (H5File h = H5File.open(f)) {
      int type = ((LayoutMessage.Chunked) DatasetInternals.layout(h.dataset("d"))).indexType();
      return switch (type) {
        case 0 -> "v1 B-tree";
        case 4 -> "extensible array";
        case 5 -> "v2 B-tree";
        default -> "index type " + type;
      };
    }
  }

  private static List<Double> toList(double[] a) {
    List<Double> l = new ArrayList<>();
    for (double x : a) {
      l.add(x);
    }
    return l;
  }

  private static double percentile(double[] a, double p) {
    double[] s = a.clone();
    java.util.Arrays.sort(s);
    return s[Math.min(s.length - 1, (int) Math.ceil(p * s.length) - 1)];
  }
}
