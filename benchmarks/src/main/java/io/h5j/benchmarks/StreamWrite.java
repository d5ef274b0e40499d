package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Streaming, in a JVM of its own with a small heap (CompareWithH5py starts it with
 * {@code -Xmx256m}): writes a 1-D float64 dataset larger than the heap chunk by chunk, or
 * reads one back in slabs. Prints one JSON line: seconds, elements, checksum, max heap.
 *
 * <pre>
 * java -Xmx256m -cp benchmarks/target/h5j-benchmarks.jar io.h5j.benchmarks.StreamWrite \
 *     write FILE MIB        # /x of MIB MiB, 1 MiB chunks; chunk c holds (c * 131072 + i) * 0.5
 * java -Xmx256m -cp ... io.h5j.benchmarks.StreamWrite read FILE   # 64 MiB slabs of /x
 * </pre>
 *
 * <p>The checksum is the wrapping sum of {@code Double.doubleToRawLongBits} of every element
 * (h5py_side.stream_checksum computes the same). The write's time covers create, the chunk
 * writes and close (which flushes the index and forces the file to disk); the values are
 * generated inside the loop, one chunk at a time, as the h5py side does.
 */
public final class StreamWrite {
  /** Elements per read slab: 64 MiB of float64. */
  static final int SLAB = 8 * H5jOps.CHUNK;

  private StreamWrite() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2 || !(args[0].equals("write") && args.length == 3
        || args[0].equals("read") && args.length == 2)) {
      System.err.println("usage: StreamWrite write FILE MIB | StreamWrite read FILE");
      System.exit(2);
    }
    Path file = Path.of(args[1]);
    long t0 = System.nanoTime();
    long[] result = args[0].equals("write")
        ? write(file, Long.parseLong(args[2]) * (1L << 20) / 8) : read(file);
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf(Locale.ROOT, "{\"seconds\": %.6f, \"elements\": %d, \"checksum\": %d,"
        + " \"max_heap_mib\": %d, \"file_bytes\": %d}%n", s, result[0], result[1],
        Runtime.getRuntime().maxMemory() >> 20, Files.size(file));
  }

  /** Writes /x of {@code n} float64, one {@code write(box)} per 1 MiB chunk; {n, checksum}. */
  static long[] write(Path file, long n) throws IOException {
    long checksum = 0;
    double[] chunk = new double[H5jOps.CHUNK];
    try (H5File f = H5File.create(file)) {
      Dataset ds = f.root().createDataset("x", DatasetSpec.empty(Datatypes.FLOAT64, n)
          .chunks(Math.min(H5jOps.CHUNK, Math.max(1, n))));
      for (long start = 0; start < n; start += H5jOps.CHUNK) {
        int len = (int) Math.min(H5jOps.CHUNK, n - start);
        double[] a = len == chunk.length ? chunk : new double[len];
        for (int i = 0; i < len; i++) {
          a[i] = (start + i) * 0.5;
          checksum += Double.doubleToRawLongBits(a[i]);
        }
        ds.write(Selection.box(new long[] {start}, new long[] {len}), a);
      }
    }
    return new long[] {n, checksum};
  }

  /** Reads /x in 64 MiB slabs; {elements, checksum}. */
  static long[] read(Path file) throws IOException {
    long checksum = 0;
    long n;
    try (H5File f = H5File.open(file)) {
      Dataset ds = f.dataset("x");
      n = ds.shape()[0];
      for (long start = 0; start < n; start += SLAB) {
        long len = Math.min(SLAB, n - start);
        double[] a = (double[]) ds.read(Selection.box(new long[] {start}, new long[] {len}));
        for (double v : a) {
          checksum += Double.doubleToRawLongBits(v);
        }
      }
    }
    return new long[] {n, checksum};
  }
}
