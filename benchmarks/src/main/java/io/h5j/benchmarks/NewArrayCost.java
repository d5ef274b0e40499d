package io.h5j.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;

/**
 * What it costs to hand back 1 MiB of a mapped file as a new {@code double[]}, by way of
 * each candidate, without h5j around it: the calling thread's CPU per read, the variants
 * alternating in blocks of {@code --block} reads in one JVM (so load and heap state fall on
 * each alike). Reads 1 MiB at the {@link H5jOps#lcgChunks} offsets of {@code FILE} (any file
 * of at least 1 MiB; the offsets need not be chunks of an HDF5 file).
 *
 * <ul>
 *   <li>{@code new+copy}: a new array (the JVM zeroes it), then the mapped bytes into it;
 *   <li>{@code scratch+copyOf}: the mapped bytes into one reused array, then {@code
 *       Arrays.copyOf} of it (the JIT allocates a copy's target without zeroing it);
 *   <li>{@code reused}: the mapped bytes into one reused array (no new array: the floor);
 *   <li>{@code new}: a new array alone (its zeroing).
 * </ul>
 *
 * <pre>
 * java -Xmx6g -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.NewArrayCost FILE \
 *     [--block 1000] [--rounds 6]
 * </pre>
 */
public final class NewArrayCost {
  private NewArrayCost() {}

  private static final int N = H5jOps.CHUNK;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final String[] VARIANTS = {"new+copy", "scratch+copyOf", "reused", "new"};

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int block = 1000;
    int rounds = 6;
    for (int i = 1; i < args.length; i++) {
      switch (args[i]) {
        case "--block" -> block = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = Math.min(ch.size(), Integer.MAX_VALUE) & ~7L;
      MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
      map.order(ByteOrder.LITTLE_ENDIAN);
      long[] at = H5jOps.lcgChunks(block, (size - N * 8L) / (N * 8L));
      double[] scratch = new double[N];
      double[][] cpu = new double[VARIANTS.length][rounds];
      double check = 0;
      for (int r = -1; r < rounds; r++) { // round -1: warm-up
        for (int k = 0; k < VARIANTS.length; k++) {
          int v = (r & 1) == 0 ? k : VARIANTS.length - 1 - k; // reverse order every other round
          long t0 = THREADS.getCurrentThreadCpuTime();
          for (long c : at) {
            DoubleBuffer src = map.slice((int) (c * N * 8), N * 8).order(ByteOrder.LITTLE_ENDIAN)
                .asDoubleBuffer();
            double[] a;
            switch (v) {
              case 0 -> {
                a = new double[N];
                src.get(a);
              }
              case 1 -> {
                src.get(scratch);
                a = Arrays.copyOf(scratch, N);
              }
              case 2 -> {
                src.get(scratch);
                a = scratch;
              }
              default -> a = new double[N];
            }
            check += a[0] + a[N - 1];
          }
          if (r >= 0) {
            cpu[v][r] = (THREADS.getCurrentThreadCpuTime() - t0) / 1e3 / block;
          }
        }
      }
      for (int v = 0; v < VARIANTS.length; v++) {
        double[] s = cpu[v].clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%-15s caller CPU us/read: median %.0f, range %.0f-%.0f,"
            + " per round %s%n", VARIANTS[v], s[rounds / 2], s[0], s[rounds - 1],
            Arrays.toString(Arrays.stream(cpu[v]).mapToLong(Math::round).toArray()));
      }
      System.out.printf(Locale.ROOT, "check %s, load %s%n", check, MachineFacts.loadAverage());
    }
  }
}
