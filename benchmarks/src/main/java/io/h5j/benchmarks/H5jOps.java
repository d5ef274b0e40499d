package io.h5j.benchmarks;

import io.h5j.Attribute;
import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The h5j side of each compared operation, on the files {@code h5py_side.py prepare} writes.
 * Each returns a check value computed the same way as the Python side's, so the runner can
 * tell that both read the same thing.
 */
final class H5jOps {
  private H5jOps() {}

  /** Open links.h5, list the names of the dense group /g, close. */
  static long listNames(Path dir) throws IOException {
    try (H5File f = H5File.open(dir.resolve("links.h5"))) {
      return f.group("g").memberNames().size();
    }
  }

  /** Open links.h5, list the links (name, kind, address) of /g, close. */
  static long listLinks(Path dir) throws IOException {
    try (H5File f = H5File.open(dir.resolve("links.h5"))) {
      return f.group("g").links().size();
    }
  }

  /** Open attrs.h5, read every attribute of /spread/g000 ... as a map; sum their values. */
  static long attributesSpread(Path dir, int groups) throws IOException {
    long total = 0;
    try (H5File f = H5File.open(dir.resolve("attrs.h5"))) {
      Group spread = f.group("spread");
      for (int g = 0; g < groups; g++) {
        total += sum(spread.group(String.format("g%03d", g)).attributes().all());
      }
    }
    return total;
  }

  /** Open attrs.h5, read every attribute of /one as a map; sum their values. */
  static long attributesOne(Path dir) throws IOException {
    try (H5File f = H5File.open(dir.resolve("attrs.h5"))) {
      return sum(f.group("one").attributes().all());
    }
  }

  private static long sum(Map<String, Attribute> attrs) {
    long s = 0;
    for (Attribute a : attrs.values()) {
      s += (Long) a.value();
    }
    return s;
  }

  /** Open {@code file}, read datasets x0, x1, ... whole; check = sum of first + last + size. */
  static double read(Path file) throws IOException {
    double check = 0;
    try (H5File f = H5File.open(file)) {
      for (int i = 0; f.root().contains("x" + i); i++) {
        double[] a = (double[]) f.dataset("x" + i).read();
        check += a[0] + a[a.length - 1] + a.length;
      }
    }
    return check;
  }

  /**
   * {@link #read} into arrays the caller keeps, {@code into[i]} for x{@code i}: the same check,
   * without a new array per read.
   */
  static double readInto(Path file, double[][] into) throws IOException {
    double check = 0;
    try (H5File f = H5File.open(file)) {
      for (int i = 0; i < into.length; i++) {
        double[] a = into[i];
        int n = f.dataset("x" + i).read(Selection.all(), a);
        check += a[0] + a[n - 1] + n;
      }
    }
    return check;
  }

  /** An array of its element count for each dataset x0, x1, ... of {@code file}. */
  static double[][] arraysFor(Path file) throws IOException {
    try (H5File f = H5File.open(file)) {
      int n = 0;
      while (f.root().contains("x" + n)) {
        n++;
      }
      double[][] arrays = new double[n][];
      for (int i = 0; i < n; i++) {
        arrays[i] = new double[Math.toIntExact(f.dataset("x" + i).shape()[0])];
      }
      return arrays;
    }
  }

  /** Create {@code file}, write each array as contiguous dataset x0, x1, ..., close. */
  static long write(Path file, double[][] arrays) throws IOException {
    try (H5File f = H5File.create(file)) {
      for (int i = 0; i < arrays.length; i++) {
        f.root().createDataset("x" + i, DatasetSpec.of(arrays[i]));
      }
    }
    return Files.size(file);
  }

  /** float64 per 1 MiB chunk in the chunked rows (h5py_side.CHUNK). */
  static final int CHUNK = 131_072;
  /** float64 per appended row (h5py_side.ROW). */
  static final int ROW = 8;
  /** Rows per chunk of the append dataset (h5py_side.APPEND_CHUNK). */
  static final int APPEND_CHUNK = 1024;

