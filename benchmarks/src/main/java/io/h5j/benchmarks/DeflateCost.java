package io.h5j.benchmarks;

import io.h5j.format.filter.FilterPipeline;
import io.h5j.format.filter.FilterPipelineMessage;
import io.h5j.format.filter.Filters;
import io.h5j.format.filter.Helpers;
import io.h5j.format.filter.ShuffledChunk;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Where the CPU of issue 19's deflate rows goes: the whole write of {@link H5jOps#writeChunked}
 * (shuffle + deflate 4, incl. fsync) and the whole read of that file, as CPU seconds of the
 * process per GiB, against the floor of the same work done by {@link Deflater} and
 * {@link Inflater} alone on the same shuffled 1 MiB chunks on one thread. With
 * {@code -Dh5j.bench.h5jBeforeJar=JAR} an earlier build runs the same operations, alternating
 * with this one round by round, the order reversed every other round.
 *
 * <pre>java -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.DeflateCost DIR [MiB] [rounds] [write|read]</pre>
 */
public final class DeflateCost {
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private DeflateCost() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    long mb = args.length > 1 ? Long.parseLong(args[1]) : 1024;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    String only = args.length > 3 ? args[3] : "both"; // write or read alone: for a profiler
    Files.createDirectories(dir);
    double[][] arrays = H5jOps.data(Sizes.FULL.withDataMb(mb));
    double gib = mb / 1024.0;
    System.out.printf(Locale.ROOT, "data: %d MiB in %d datasets; %d cores; load %.1f%n", mb,
        arrays.length, Runtime.getRuntime().availableProcessors(), OS.getSystemLoadAverage());
    floor(arrays, gib);

