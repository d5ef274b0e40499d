package io.h5j.benchmarks;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The uncompressed chunked write of issue 19 in alternating rounds: h5py (one long-lived
 * {@code h5py_side.py serve} process), h5j, optionally h5j of an older build (its jar loaded
 * in a class loader of its own, {@code --before JAR}, so that both builds run in this JVM
 * under the same load), and a plain {@code FileChannel} writing the same bytes with the same
 * final fsync (the floor). A round runs every side once, then again in reverse order; a
 * side's round time is the sum of its two runs, and each ratio is the median of per-round
 * ratios with its interval ({@link RoundRatios}). Shapes: 1-d with 1 MiB chunks, and
 * (n / 8192, 8192) with chunks (256, 512), whose 4 KiB chunk rows are not contiguous in the
 * array; shuffle + deflate 4 as the row where h5j leads.
 *
 * <pre>
 * java -Xmx6g -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.ChunkedWriteRounds \
 *     [--size-mb 1024] [--rounds 6] [--before OLD.jar] [--work-dir DIR] [--out FILE]
 *     [--kinds chunked,chunked_2d,deflate]
 * </pre>
 */
final class ChunkedWriteRounds {
  /** Columns and chunk of the 2-d shape (h5py_side.WIDE_COLS, NARROW_CHUNK). */
  static final int WIDE_COLS = 8192;
  static final long[] NARROW_CHUNK = {256, 512};

  private ChunkedWriteRounds() {}

  /** One contender: a write of {@code kind} into {@code file}, from no file. */
  interface Side {
    /** Seconds of wall time and of the process's CPU time, of the write alone. */
    double[] write(String kind, Path file) throws Exception;
  }

  /** Before a timed run of this JVM: no file, dirty pages written back, garbage collected. */
  private static void fresh(Path file) throws Exception {
    Files.deleteIfExists(file);
    Disk.sync();
    System.gc();
  }

  /** Times {@code write} after {@link #fresh}; then deletes the file. */
  private static double[] timed(Path file, Timing.Op write) throws Exception {
    fresh(file);
    CpuTime.Mark m = CpuTime.mark();
    long t0 = System.nanoTime();
    write.run();
    double wall = (System.nanoTime() - t0) / 1e9;
    double cpu = m.since().processMs() / 1e3;
    Files.deleteIfExists(file);
    return new double[] {wall, cpu};
  }

  /**
   * h5j's public API through reflection on the classes of {@code loader}: this build's
   * (the application class loader) or an older jar's, called the same way.
   */
  static final class H5jSide implements Side {
    private final double[] data;
    private final Method create;
    private final Method of;
    private final Method shape;
    private final Method chunks;
    private final Method shuffle;
    private final Method deflate;
    private final Method root;
    private final Method createDataset;

    H5jSide(ClassLoader loader, double[] data) throws Exception {
      this.data = data;
      Class<?> file = Class.forName("io.h5j.H5File", true, loader);
      Class<?> spec = Class.forName("io.h5j.DatasetSpec", true, loader);
      Class<?> group = Class.forName("io.h5j.Group", true, loader);
      create = file.getMethod("create", Path.class);
      root = file.getMethod("root");
      of = spec.getMethod("of", Object.class);
      shape = spec.getMethod("shape", long[].class);
      chunks = spec.getMethod("chunks", long[].class);
      shuffle = spec.getMethod("shuffle");
      deflate = spec.getMethod("deflate", int.class);
      createDataset = group.getMethod("createDataset", String.class, spec);
    }

    @Override
    public double[] write(String kind, Path file) throws Exception {
      return timed(file, () -> writeOnce(kind, file));
    }

    private Object writeOnce(String kind, Path file) throws Exception {
      try (AutoCloseable f = (AutoCloseable) create.invoke(null, file)) {
        Object s = of.invoke(null, (Object) data);
        if (kind.equals("chunked_2d")) {
          shape.invoke(s, (Object) new long[] {data.length / WIDE_COLS, WIDE_COLS});
          chunks.invoke(s, (Object) NARROW_CHUNK);
        } else {
          chunks.invoke(s, (Object) new long[] {H5jOps.CHUNK});
        }
        if (kind.equals("deflate")) {
          shuffle.invoke(s);
          deflate.invoke(s, 4);
        }
        createDataset.invoke(root.invoke(f), "x0", s);
      }
      return null;
    }
  }

