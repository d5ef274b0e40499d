package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Filter;
import io.h5j.H5File;
import io.h5j.format.filter.Filters;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whole-process throughput of h5j's LZO (305) and LZ4 (32004) against the native filters
 * through h5py in the same run: PyTables' LZO (liblzo, registered by {@code import tables}) and
 * Debian's libh5lz4.so, on the same data (a shuffled float64 signal and int32 counters, 1 MiB
 * chunks). Decode: a whole read of the file the native side wrote; encode: a whole write of a
 * new file with the same filters. Each cell alternates one native run (a request to the
 * long-lived Python side, {@code filters_native.py}) with one h5j run, so that both see the
 * same load. Unfiltered rows give each side's cost without a codec; the second table subtracts
 * them.
 *
 * <pre>
 * mvn -q -B -o -pl benchmarks -am package -DskipTests
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.LzoLz4VersusNative \
 *     [--mib 64] [--reps 9] [--work-dir DIR]
 * </pre>
 */
public final class LzoLz4VersusNative {
  private static final String[] CODECS = {"none", "lzo", "lz4"};
  private static final String[] DATASETS = {"f8", "i4"};
  private static final int WARMUP = 2;

  private LzoLz4VersusNative() {}

  public static void main(String[] args) throws Exception {
    NativeComparisonArgs a = NativeComparisonArgs.parse(args, "h5j-bench-lzo-lz4");
    int mib = a.mib();
    int reps = a.reps();
    Path work = a.work();
    Files.createDirectories(work);
    System.out.println(MachineFacts.machine() + "; " + MachineFacts.jvm() + "; load "
        + MachineFacts.loadAverage());
    Map<String, double[]> medians = new LinkedHashMap<>(); // native, h5j seconds
    try (NativeSide nat = new NativeSide("filters_native.py", work, mib)) {
      System.out.printf(Locale.ROOT, "data: %d MiB per dataset, 1 MiB chunks; per cell %d runs"
          + " per side after %d warm-ups, native and h5j alternating; page cache warm%n", mib,
          reps, WARMUP);
      System.out.println("| codec | dataset | op | native wall | h5j wall | h5j / native |"
          + " native CPU | h5j CPU | h5j / native | h5j MB/s | stored native | stored h5j |");
      System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (String codec : CODECS) {
        for (String name : DATASETS) {
          String key = codec + "." + name + ".";
          String sha = JsonLine.text(nat.facts, key + "sha");
          Path nativeFile = Path.of(JsonLine.text(nat.facts, key + "path"));
          Object[] data = new Object[1];
          double[] read = alternate(reps, () -> nat.time("read", codec, name), () -> {
            try (H5File f = H5File.open(nativeFile)) {
              data[0] = f.dataset(name).read();
            }
          });
          if (!ElementDigest.sha256(data[0]).equals(sha)) {
            throw new IllegalStateException(codec + "/" + name + ": h5j read other data");
          }
          Path out = work.resolve("h5j-" + codec + "-" + name + ".h5");
          DatasetSpec spec = spec(codec, data[0], JsonLine.integer(nat.facts, key + "chunk"),
              JsonLine.integer(nat.facts, key + "shuffle") == 1);
          double[] write = alternate(reps, () -> nat.time("write", codec, name), () -> {
            Files.deleteIfExists(out);
            try (H5File f = H5File.create(out)) {
              f.root().createDataset(name, spec);
            }
          });
          long stored;
          try (H5File f = H5File.open(out)) {
            Dataset ds = f.dataset(name);
            stored = ds.chunks().stream().mapToLong(c -> c.storedSize()).sum();
            if (!ElementDigest.sha256(ds.read()).equals(sha)) {
              throw new IllegalStateException(codec + "/" + name + ": h5j's file reads wrong");
            }
          }
          long nativeStored = JsonLine.integer(nat.facts, key + "stored");
          medians.put(codec + " " + name + " read", read);
          medians.put(codec + " " + name + " write", write);
          row(codec, name, "read (decode)", read, mib, nativeStored, stored);
          row(codec, name, "write (encode)", write, mib, nativeStored, stored);
        }
      }
    }
    System.out.println();
    System.out.println("The codec alone: each side's median less its own unfiltered median for"
        + " the same operation");
    System.out.println("| codec | dataset | op | native wall | h5j wall | h5j / native |"
        + " native CPU | h5j CPU | h5j / native |");
    System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|");
    for (String codec : new String[] {"lzo", "lz4"}) {
      for (String name : DATASETS) {
        for (String op : new String[] {"read", "write"}) {
          double[] t = medians.get(codec + " " + name + " " + op);
          double[] base = medians.get("none " + name + " " + op);
          double n = t[0] - base[0];
          double h = t[1] - base[1];
          double nc = t[2] - base[2];
          double hc = t[3] - base[3];
          System.out.printf(Locale.ROOT, "| %s | %s | %s | %.1f ms | %.1f ms | %.2f | %.1f ms |"
              + " %.1f ms | %.2f |%n", codec, name, op.equals("read") ? "decode" : "encode",
              n * 1e3, h * 1e3, h / n, nc * 1e3, hc * 1e3, hc / nc);
        }
      }
    }
  }

