package io.h5j.benchmarks;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.HashMap;
import java.util.Locale;

/**
 * Decode and encode throughput of h5j's Blosc (32001) and bitshuffle (32008) filters against the
 * native plugins through h5py, on the same float64 data in 1 MiB chunks: h5py writes and reads
 * each case (filters_blosc_h5py.py), h5j reads the file h5py wrote and writes its own, which
 * h5py then reads back (its sum must match). Each side times inside its own process; medians.
 *
 * <p>{@code java ... BloscFilterBenchmark WORK_DIR [MIB [REPS [PYTHON]]]}; prints a Markdown
 * table.
 */
public final class BloscFilterBenchmark {
  private static final int CHUNK = 131072;
  /** Warm-up rounds per case: aircompressor's Zstandard decoder needs many to be compiled. */
  private static final int WARMUP = 12;

  /** One compared configuration: h5py's compression_opts and h5j's full client data. */
  record Case(String name, int id, String h5pyOpts, int[] clientData) {
    String arg() {
      return name + ":" + id + ":" + h5pyOpts;
    }
  }

  static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    String[] codecs = {"blosclz", "lz4", "zstd"};
    int[] codes = {0, 1, 5};
    for (int c = 0; c < codecs.length; c++) {
      for (int sh = 1; sh <= 2; sh++) {
        cases.add(new Case("blosc-" + codecs[c] + (sh == 1 ? "-shuffle" : "-bitshuffle"), 32001,
            "0,0,0,0,5," + sh + "," + codes[c], new int[] {2, 2, 8, CHUNK * 8, 5, sh, codes[c]}));
      }
    }
    cases.add(new Case("bitshuffle-lz4", 32008, "0,2", new int[] {0, 3, 8, 0, 2}));
    return cases;
  }

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    int mib = args.length > 1 ? Integer.parseInt(args[1]) : 64;
    int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    String python = args.length > 3 ? args[3] : "/usr/bin/python3";
    Path script = Path.of(System.getProperty("h5j.bench.script",
        "benchmarks/filters_blosc_h5py.py")).toAbsolutePath();
    Files.createDirectories(dir);
    double[] data = data(mib << 17);
    ByteBuffer raw = ByteBuffer.allocate(data.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    raw.asDoubleBuffer().put(data);
    Files.write(dir.resolve("data.bin"), raw.array());
    List<Case> cases = cases();
    List<String> cmd = new ArrayList<>(List.of(python, script.toString(), "native",
        dir.toString(), Integer.toString(reps)));
    cases.forEach(c -> cmd.add(c.arg()));
    Map<String, String[]> nat = lines(run(cmd));
    double bytes = data.length * 8.0;
    StringBuilder table = new StringBuilder();
    table.append(String.format(Locale.ROOT, "%d MiB of float64, chunks of 1 MiB, level 5, "
        + "medians of %d; MB/s of decoded data%n%n", mib, reps));
    table.append("| case | h5py read | h5j read | read ratio (h5j/h5py time) | h5py write "
        + "| h5j write | write ratio | stored MiB native / h5j |\n|---|---|---|---|---|---|---|---|\n");
    List<String> verify = new ArrayList<>(List.of(python, script.toString(), "verify",
        dir.toString()));
    List<Double> sums = new ArrayList<>();
    for (Case c : cases) {
      Path nativeFile = dir.resolve("native-" + c.name() + ".h5");
      Path mine = dir.resolve("h5j-" + c.name() + ".h5");
      Timing.Result read = Timing.measure(WARMUP, reps, null, () -> {
        try (H5File f = H5File.open(nativeFile)) {
          return sum((double[]) f.dataset("x").read());
        }
      });
      Timing.Result write = Timing.measure(WARMUP, reps, () -> Files.deleteIfExists(mine), () -> {
        try (H5File f = H5File.create(mine)) {
          f.root().createDataset("x", DatasetSpec.of(data).chunks(CHUNK)
              .filter(c.id(), false, c.clientData()));
        }
        return 0;
      });
      double nativeSum = Double.parseDouble(nat.get(c.name())[3]);
      if ((double) read.check() != nativeSum) {
        throw new AssertionError(c.name() + ": h5j read sum " + read.check() + ", h5py "
            + nativeSum);
      }
      sums.add(nativeSum);
      verify.add(c.arg());
      double nr = Double.parseDouble(nat.get(c.name())[2]);
      double nw = Double.parseDouble(nat.get(c.name())[1]);
      table.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.2f | %.0f | %.0f | %.2f "
          + "| %.1f / %.1f |%n", c.name(), bytes / nr / 1e6, bytes / read.median() / 1e6,
          read.median() / nr, bytes / nw / 1e6, bytes / write.median() / 1e6,
          write.median() / nw, Files.size(nativeFile) / 1048576.0, Files.size(mine) / 1048576.0));
    }
    Map<String, String[]> back = lines(run(verify));
    for (int i = 0; i < cases.size(); i++) {
      double s = Double.parseDouble(back.get(cases.get(i).name())[1]);
      if (s != sums.get(i)) {
        throw new AssertionError(cases.get(i).name() + ": h5py reads h5j's file as sum " + s
            + ", expected " + sums.get(i));
      }
    }
    table.append("\nEvery h5j-written file read back by h5py with the native plugin: sums equal.\n");
    System.out.print(table);
  }

  /** Smooth values with noise in the low bits, as measurements look. */
  static double[] data(int n) {
    double[] a = new double[n];
    long x = 12345;
    for (int i = 0; i < n; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      a[i] = Math.round((Math.sin(i / 5000.0) * 1000 + (x >>> 54) / 64.0) * 1024) / 1024.0;
    }
    return a;
  }

  private static double sum(double[] a) {
    double s = 0;
    for (double v : a) {
      s += v;
    }
    return s;
  }

  /** The script's output lines by their first word, split at spaces. */
  private static Map<String, String[]> lines(String out) {
    Map<String, String[]> m = new HashMap<>();
    for (String line : out.trim().split("\n")) {
      String[] w = line.trim().split(" ");
      m.put(w[0], w);
    }
    return m;
  }

  private static String run(List<String> cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (p.waitFor() != 0) {
      throw new IOException(cmd.get(2) + " exited " + p.exitValue());
    }
    return out;
  }
}
