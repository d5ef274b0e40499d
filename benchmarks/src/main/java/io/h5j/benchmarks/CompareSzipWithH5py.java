package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.format.filter.Filter;
import io.h5j.format.filter.FilterPipelineMessage.FilterDescription;
import io.h5j.format.filter.Filters;
import io.h5j.format.message.LayoutMessage;
import io.h5j.internal.DatasetInternals;
import io.h5j.raw.ChunkInfo;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * szip decode and encode, h5j against libhdf5 1.10 over native libaec through h5py, on the
 * same data in the same run: h5py writes szip datasets (float32 NN, float64 EC, int16 NN,
 * int8 EC; 1 MiB chunks); then, in rounds that alternate the two sides, each side reads every
 * dataset whole (h5py {@code ds[...]}, h5j {@code Dataset.read()}) and writes it anew with the
 * same szip options. Medians of wall and process CPU time; ratios are h5j / h5py (below 1:
 * h5j faster). Also h5j's filter alone on the stored chunks (MB/s of decoded bytes).
 *
 * <pre>
 * benchmarks/run-szip.sh [--mb 64] [--rounds 5] [--work-dir DIR] [--out FILE]
 * </pre>
 */
public final class CompareSzipWithH5py {
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private CompareSzipWithH5py() {}

  /** Wall and CPU seconds of one run. */
  record Time(double wall, double cpu) {}

  public static void main(String[] args) throws Exception {
    int mb = 64;
    int rounds = 5;
    Path work = Path.of(System.getProperty("java.io.tmpdir"), "h5j-szip-bench");
    Path out = Path.of("benchmarks/results-filters-szip.md");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--mb" -> mb = Integer.parseInt(args[++i]);
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--work-dir" -> work = Path.of(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Files.createDirectories(work);
    H5pySide py = new H5pySide(work, "szip_side.py");
    Path in = work.resolve("in.h5");
    String[] names = py.run("prepare", work.toString(), String.valueOf(mb)).split(" ");
    StringBuilder table = new StringBuilder();
    table.append("| dataset | MiB | stored MiB | read h5py s | read h5j s | ratio (CPU ratio)"
        + " | write h5py s | write h5j s | ratio (CPU ratio) | h5j filter alone MB/s |\n");
    table.append("|---|---|---|---|---|---|---|---|---|---|\n");
    for (String name : names) {
      Object values;
      long[] shape;
      long[] chunks;
      long stored = 0;
      long raw;
      try (H5File f = H5File.open(in)) {
        Dataset ds = f.dataset(name);
        values = ds.read();
        shape = ds.shape();
        chunks = ((LayoutMessage.Chunked) DatasetInternals.layout(ds)).chunkDims();
        for (ChunkInfo c : ds.chunks()) {
          stored += c.storedSize();
        }
        raw = (long) java.lang.reflect.Array.getLength(values) * ds.datatype().size();
      }
      boolean nn = name.contains("_nn");
      int ppb = Integer.parseInt(name.substring(name.lastIndexOf('_') + 3));
      Path ours = work.resolve("h5j-" + name + ".h5");
      Path theirs = work.resolve("h5py-" + name + ".h5");
      Timing.Op read = () -> readWhole(in, name);
      Timing.Op write = () -> {
        try (H5File f = H5File.create(ours)) {
          f.root().createDataset(name, DatasetSpec.of(values).shape(shape).chunks(chunks)
              .szip(nn, ppb));
        }
        return Files.size(ours);
      };
      for (int w = 0; w < 3; w++) { // JIT warm-up
        read.run();
        write.run();
      }
      List<Time> pyRead = new ArrayList<>();
      List<Time> ourRead = new ArrayList<>();
      List<Time> pyWrite = new ArrayList<>();
      List<Time> ourWrite = new ArrayList<>();
      for (int r = 0; r < rounds; r++) {
        pyRead.add(parse(py.run("read", in.toString(), name)));
        ourRead.add(time(read));
        pyWrite.add(parse(py.run("write", in.toString(), name, theirs.toString())));
        ourWrite.add(time(write));
      }
      double filterMbs = filterAlone(in, name, nn, ppb);
      table.append(String.format(Locale.ROOT,
          "| %s | %d | %.1f | %.3f | %.3f | %.2f (%.2f) | %.3f | %.3f | %.2f (%.2f) | %.0f |\n",
          name, raw >> 20, stored / 1048576.0, wall(pyRead), wall(ourRead),
          wall(ourRead) / wall(pyRead), cpu(ourRead) / cpu(pyRead), wall(pyWrite),
          wall(ourWrite), wall(ourWrite) / wall(pyWrite), cpu(ourWrite) / cpu(pyWrite),
          filterMbs));
      System.err.println(table);
    }
    String report = "# szip (filter 4): h5j against libhdf5 1.10.8 + libaec 1.0.6 (h5py 3.7)\n\n"
        + "`benchmarks/run-szip.sh --mb " + mb + " --rounds " + rounds + "`, "
        + MachineFacts.machine() + ", " + MachineFacts.jvm() + ", load "
        + MachineFacts.loadAverage() + ". Medians of " + rounds + " rounds alternating the sides;"
        + " ratio = h5j / h5py (wall; process CPU in parentheses); reads are whole datasets"
        + " from the page cache, writes make a new file each time.\n\n" + table;
    Files.writeString(out, report);
    System.out.println(report);
  }

