package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.H5File;
import io.h5j.Selection;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What one random single-chunk read of {@code CompareWithH5py}'s random rows costs in h5j
 * alone, beyond its wall time (which on a shared machine says little): CPU time of the calling
 * thread and of the whole process, minor page faults (fresh memory: the JVM's heap growing, a
 * mapping's first touch) and garbage collections, each per read. Reads the same LCG chunk
 * sequence of {@code x0} as the comparison, {@code --reps} repetitions of {@code --reads}
 * reads, the first repetition a warm-up; prints one line per repetition. Run one JVM per
 * variant and alternate them to compare two builds or JVM options on the same file.
 *
 * <pre>
 * java [JVM options] -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.RandomReadCost \
 *     FILE [--mode array|into|buffer] [--reads 1000] [--reps 4] [--gc] [--fill-heap MB] \
 *     [--workers N]
 * </pre>
 * {@code array}: a new {@code double[]} per read ({@code read(Selection)}, the table's row);
 * {@code into}: one reused {@code double[]} ({@code read(Selection, double[])}); {@code buffer}:
 * one reused direct buffer. {@code --gc} calls {@code System.gc()} before each repetition.
 * {@code --fill-heap MB} first makes and drops the arrays {@link PeerTable}'s write row makes
 * for MB of data, to see whether a heap grown by earlier rows changes the reads. {@code
 * --workers N}: the file's helper threads ({@code H5File.workerThreads}; 0: the caller
 * allocates each array itself, no array zeroed ahead).
 */
public final class RandomReadCost {
  private RandomReadCost() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    String mode = "array";
    int reads = 1000;
    int reps = 4;
    boolean gc = false;
    long fillMb = 0;
    Integer workers = null;
    for (int i = 1; i < args.length; i++) {
      switch (args[i]) {
        case "--mode" -> mode = args[++i];
        case "--reads" -> reads = Integer.parseInt(args[++i]);
        case "--reps" -> reps = Integer.parseInt(args[++i]);
        case "--gc" -> gc = true;
        case "--fill-heap" -> fillMb = Long.parseLong(args[++i]);
        case "--workers" -> workers = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (!mode.equals("array") && !mode.equals("into") && !mode.equals("buffer")) {
      throw new IllegalArgumentException("unknown mode " + mode);
    }
    if (fillMb > 0) {
      long sum = 0;
      for (double[] a : H5jOps.data(Sizes.FULL.withDataMb(fillMb))) {
        sum += a.length;
      }
      System.out.printf(Locale.ROOT, "filled the heap with %d float64, dropped%n", sum);
    }
    boolean buffer = mode.equals("buffer");
    double[] into = new double[H5jOps.CHUNK];
    ByteBuffer buf = ByteBuffer.allocateDirect(H5jOps.CHUNK * 8).order(ByteOrder.LITTLE_ENDIAN);
    try (H5File f = H5File.open(file)) {
      if (workers != null) {
        f.workerThreads(workers);
      }
      Dataset ds = f.dataset("x0");
      long n = ds.shape()[0];
      long[] chunks = H5jOps.lcgChunks(reads, (n + H5jOps.CHUNK - 1) / H5jOps.CHUNK);
      for (int rep = 0; rep < reps; rep++) {
        if (gc) {
          System.gc();
        }
        long faults0 = minorFaults();
        long alloc0 = allocatedBytes();
        CpuTime.Mark cpu0 = CpuTime.mark();
        long wall0 = System.nanoTime();
        double check = 0;
        for (long c : chunks) {
          long start = c * H5jOps.CHUNK;
          long len = Math.min(n, start + H5jOps.CHUNK) - start;
          Selection box = Selection.box(new long[] {start}, new long[] {len});
          if (buffer) {
            buf.clear();
            ds.read(box, buf);
            check += buf.getDouble(0) + buf.getDouble((int) (len - 1) * 8);
          } else if (mode.equals("into")) {
            ds.read(box, into);
            check += into[0] + into[(int) len - 1];
          } else {
            double[] a = (double[]) ds.read(box);
            check += a[0] + a[a.length - 1];
          }
        }
        double wall = (System.nanoTime() - wall0) / 1e3 / reads;
        CpuTime.Mark cpu = cpu0.since();
        double alloc = (allocatedBytes() - alloc0) / (double) reads;
        double process = cpu.processMs() * 1e3 / reads;
        double caller = cpu.callerMs() * 1e3 / reads;
        System.out.printf(Locale.ROOT, "%s rep %d%s: wall %.0f us/read, cpu process %.0f"
            + " caller %.0f us/read, heap allocated %.0f B/read, minflt %.1f/read, gc %d (%d ms),"
            + " check %s, load %s%n", mode, rep, rep == 0 ? " (warm-up)" : "", wall, process,
            caller, alloc,
            (double) (minorFaults() - faults0) / reads, cpu.gcs(), cpu.gcMs(), check,
            MachineFacts.loadAverage());
      }
    }
  }

  /**
   * Heap bytes allocated so far by the threads alive now (the caller and the file's helpers,
   * which allocate the arrays they zero ahead), or -1 where the JVM does not count them.
   */
  static long allocatedBytes() {
    if (!(ManagementFactory.getThreadMXBean()
        instanceof com.sun.management.ThreadMXBean threads)) {
      return -1;
    }
    long sum = 0;
    for (long a : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      sum += Math.max(0, a);
    }
    return sum;
  }

  /** Minor page faults of this process so far (field 10 of /proc/self/stat), or -1. */
  static long minorFaults() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[7]); // fields from 3 on: state is f[0], minflt (10) is f[7]
    } catch (Exception e) {
      return -1;
    }
  }
}