  interface NativeRun {
    /** Wall and CPU seconds. */
    double[] seconds() throws Exception;
  }

  interface H5jRun {
    void run() throws Exception;
  }

  /**
   * Medians over {@code reps} alternating runs after warm-ups: native wall, h5j wall, native
   * process CPU, h5j process CPU (all its threads), in seconds.
   */
  static double[] alternate(int reps, NativeRun nat, H5jRun h5j) throws Exception {
    List<List<Double>> runs = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
        new ArrayList<>());
    for (int i = 0; i < WARMUP + reps; i++) {
      double[] ns = nat.seconds();
      CpuTime.Mark m = CpuTime.mark();
      long t0 = System.nanoTime();
      h5j.run();
      double hs = (System.nanoTime() - t0) / 1e9;
      double hc = m.since().processMs() / 1e3;
      if (i >= WARMUP) {
        runs.get(0).add(ns[0]);
        runs.get(1).add(hs);
        runs.get(2).add(ns[1]);
        runs.get(3).add(hc);
      }
    }
    return runs.stream().mapToDouble(Timing::median).toArray();
  }

  private static DatasetSpec spec(String codec, Object data, long chunk, boolean shuffle) {
    DatasetSpec s = DatasetSpec.of(data).chunks(chunk);
    if (codec.equals("none")) {
      return s;
    }
    if (shuffle) {
      s.shuffle();
    }
    // client data as PyTables gives a CArray: level 1, VERSION 1.1, kind 4
    return codec.equals("lzo")
        ? s.filter(new Filter(Filters.LZO, "lzo", true, new int[] {1, 11, 4}))
        : s.lz4();
  }

  private static void row(String codec, String name, String op, double[] seconds, int mib,
      long storedNative, long storedH5j) {
    System.out.printf(Locale.ROOT, "| %s | %s | %s | %.1f ms | %.1f ms | %.2f | %.1f ms | %.1f ms"
        + " | %.2f | %.0f | %.1f MiB | %.1f MiB |%n", codec, name, op, seconds[0] * 1e3,
        seconds[1] * 1e3, seconds[1] / seconds[0], seconds[2] * 1e3, seconds[3] * 1e3,
        seconds[3] / seconds[2], mib * 1.048576 / seconds[1], storedNative / 1048576.0,
        storedH5j / 1048576.0);
  }

  /** The long-lived Python process that times libhdf5's runs on request. */
  static final class NativeSide implements AutoCloseable {
    private final Process process;
    private final BufferedReader out;
    private final PrintWriter in;
    private final Path script;
    final String facts;

    /** Starts resource {@code name} (a script of this package) with arguments DIR MIB. */
    NativeSide(String name, Path work, int mib) throws IOException {
      script = work.resolve(name);
      try (var res = LzoLz4VersusNative.class.getResourceAsStream(name)) {
        Files.write(script, res.readAllBytes());
      }
      process = new ProcessBuilder(H5pySide.PYTHON, script.toString(), work.toString(),
          String.valueOf(mib)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      out = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8));
      in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
      facts = answer();
    }

    /** Wall and CPU seconds of the request {@code words} (one line). */
    double[] time(String... words) throws IOException {
      in.println(String.join(" ", words));
      String[] wallCpu = answer().trim().split(" ");
      return new double[] {Double.parseDouble(wallCpu[0]), Double.parseDouble(wallCpu[1])};
    }

    private String answer() throws IOException {
      String line = out.readLine();
      if (line == null) {
        throw new IOException(H5pySide.PYTHON + " " + script + " ended early (needs h5py and"
            + " the native filters it uses)");
      }
      return line;
    }

    @Override
    public void close() throws Exception {
      in.close();
      process.waitFor();
    }
  }
}