  /**
   * The floor: the array's bytes in 1 MiB writes through one direct buffer (the copy any
   * Java writer of a double[] makes), then one fsync, as h5py's side does after close.
   */
  static final class PlainSide implements Side {
    private final double[] data;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20)
        .order(ByteOrder.LITTLE_ENDIAN);

    PlainSide(double[] data) {
      this.data = data;
    }

    @Override
    public double[] write(String kind, Path file) throws Exception {
      return timed(file, () -> writeOnce(file));
    }

    private Object writeOnce(Path file) throws Exception {
      int per = buf.capacity() / 8;
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
        long at = 0;
        for (int i = 0; i < data.length; i += per) {
          buf.clear();
          buf.asDoubleBuffer().put(data, i, Math.min(per, data.length - i));
          buf.limit(Math.min(per, data.length - i) * 8);
          while (buf.hasRemaining()) {
            at += ch.write(buf, at);
          }
        }
        ch.force(true);
      }
      return null;
    }
  }

  public static void main(String[] args) throws Exception {
    long mb = 1024;
    int rounds = 6;
    Path before = null;
    Path work = Path.of(System.getProperty("java.io.tmpdir"), "h5j-bench-writes");
    Path out = Path.of("benchmarks", "target", "results-chunked-write-rounds.md");
    List<String> kinds = List.of("chunked", "chunked_2d", "deflate");
    boolean withH5py = true;
    boolean withFloor = true;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--size-mb" -> mb = Long.parseLong(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--before" -> before = Path.of(args[++i]);
        case "--work-dir" -> work = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--kinds" -> kinds = List.of(args[++i].split(","));
        case "--no-h5py" -> withH5py = false;
        case "--no-floor" -> withFloor = false;
        default -> {
          System.err.println("usage: ChunkedWriteRounds [--size-mb M] [--rounds R]"
              + " [--before OLD.jar] [--work-dir DIR] [--out FILE] [--kinds K,...]");
          System.exit(2);
        }
      }
    }
    if (mb * 131_072 % WIDE_COLS != 0 || mb > 2047) {
      throw new IllegalArgumentException("--size-mb must be below 2048 (one Java array)");
    }
    Files.createDirectories(work);
    double[] data = new double[Math.toIntExact(mb * 131_072)];
    for (int i = 0; i < data.length; i++) {
      data[i] = i * 0.5;
    }
    Map<String, Side> sides = new LinkedHashMap<>();
    sides.put("h5j", new H5jSide(ChunkedWriteRounds.class.getClassLoader(), data));
    if (before != null) {
      URLClassLoader old = new URLClassLoader(new URL[] {before.toUri().toURL()},
          ClassLoader.getPlatformClassLoader());
      sides.put("h5j before", new H5jSide(old, data));
    }
    if (withFloor) {
      sides.put("FileChannel", new PlainSide(data));
    }
    H5pySide py = new H5pySide(work);
    String versions = py.run("versions");
    StringBuilder report = new StringBuilder();
    String load0 = MachineFacts.loadAverage();
    try (H5pySide.Server server = py.serve()) {
      final long size = mb;
      final Path dir = work;
      if (withH5py) {
        sides.put("h5py", (kind, file) -> {
          String json = server.time("--op", "write_" + kind, "--dir", dir.toString(),
              "--data-mb", String.valueOf(size), "--warmup", "0", "--reps", "1");
          return new double[] {JsonLine.numbers(json, "times_s").get(0),
              JsonLine.numbers(json, "cpu_s").get(0)};
        });
      }
      for (String kind : kinds) {
        report.append(roundsOf(kind, sides, work, rounds, mb));
      }
    }
    String text = String.format(Locale.ROOT, "# Chunked writes in alternating rounds%n%n"
        + "%,d MiB of float64, %d rounds after one warm-up round, %s; %s.%n"
        + "Load average before: %s; after: %s. %s; %s.%n%n%s",
        mb, rounds, String.join(", ", sides.keySet()), versions, load0,
        MachineFacts.loadAverage(), MachineFacts.machine(), MachineFacts.jvm(), report);
    System.out.println(text);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    Files.writeString(out, text);
    System.err.println("written to " + out.toAbsolutePath());
  }

  /** One kind's rounds; its Markdown section. */
  private static String roundsOf(String kind, Map<String, Side> sides, Path work, int rounds,
      long mb) throws Exception {
    List<String> names = new ArrayList<>(sides.keySet());
    Map<String, List<Double>> wall = new LinkedHashMap<>();
    Map<String, List<Double>> cpu = new LinkedHashMap<>();
    for (String n : names) {
      wall.put(n, new ArrayList<>());
      cpu.put(n, new ArrayList<>());
    }
    for (int r = 0; r <= rounds; r++) { // round 0 warms every side up
      Map<String, double[]> round = new LinkedHashMap<>();
      List<String> order = new ArrayList<>(names);
      List<String> mirrored = new ArrayList<>(names);
      java.util.Collections.reverse(mirrored);
      order.addAll(mirrored);
      for (String n : order) {
        Path file = work.resolve("w_" + n.replace(' ', '_') + ".h5");
        double[] tc = sides.get(n).write(kind, file);
        double[] sum = round.computeIfAbsent(n, k -> new double[2]);
        sum[0] += tc[0];
        sum[1] += tc[1];
      }
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s round %d%s:",
          kind, r, r == 0 ? " (warm-up)" : ""));
      round.forEach((n, s) -> line.append(String.format(Locale.ROOT, " %s %.0f ms (CPU %.0f)",
          n, s[0] * 1e3, s[1] * 1e3)));
      System.err.println("[write-rounds] " + line + "  load " + MachineFacts.loadAverage());
      if (r > 0) {
        round.forEach((n, s) -> {
          wall.get(n).add(s[0]);
          cpu.get(n).add(s[1]);
        });
      }
    }
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
        "## %s%n%n| side | median of 2 runs per round | CPU | vs h5py | vs FileChannel |%n"
            + "|---|---|---|---|---|%n", describe(kind, mb)));
    for (String n : names) {
      sb.append(String.format(Locale.ROOT, "| %s | %.0f ms | %.0f ms | %s | %s |%n", n,
          Timing.median(wall.get(n)) * 1e3, Timing.median(cpu.get(n)) * 1e3,
          ratio(wall, n, "h5py"), ratio(wall, n, "FileChannel")));
    }
    if (wall.containsKey("h5j before")) {
      sb.append(String.format(Locale.ROOT, "%nh5j / h5j before: %s; CPU: %s%n",
          ratio(wall, "h5j", "h5j before"), ratio(cpu, "h5j", "h5j before")));
    }
    sb.append(String.format(Locale.ROOT, "%nPer round (ms, two runs): %s%n%n",
        perRound(wall)));
    return sb.toString();
  }

  /** {@code side} against {@code base}, or a dash for a side against itself or none. */
  private static String ratio(Map<String, List<Double>> times, String side, String base) {
    return side.equals(base) || !times.containsKey(base) ? "—"
        : new RoundRatios(times.get(base), times.get(side)).summary();
  }

  private static String perRound(Map<String, List<Double>> wall) {
    StringBuilder sb = new StringBuilder();
    wall.forEach((n, ts) -> sb.append(n).append(' ').append(ts.stream()
        .map(t -> String.format(Locale.ROOT, "%.0f", t * 1e3)).toList()).append("; "));
    return sb.toString();
  }

  private static String describe(String kind, long mb) {
    return switch (kind) {
      case "chunked" -> "write " + mb + " MiB float64, 1-d, 1 MiB chunks, uncompressed"
          + " (create + write + close + fsync)";
      case "chunked_2d" -> "write " + mb + " MiB float64, (n, 8192), chunks (256, 512) of"
          + " 1 MiB, uncompressed (create + write + close + fsync)";
      case "deflate" -> "write " + mb + " MiB float64, 1-d, 1 MiB chunks, shuffle + deflate 4"
          + " (create + write + close + fsync)";
      default -> throw new IllegalArgumentException("kind " + kind);
    };
  }
}
