package io.h5j.benchmarks;

import io.h5j.Attribute;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
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

  /** Create {@code file}, write each array as contiguous dataset x0, x1, ..., close. */
  static long write(Path file, double[][] arrays) throws IOException {
    try (H5File f = H5File.create(file)) {
      for (int i = 0; i < arrays.length; i++) {
        f.root().createDataset("x" + i, DatasetSpec.of(arrays[i]));
      }
    }
    return Files.size(file);
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