  /**
   * Create {@code file}, write each array as dataset x0, x1, ... with 1 MiB chunks, each in
   * one {@code createDataset} call (uncompressed, or shuffle + deflate 4), close.
   */
  static long writeChunked(Path file, double[][] arrays, boolean deflate) throws IOException {
    try (H5File f = H5File.create(file)) {
      for (int i = 0; i < arrays.length; i++) {
        DatasetSpec spec = DatasetSpec.of(arrays[i])
            .chunks(Math.min(CHUNK, Math.max(1, arrays[i].length)));
        if (deflate) {
          spec.shuffle().deflate(4);
        }
        f.root().createDataset("x" + i, spec);
      }
    }
    return Files.size(file);
  }

  /**
   * {@code count} reads of one whole chunk of x0 each (a box selection), chunks in the order
   * of {@link #lcgChunks}; check = sum of first + last element of each read.
   */
  static double randomChunks(Path file, int count) throws IOException {
    double check = 0;
    try (H5File f = H5File.open(file)) {
      Dataset ds = f.dataset("x0");
      long n = ds.shape()[0];
      for (long c : lcgChunks(count, (n + CHUNK - 1) / CHUNK)) {
        long start = c * CHUNK;
        long len = Math.min(n, start + CHUNK) - start;
        double[] a = (double[]) ds.read(Selection.box(new long[] {start}, new long[] {len}));
        check += a[0] + a[a.length - 1];
      }
    }
    return check;
  }

  /**
   * As {@link #randomChunks}, but each chunk's stored bytes go into one reused direct
   * buffer ({@code Dataset.read(Selection, ByteBuffer)}): no array per read.
   */
  static double randomChunksIntoBuffer(Path file, int count) throws IOException {
    double check = 0;
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocateDirect((int) CHUNK * 8)
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    try (H5File f = H5File.open(file)) {
      Dataset ds = f.dataset("x0");
      long n = ds.shape()[0];
      for (long c : lcgChunks(count, (n + CHUNK - 1) / CHUNK)) {
        long start = c * CHUNK;
        long len = Math.min(n, start + CHUNK) - start;
        buf.clear();
        ds.read(Selection.box(new long[] {start}, new long[] {len}), buf);
        check += buf.getDouble(0) + buf.getDouble((int) (len - 1) * 8);
      }
    }
    return check;
  }

  /** The chunk numbers h5py_side.lcg_chunks gives: a 64-bit LCG, high bits mod nchunks. */
  static long[] lcgChunks(int count, long nchunks) {
    long[] out = new long[count];
    long x = 42;
    for (int i = 0; i < count; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      out[i] = Long.remainderUnsigned(x >>> 33, nchunks);
    }
    return out;
  }

  /**
   * Create {@code file} with an empty (0, 8) float64 dataset, max shape (unlimited, 8), chunks
   * (1024, 8); append {@code rows} rows one at a time ({@code resize} + {@code write} of a
   * 1 × 8 box); close. Then reopen and read the last row: check = rows + its sum.
   */
  static double append(Path file, int rows) throws IOException {
    try (H5File f = H5File.create(file)) {
      Dataset ds = f.root().createDataset("rows", DatasetSpec.empty(Datatypes.FLOAT64, 0, ROW)
          .maxShape(Dataspace.UNLIMITED, ROW).chunks(APPEND_CHUNK, ROW));
      double[] row = new double[ROW];
      long[] shape = {1, ROW};
      for (int n = 0; n < rows; n++) {
        for (int j = 0; j < ROW; j++) {
          row[j] = (n * (long) ROW + j) * 0.5;
        }
        ds.resize(n + 1, ROW);
        ds.write(Selection.box(new long[] {n, 0}, shape), row);
      }
    }
    return appendCheck(file);
  }

  static double appendCheck(Path file) throws IOException {
    try (H5File f = H5File.open(file)) {
      Dataset ds = f.dataset("rows");
      long n = ds.shape()[0];
      double[] last = (double[]) ds.read(Selection.box(new long[] {n - 1, 0},
          new long[] {1, ROW}));
      double sum = 0;
      for (double v : last) {
        sum += v;
      }
      return n + sum;
    }
  }

  /** The values h5py_side.py writes: element i of the whole sequence is i * 0.5. */
  static double[][] data(Sizes s) {
    long[] lengths = s.datasetLengths();
    double[][] out = new double[lengths.length][];
    long start = 0;
    for (int d = 0; d < lengths.length; d++) {
      double[] a = new double[Math.toIntExact(lengths[d])];
      for (int i = 0; i < a.length; i++) {
        a[i] = (start + i) * 0.5;
      }
      out[d] = a;
      start += a.length;
    }
    return out;
  }
}
