package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.raw.ChunkInfo;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The uncompressed read rows of issue 19, every contender in its own process, all alternating
 * in rounds (the order rotates each round): random single-chunk reads of x0 of h5py's
 * {@code chunked.h5} (1 GiB float64, 1 MiB chunks; the LCG chunk sequence of
 * {@link H5jOps#lcgChunks}), and a whole read of x0. Contenders: h5j returning new arrays,
 * h5j into one reused array ({@code Dataset.read(Selection, double[])}), optionally an older
 * h5j build (its jar put before this one on the class path, so that only the public API it
 * has is called), h5py 3.7 (libhdf5 1.10.8) and h5py 3.16 (libhdf5 2.0) when present, and two
 * floors: {@code FileChannel} reads of each chunk's bytes into one reused direct buffer, and
 * a new Java array per chunk filled from the file's mapping (what a read returning a new
 * array cannot beat in this JVM).
 *
 * <pre>
 * java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.ReadPathRounds \
 *     --dir DIR [--before-jar OLD.jar] [--rounds 7] [--reads 1000] [--out FILE]
 *     [--jvm "-Xmx4g"] [--py316 /tmp/h5py2/bin/python]
 * </pre>
 * DIR must hold {@code chunked.h5} as {@code h5py_side.py prepare --data-only} writes it
 * (written there when missing).
 */
public final class ReadPathRounds {
  private ReadPathRounds() {}

  /** One contender: a process answering "random N" and "whole" with one JSON line each. */
  private record Contender(String name, Process process, BufferedWriter in,
      BufferedReader out, boolean python) {
    /** Seconds (and the check value) of one run. */
    String run(String op, Path dir, int reads) throws IOException {
      String line = python
          ? (op.equals("random") ? "--op random_chunks --count " + reads : "--op read")
              + " --dir " + dir + " --data-file chunked.h5 --warmup 0 --reps 1"
          : op + " " + reads;
      in.write(line);
      in.newLine();
      in.flush();
      String answer = out.readLine();
      if (answer == null) {
        throw new IOException(name + " ended; see its stderr above");
      }
      return answer;
    }

    double seconds(String json) {
      return python ? JsonLine.numbers(json, "times_s").get(0) : JsonLine.number(json, "s");
    }

    /** The process's CPU seconds in the run (Java contenders; NaN for h5py). */
    double cpu(String json) {
      return python ? Double.NaN : JsonLine.number(json, "cpu_s");
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("serve")) {
      serve(args[1], Path.of(args[2]));
      return;
    }
    Path dir = null;
    Path before = null;
    int rounds = 7;
    int reads = 1000;
    Path out = Path.of("benchmarks/target/results-readpath.md");
    // The heap sized up front: a 1 GiB array then reuses committed pages, where a heap that
    // shrinks after each collection would have the kernel zero fresh ones for every read.
    String jvm = "-Xms3g -Xmx3g";
    Path py316 = Path.of("/tmp/h5py2/bin/python");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--dir" -> dir = Path.of(args[++i]);
        case "--before-jar" -> before = Path.of(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--reads" -> reads = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        case "--jvm" -> jvm = args[++i];
        case "--py316" -> py316 = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (dir == null) {
      throw new IllegalArgumentException("--dir DIR is required");
    }
    H5pySide py = new H5pySide(dir);
    Path file = dir.resolve("chunked.h5");
    if (!Files.exists(file)) {
      py.run("prepare", "--dir", dir.toString(), "--data-mb", "1024", "--data-only");
    }
    String jar = Path.of(ReadPathRounds.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI()).toString();
    List<Contender> all = new ArrayList<>();
    String loadBefore = MachineFacts.loadAverage();
    try {
      all.add(java("h5j, new array", jvm, jar, "array", file));
      all.add(java("h5j, into one reused array", jvm, jar, "into", file));
      if (before != null) {
        all.add(java("h5j before (" + before.getFileName() + "), new array", jvm,
            before + java.io.File.pathSeparator + jar, "array", file));
      }
      all.add(python("h5py 3.7 / libhdf5 1.10.8", H5pySide.PYTHON, dir));
      if (Files.isExecutable(py316)) {
        all.add(python("h5py 3.16 / libhdf5 2.0", py316.toString(), dir));
      }
      all.add(java("floor: FileChannel into one direct buffer", jvm, jar, "pread", file));
      all.add(java("floor: new array per read, copied from the mapping", jvm, jar, "mapped",
          file));
      Map<String, List<Double>> random = new LinkedHashMap<>();
      Map<String, List<Double>> whole = new LinkedHashMap<>();
      Map<String, List<Double>> cpu = new LinkedHashMap<>();
      for (String op : List.of("random", "whole")) {
        Map<String, List<Double>> times = op.equals("random") ? random : whole;
        for (int r = 0; r <= rounds; r++) { // round 0 warms every contender up
          for (int k = 0; k < all.size(); k++) {
            Contender c = all.get((k + r) % all.size());
            String json = c.run(op, dir, reads);
            if (r > 0) {
              times.computeIfAbsent(c.name(), x -> new ArrayList<>()).add(c.seconds(json));
              cpu.computeIfAbsent(op + c.name(), x -> new ArrayList<>()).add(c.cpu(json));
            }
            System.err.printf(Locale.ROOT, "%s round %d %s: %.3f s%n", op, r, c.name(),
                c.seconds(json));
          }
        }
      }
      String report = report(random, whole, cpu, rounds, reads, loadBefore, jvm);
      Files.createDirectories(out.toAbsolutePath().getParent());
      Files.writeString(out, report);
      System.out.print(report);
    } finally {
      for (Contender c : all) {
        c.in().close();
        c.process().waitFor();
      }
    }
  }

  private static Contender java(String name, String jvm, String classPath, String mode,
      Path file) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"),
        "bin", "java").toString()));
    cmd.addAll(List.of(jvm.trim().split("\\s+")));
    cmd.addAll(List.of("-cp", classPath, ReadPathRounds.class.getName(), "serve", mode,
        file.toString()));
    return start(name, cmd, false);
  }

  private static Contender python(String name, String python, Path dir) throws IOException {
    return start(name, List.of(python, dir.resolve("h5py_side.py").toString(), "serve"), true);
  }

  private static Contender start(String name, List<String> cmd, boolean python)
      throws IOException {
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    return new Contender(name, p, new BufferedWriter(new OutputStreamWriter(
        p.getOutputStream(), StandardCharsets.UTF_8)), new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)), python);
  }

  private static String report(Map<String, List<Double>> random,
      Map<String, List<Double>> whole, Map<String, List<Double>> cpu, int rounds, int reads,
      String loadBefore, String jvm) throws IOException {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "Machine: %s; Java %s, contenders' JVM options `%s`."
        + " Load average before: %s, after: %s (the machine is shared: other engineers'"
        + " builds and tests ran alongside).%n%n", MachineFacts.machine(),
        System.getProperty("java.version"), jvm, loadBefore, MachineFacts.loadAverage()));
    b.append(String.format(Locale.ROOT, "%d rounds after one warm-up round, every contender"
        + " once per round in an order that rotates; one process per contender.%n%n", rounds));
    table(b, reads + " random single-chunk reads (1 MiB, uncompressed), ms per read", random,
        cpu, "random", 1e3 / reads);
    table(b, "whole read of x0 (1 GiB, 1 MiB chunks, uncompressed), ms", whole, cpu, "whole",
        1e3);
    return b.toString();
  }

  /** Medians, and per-round ratios to each h5py (median, min–max). */
  private static void table(StringBuilder b, String title, Map<String, List<Double>> times,
      Map<String, List<Double>> cpu, String op, double scale) {
    List<String> pys = times.keySet().stream().filter(n -> n.startsWith("h5py")).toList();
    b.append("### ").append(title).append("\n\n| contender | median | min | CPU median |");
    for (String p : pys) {
      b.append(" / ").append(p).append(" per round: median (min–max) |");
    }
    b.append("\n|---|---:|---:|---:|");
    pys.forEach(p -> b.append("---:|"));
    b.append('\n');
    for (var e : times.entrySet()) {
      List<Double> t = e.getValue();
      double c = Timing.median(cpu.get(op + e.getKey())) * scale;
      b.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %s |", e.getKey(),
          Timing.median(t) * scale, t.stream().min(Comparator.naturalOrder()).get() * scale,
          Double.isNaN(c) ? "—" : String.format(Locale.ROOT, "%.3f", c)));
      for (String p : pys) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
          ratios.add(t.get(i) / times.get(p).get(i));
        }
        b.append(String.format(Locale.ROOT, " %.2f (%.2f–%.2f) |", Timing.median(ratios),
            ratios.stream().min(Comparator.naturalOrder()).get(),
            ratios.stream().max(Comparator.naturalOrder()).get()));
      }
      b.append('\n');
    }
    b.append('\n');
  }

  // ----------------------------------------------------------------- the contender side

  /**
   * Answers "random N" and "whole" lines on stdin with {"s": seconds, "cpu_s": process CPU
   * seconds, "check": value} lines, until stdin ends. Calls only the public API an older h5j
   * has too, but for mode "into".
   */
  private static void serve(String mode, Path file) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in,
        StandardCharsets.UTF_8));
    double[] reused = null;
    Floor floor = mode.equals("pread") || mode.equals("mapped") ? new Floor(file) : null;
    for (String line; (line = in.readLine()) != null; ) {
      String[] w = line.trim().split(" ");
      boolean randomOp = w[0].equals("random");
      int reads = Integer.parseInt(w[1]);
      long cpu0 = CpuTime.mark().processNs();
      long t0 = System.nanoTime();
      double check = 0;
      if (floor != null) {
        check = randomOp ? floor.random(reads, mode) : floor.whole(mode);
      } else if (randomOp) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
            H5File f = mode.endsWith("-unmapped") ? H5File.open(file, ch, false)
                : H5File.open(file)) {
          Dataset ds = f.dataset("x0");
          long n = ds.shape()[0];
          if (reused == null && mode.startsWith("into")) {
            reused = new double[H5jOps.CHUNK];
          }
          for (long c : H5jOps.lcgChunks(reads, (n + H5jOps.CHUNK - 1) / H5jOps.CHUNK)) {
            long start = c * H5jOps.CHUNK;
            long len = Math.min(n, start + H5jOps.CHUNK) - start;
            Selection box = Selection.box(new long[] {start}, new long[] {len});
            if (mode.startsWith("into")) {
              int got = ds.read(box, reused);
              check += reused[0] + reused[got - 1];
            } else {
              double[] a = (double[]) ds.read(box);
              check += a[0] + a[a.length - 1];
            }
          }
        }
      } else {
        try (H5File f = H5File.open(file)) {
          Dataset ds = f.dataset("x0");
          double[] a;
          if (mode.equals("into")) {
            if (reused == null || reused.length != ds.shape()[0]) {
              reused = new double[(int) ds.shape()[0]];
            }
            ds.read(Selection.all(), reused);
            a = reused;
          } else {
            a = (double[]) ds.read();
          }
          check = a[0] + a[a.length - 1] + a.length;
        }
      }
      double s = (System.nanoTime() - t0) / 1e9;
      double cpu = (CpuTime.mark().processNs() - cpu0) / 1e9;
      System.out.printf(Locale.ROOT, "{\"s\": %.6f, \"cpu_s\": %.6f, \"check\": %s}%n", s, cpu,
          check);
      System.out.flush();
      if (!randomOp && !mode.equals("into")) {
        System.gc(); // as CompareWithH5py: the 1 GiB array of this run is not the next's cost
      }
    }
  }

  /** What plain Java does with the same chunks, addresses taken from h5j once. */
  private static final class Floor {
    private final Path file;
    private final long[] addresses;
    private final long n;
    private final ByteBuffer buffer;

    Floor(Path file) throws IOException {
      this.file = file;
      try (H5File f = H5File.open(file)) {
        Dataset ds = f.dataset("x0");
        n = ds.shape()[0];
        List<ChunkInfo> chunks = new ArrayList<>(ds.chunks());
        chunks.sort(Comparator.comparingLong(c -> c.offset()[0]));
        addresses = chunks.stream().mapToLong(ChunkInfo::address).toArray();
      }
      buffer = ByteBuffer.allocateDirect((int) (n * 8)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private long chunkBytes(long c) {
      return (Math.min(n, (c + 1) * H5jOps.CHUNK) - c * H5jOps.CHUNK) * 8;
    }

    double random(int reads, String mode) throws IOException {
      double check = 0;
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
        var map = mode.equals("mapped")
            ? ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()).order(ByteOrder.LITTLE_ENDIAN)
            : null;
        for (long c : H5jOps.lcgChunks(reads, addresses.length)) {
          int bytes = (int) chunkBytes(c);
          if (map != null) {
            double[] a = new double[bytes / 8];
            map.slice((int) addresses[(int) c], bytes).order(ByteOrder.LITTLE_ENDIAN)
                .asDoubleBuffer().get(a);
            check += a[0] + a[a.length - 1];
          } else {
            ByteBuffer b = buffer.clear().limit(bytes);
            readFully(ch, b, addresses[(int) c]);
            check += b.getDouble(0) + b.getDouble(bytes - 8);
          }
        }
      }
      return check;
    }

    double whole(String mode) throws IOException {
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
        if (mode.equals("mapped")) {
          var map = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size())
              .order(ByteOrder.LITTLE_ENDIAN);
          double[] a = new double[(int) n];
          for (int c = 0; c < addresses.length; c++) {
            int bytes = (int) chunkBytes(c);
            map.slice((int) addresses[c], bytes).order(ByteOrder.LITTLE_ENDIAN)
                .asDoubleBuffer().get(a, c * H5jOps.CHUNK, bytes / 8);
          }
          return a[0] + a[a.length - 1] + a.length;
        }
        buffer.clear();
        for (int c = 0; c < addresses.length; c++) {
          int bytes = (int) chunkBytes(c);
          readFully(ch, buffer.limit(buffer.position() + bytes), addresses[c]);
        }
        return buffer.getDouble(0) + buffer.getDouble((int) (n * 8 - 8)) + n;
      }
    }

    private static void readFully(FileChannel ch, ByteBuffer b, long at) throws IOException {
      long p = at;
      while (b.hasRemaining()) {
        int got = ch.read(b, p);
        if (got < 0) {
          throw new IOException("file ends early");
        }
        p += got;
      }
    }
  }
}