  private static Object readWhole(Path file, String name) throws Exception {
    try (H5File f = H5File.open(file)) {
      return f.dataset(name).read();
    }
  }

  /**
   * h5j's szip decoder alone over the dataset's chunks that are stored szip-coded (libhdf5
   * stores a chunk szip would make larger as it is), in MB/s of decoded bytes.
   */
  private static double filterAlone(Path file, String name, boolean nn, int ppb)
      throws Exception {
    List<byte[]> stored = new ArrayList<>();
    int[] cd;
    int chunkBytes;
    try (H5File f = H5File.open(file)) {
      Dataset ds = f.dataset(name);
      for (ChunkInfo c : ds.chunks()) {
        if (c.filterMask() == 0) {
          stored.add(ds.readChunk(c.offset()).bytes());
        }
      }
      LayoutMessage.Chunked l = (LayoutMessage.Chunked) DatasetInternals.layout(ds);
      cd = FilterDescription.szip(nn, ppb).withLocalParameters(ds.datatype(), l.chunkDims())
          .clientData();
      long n = 1;
      for (long d : l.chunkDims()) {
        n *= d;
      }
      chunkBytes = (int) (n * ds.datatype().size());
    }
    Filter szip = Filters.standard().get(Filters.SZIP);
    byte[] out = new byte[chunkBytes];
    double best = Double.MAX_VALUE;
    for (int rep = 0; rep < 8; rep++) {
      long t0 = System.nanoTime();
      for (byte[] s : stored) {
        szip.decode(s, s.length, cd, out, chunkBytes);
      }
      best = Math.min(best, (System.nanoTime() - t0) / 1e9);
    }
    return (double) stored.size() * chunkBytes / 1e6 / best;
  }

  private static Time time(Timing.Op op) throws Exception {
    long cpu0 = OS.getProcessCpuTime();
    long t0 = System.nanoTime();
    op.run();
    return new Time((System.nanoTime() - t0) / 1e9, (OS.getProcessCpuTime() - cpu0) / 1e9);
  }

  /** The script's "wall cpu" line. */
  private static Time parse(String line) {
    String[] f = line.trim().split(" ");
    return new Time(Double.parseDouble(f[0]), Double.parseDouble(f[1]));
  }

  private static double wall(List<Time> ts) {
    return Timing.median(ts.stream().map(Time::wall).toList());
  }

  private static double cpu(List<Time> ts) {
    return Timing.median(ts.stream().map(Time::cpu).toList());
  }
}