    EarlierBuild before = EarlierBuild.fromProperty();
    Path mine = dir.resolve("deflate-cost-this.h5");
    Path theirs = dir.resolve("deflate-cost-before.h5");
    Timing.Op[] writes = {() -> H5jOps.writeChunked(mine, arrays, true),
        before == null ? null : before.op("H5jOps", "writeChunked", theirs, arrays, true)};
    Timing.Op[] reads = {() -> H5jOps.read(mine),
        before == null ? null : before.op("H5jOps", "read", mine)};
    String[] names = {"this build", "before"};
    for (int r = -1; r < rounds; r++) { // round -1 warms up
      for (int k = 0; k < 2; k++) {
        int who = r % 2 == 0 ? k : 1 - k;
        if (writes[who] != null && !only.equals("read")) {
          measure(r, names[who], "write", writes[who], gib);
        }
      }
      for (int k = 0; k < 2; k++) {
        int who = r % 2 == 0 ? k : 1 - k;
        if (reads[who] != null && !only.equals("write")) {
          measure(r, names[who], "read", reads[who], gib);
        }
      }
    }
  }

  /** One timed call: wall, process CPU and the threads' CPU by name, per GiB. */
  private static void measure(int round, String who, String what, Timing.Op op, double gib)
      throws Exception {
    Disk.sync();
    System.gc();
    double load = OS.getSystemLoadAverage();
    ThreadCpu threads = ThreadCpu.now();
    StateSampler states = new StateSampler();
    states.start();
    long cpu0 = OS.getProcessCpuTime();
    long t0 = System.nanoTime();
    Object check = op.run();
    long wall = System.nanoTime() - t0;
    long cpu = OS.getProcessCpuTime() - cpu0;
    states.interrupt();
    states.join();
    Map<String, Double> byThread = ThreadCpu.now().since(threads);
    StringBuilder groups = new StringBuilder();
    byThread.entrySet().stream().sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
        .limit(4).forEach(e -> groups.append(String.format(Locale.ROOT, " %s=%.2f",
            e.getKey().replace(' ', '_'), e.getValue() / gib)));
    System.out.printf(Locale.ROOT,
        "round %d %-10s %-5s wall %.2f s/GiB cpu %.2f s/GiB load %.1f check %s |%s | %s%n",
        round, who, what, wall / 1e9 / gib, cpu / 1e9 / gib, load, check, groups, states);
  }

  /**
   * Samples the state of the main thread and the chunk workers every millisecond: the share
   * of samples in which a thread waits (parked, not runnable) is idle that the design makes,
   * which a busy machine does not hide, unlike wall time (a runnable thread the machine does
   * not run still counts as runnable).
   */
  private static final class StateSampler extends Thread {
    private final java.util.Map<String, int[]> counts = new java.util.TreeMap<>();
    private final Thread main = Thread.currentThread();

    StateSampler() {
      super("state-sampler");
      setDaemon(true);
    }

    @Override
    public void run() {
      var mx = ManagementFactory.getThreadMXBean();
      while (!isInterrupted()) {
        for (var info : mx.getThreadInfo(mx.getAllThreadIds())) {
          if (info == null) {
            continue;
          }
          String name = info.getThreadId() == main.getId() ? "main"
              : info.getThreadName().startsWith("h5j-chunks") ? "workers" : null;
          if (name != null) {
            int[] c = counts.computeIfAbsent(name, k -> new int[2]);
            c[info.getThreadState() == Thread.State.RUNNABLE ? 0 : 1]++;
          }
        }
        try {
          Thread.sleep(1);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("waiting:");
      counts.forEach((k, c) -> b.append(String.format(Locale.ROOT, " %s %.0f%%", k,
          100.0 * c[1] / Math.max(1, c[0] + c[1]))));
      return b.toString();
    }
  }

  /**
   * The pure cost on one thread, per GiB: shuffling the chunks, deflating the shuffled bytes
   * at level 4 (one reused deflater, output into a reused array), inflating them again.
   */
  private static void floor(double[][] arrays, double gib) throws Exception {
    int chunk = H5jOps.CHUNK * 8;
    byte[] plain = new byte[chunk];
    byte[] planes = new byte[chunk];
    byte[] out = new byte[chunk + chunk / 64 + 64];
    byte[] back = new byte[chunk];
    Deflater deflater = new Deflater(4);
    Inflater inflater = new Inflater();
    long shuffleNs = 0;
    long deflateNs = 0;
    long inflateNs = 0;
    long stored = 0;
    var threads = ManagementFactory.getThreadMXBean();
    for (int pass = 0; pass < 2; pass++) { // the first warms up
      shuffleNs = deflateNs = inflateNs = stored = 0;
      for (double[] a : arrays) {
        for (int at = 0; at < a.length; at += H5jOps.CHUNK) {
          int n = Math.min(H5jOps.CHUNK, a.length - at);
          ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().put(a, at, n);
          int bytes = n * 8;
          long c0 = threads.getCurrentThreadCpuTime();
          for (int e = 0; e < n; e++) {
            for (int b = 0; b < 8; b++) {
              planes[b * n + e] = plain[8 * e + b];
            }
          }
          long c1 = threads.getCurrentThreadCpuTime();
          deflater.reset();
          deflater.setInput(planes, 0, bytes);
          deflater.finish();
          int m = 0;
          while (!deflater.finished()) {
            m += deflater.deflate(out, m, out.length - m);
          }
          long c2 = threads.getCurrentThreadCpuTime();
          inflater.reset();
          inflater.setInput(out, 0, m);
          try {
            int got = 0;
            while (!inflater.finished()) {
              got += inflater.inflate(back, got, back.length - got);
            }
          } catch (java.util.zip.DataFormatException e) {
            throw new IllegalStateException(e);
          }
          long c3 = threads.getCurrentThreadCpuTime();
          shuffleNs += c1 - c0;
          deflateNs += c2 - c1;
          inflateNs += c3 - c2;
          stored += m;
        }
      }
    }
    System.out.printf(Locale.ROOT, "floor, one thread: shuffle (byte loop) %.2f, deflate 4 %.2f,"
        + " inflate %.2f CPU s/GiB; stored %.1f MiB/GiB%n", shuffleNs / 1e9 / gib,
        deflateNs / 1e9 / gib, inflateNs / 1e9 / gib, stored / gib / (1 << 20));
    pipeline(arrays, gib);
  }

  /**
   * h5j's own filter pipeline on one thread, per GiB: the copy of a chunk's doubles into bytes
   * (as the chunked writer builds a chunk), the encode (shuffle + deflate 4), the decode to
   * byte planes and the unshuffle into a double[]: what the filters cost beyond zlib.
   */
  private static void pipeline(double[][] arrays, double gib) throws Exception {
    FilterPipeline p = FilterPipeline.of(FilterPipelineMessage.of(java.util.List.of(
        FilterPipelineMessage.FilterDescription.of(Filters.SHUFFLE, true, 8),
        FilterPipelineMessage.FilterDescription.of(Filters.DEFLATE, true, 4))));
    var threads = ManagementFactory.getThreadMXBean();
    byte[] plain = new byte[H5jOps.CHUNK * 8];
    double[] back = new double[H5jOps.CHUNK];
    long copyNs = 0;
    long encodeNs = 0;
    long decodeNs = 0;
    long unshuffleNs = 0;
    for (int pass = 0; pass < 3; pass++) { // the first two warm up
      copyNs = encodeNs = decodeNs = unshuffleNs = 0;
      for (double[] a : arrays) {
        for (int at = 0; at < a.length; at += H5jOps.CHUNK) {
          int n = Math.min(H5jOps.CHUNK, a.length - at);
          long c0 = threads.getCurrentThreadCpuTime();
          ByteBuffer.wrap(plain).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().put(a, at, n);
          long c1 = threads.getCurrentThreadCpuTime();
          FilterPipeline.Encoded e = p.encode(n == H5jOps.CHUNK ? plain
              : java.util.Arrays.copyOf(plain, n * 8));
          long c2 = threads.getCurrentThreadCpuTime();
          ShuffledChunk planes = p.decodeToShuffled(e.bytes(), e.filterMask(), n * 8, 8,
              "chunk", -1, Helpers.NONE);
          long c3 = threads.getCurrentThreadCpuTime();
          planes.copyTo(0, back, 0, n, ByteOrder.LITTLE_ENDIAN, Helpers.NONE);
          long c4 = threads.getCurrentThreadCpuTime();
          if (back[n - 1] != a[at + n - 1]) {
            throw new IllegalStateException("the pipeline's round trip differs at " + at);
          }
          copyNs += c1 - c0;
          encodeNs += c2 - c1;
          decodeNs += c3 - c2;
          unshuffleNs += c4 - c3;
        }
      }
    }
    System.out.printf(Locale.ROOT, "h5j filters, one thread: copy into chunk bytes %.2f, encode"
        + " (shuffle + deflate 4) %.2f, decode to planes %.2f, unshuffle into double[] %.2f"
        + " CPU s/GiB%n", copyNs / 1e9 / gib, encodeNs / 1e9 / gib, decodeNs / 1e9 / gib,
        unshuffleNs / 1e9 / gib);
  }
}
