package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The inputs of issue 18's scans: a float64 dataset {@code /x} of {@code elements} values in
 * 1 MiB chunks, uncompressed or shuffle + deflate 4, kept in {@code work} and reused, with
 * h5py's count and sums of it (the oracle every scan is checked against).
 *
 * @param work the folder the files are kept in
 * @param elements the dataset's length
 */
record SparkScanInputs(Path work, long elements) {
  /** 1 MiB chunks of float64. */
  static final long CHUNK = 1 << 17;

  /** The file (written once), uncompressed or with shuffle + deflate 4. */
  Path hdf5(boolean deflate) throws IOException {
    Path file = work.resolve((deflate ? "deflate-" : "plain-") + elements + ".h5");
    if (Files.exists(file)) {
      return file;
    }
    Path tmp = work.resolve(file.getFileName() + ".tmp");
    DatasetSpec spec = DatasetSpec.empty(Datatypes.FLOAT64, elements).chunks(CHUNK);
    if (deflate) {
      spec = spec.shuffle().deflate(4);
    }
    try (H5File f = H5File.create(tmp)) {
      Dataset x = f.root().createDataset("x", spec);
      double[] slab = new double[(int) (16 * CHUNK)];
      for (long at = 0; at < elements; at += slab.length) {
        int n = (int) Math.min(slab.length, elements - at);
        for (int i = 0; i < n; i++) {
          slab[i] = value(at + i);
        }
        double[] part = n == slab.length ? slab : java.util.Arrays.copyOf(slab, n);
        x.write(Selection.box(new long[] {at}, new long[] {n}), part);
      }
    }
    Files.move(tmp, file);
    return file;
  }

  /** Values that shuffle + deflate compress about as much as smooth measured data. */
  private static double value(long i) {
    return Math.floor(Math.sin(i * 1e-4) * 1e5) / 1e3;
  }

  /** h5py's count and sums of the file (cached beside it). */
  SparkScanRounds.Sums h5pySums(Path h5) throws IOException, InterruptedException {
    Path cache = Path.of(h5 + ".h5py-sums");
    if (!Files.exists(cache)) {
      String script = String.join("\n", "import sys, h5py, numpy as np",
          "with h5py.File(sys.argv[1], 'r') as f:",
          "    x = f['x']; n = x.shape[0]; c = x.chunks[0]; s = 0.0",
          "    for a in range(0, n, 64 * c):",
          "        s += float(np.sum(x[a:a + 64 * c], dtype=np.float64))",
          "    print(n, float(n) * (n - 1) / 2, repr(s))");
      Process p = new ProcessBuilder("/usr/bin/python3", "-c", script, h5.toString())
          .redirectErrorStream(true).start();
      String text = new String(p.getInputStream().readAllBytes()).strip();
      if (p.waitFor() != 0) {
        throw new IOException("h5py could not read " + h5 + ": " + text);
      }
      Files.writeString(cache, text);
    }
    String[] w = Files.readString(cache).strip().split(" ");
    return new SparkScanRounds.Sums(Long.parseLong(w[0]), Double.parseDouble(w[1]),
        Double.parseDouble(w[2]));
  }
}
