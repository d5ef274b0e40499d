package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.VirtualSpec;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The h5j side of the VDS benchmark ({@link CompareVdsWithH5py}), through the public API only.
 * Each operation returns a check value that {@code h5py_vds_side.py} computes the same way.
 */
final class VdsOps {
  /** The raw dataset of every benchmark file. */
  static final String RAW = "/raw";

  private VdsOps() {}

  /** Name of version {@code v}'s virtual dataset. */
  static String vdsName(int v) {
    return String.format("v%03d", v);
  }

  /** Creates {@code file} with {@code /raw} only. */
  static void writeRaw(Path file, VdsGeometry g) throws IOException {
    long[] raw = g.rawShape();
    try (H5File f = H5File.create(file)) {
      f.root().createDataset(RAW, DatasetSpec.of(g.rawValues()).shape(raw)
          .maxShape(Dataspace.UNLIMITED, raw[1]).chunks(g.edge(), g.edge()).fillValue(0.0));
    }
  }

  /**
   * The virtual dataset of version {@code version}: one mapping per chunk, given as versioned
   * files' writers give them (the versioning module too): one {@link VirtualSpec#mapChunks}
   * call with the chunk-grid coordinates and raw starts of all chunks.
   */
  static VirtualSpec spec(VdsGeometry g, int version, boolean compact) {
    return spec(g, version, compact, new long[2 * g.mappings()], new long[2 * g.mappings()]);
  }

  /**
   * {@link #spec(VdsGeometry, int, boolean)} with the arrays handed to mapChunks given: a
   * caller writing many versions reuses them (mapChunks copies what it is given).
   */
  private static VirtualSpec spec(VdsGeometry g, int version, boolean compact, long[] coords,
      long[] starts) {
    VirtualSpec spec = VirtualSpec.of(Datatypes.FLOAT64, g.virtualShape()).fillValue(0.0);
    int n = g.mappings();
    int cols = g.gridCols();
    long raw = g.rawChunk(0, version);
    long step = g.rawChunk(1, 0); // STRIDE mod n: each next chunk's raw chunk, no division
    int k = 0;
    for (int r = 0; k < n; r++) {
      for (int c = 0; c < cols; c++, k++) {
        coords[2 * k] = r;
        coords[2 * k + 1] = c;
        starts[2 * k] = raw * g.edge();
        raw += step;
        raw -= raw >= n ? n : 0;
      }
    }
    spec.mapChunks(".", RAW, new long[] {g.edge(), g.edge()}, coords, starts);
    return compact ? spec.compactEncoding() : spec;
  }

  /**
   * {@link #spec}'s virtual dataset made with one {@link VirtualSpec#map} call per mapping, as
   * a caller with no chunk grid at hand would.
   */
  static VirtualSpec specPerMapping(VdsGeometry g, int version) {
    VirtualSpec spec = VirtualSpec.of(Datatypes.FLOAT64, g.virtualShape()).fillValue(0.0);
    long[] box = {g.edge(), g.edge()};
    int cols = g.gridCols(); // once: the harness's arithmetic is not what is measured
    for (long k = 0; k < g.mappings(); k++) {
      spec.map(".", RAW, new long[] {g.rawChunk(k, version) * g.edge(), 0},
          new long[] {k / cols * g.edge(), k % cols * g.edge()}, box);
    }
    return spec;
  }

  /** Opens {@code file} and adds {@code count} virtual datasets v000, v001, ...; closes it. */
  static long addVersions(Path file, VdsGeometry g, int count, boolean compact)
      throws IOException {
    return addVersions(file, g, count, compact, false);
  }

  /**
   * {@link #addVersions(Path, VdsGeometry, int, boolean)}, the specs made by
   * {@link #specPerMapping} when {@code perMapping} (default encoding).
   */
  static long addVersions(Path file, VdsGeometry g, int count, boolean compact,
      boolean perMapping) throws IOException {
    return addVersions(file, g, count, compact, perMapping, () -> { });
  }

  /**
   * {@link #addVersions(Path, VdsGeometry, int, boolean, boolean)}, running
   * {@code beforeClose} after the last dataset is created and before the file is closed.
   */
  static long addVersions(Path file, VdsGeometry g, int count, boolean compact,
      boolean perMapping, Runnable beforeClose) throws IOException {
    long[] coords = new long[2 * g.mappings()];
    long[] starts = new long[2 * g.mappings()];
    try (H5File f = H5File.openReadWrite(file)) {
      for (int v = 0; v < count; v++) {
        f.root().createVirtualDataset(vdsName(v), perMapping ? specPerMapping(g, v)
            : spec(g, v, compact, coords, starts));
      }
      beforeClose.run();
    }
    return count;
  }

  /** Open, read the shape, close: check = element count. */
  static long openShape(Path file, String name) throws IOException {
    try (H5File f = H5File.open(file)) {
      long[] s = f.dataset(name).shape();
      return s[0] * s[1];
    }
  }

  /** Open, read the whole dataset, close: check = {@link VdsGeometry#checksum}. */
  static long readAll(Path file, String name) throws IOException {
    try (H5File f = H5File.open(file)) {
      return VdsGeometry.checksum((double[]) f.dataset(name).read());
    }
  }

  /** Stored size and mapping count of a virtual dataset's mapping block. */
  static long[] blockBytesAndCount(Path file, String name) throws IOException {
    try (H5File f = H5File.open(file)) {
      var block = f.dataset(name).virtualMappings();
      return new long[] {block.size(), block.count()};
    }
  }

  /** The stored bytes of a virtual dataset's mapping block. */
  static byte[] blockContent(Path file, String name) throws IOException {
    try (H5File f = H5File.open(file)) {
      return f.dataset(name).virtualMappings().bytes();
    }
  }

  /**
   * Times of single-element reads of an open virtual dataset: {@code [0]} the first read after
   * open, {@code [1]} the mean of the {@code later} reads after it; {@code [2]} the sum of the
   * first {@code 1 + checked} values read (the check; h5py makes fewer reads); {@code [3]} the
   * open before them (file, dataset, shape), timed apart.
   */
  static double[] readOne(Path file, String name, long seed, int later, int checked)
      throws IOException {
    return readOne(file, name, seed, later, checked, false);
  }

  /**
   * {@link #readOne(Path, String, long, int, int)}, the file opened with
   * {@link H5File#deferVirtualBlockVerification()} when {@code deferred}.
   */
  static double[] readOne(Path file, String name, long seed, int later, int checked,
      boolean deferred) throws IOException {
    long opening = System.nanoTime();
    try (H5File f = H5File.open(file)) {
      if (deferred) {
        f.deferVirtualBlockVerification();
      }
      Dataset d = f.dataset(name);
      long[] shape = d.shape();
      long[] pos = VdsGeometry.positions(seed, 1 + later, shape[0] * shape[1]);
      long[] one = {1, 1};
      double[] got = new double[pos.length];
      long t0 = System.nanoTime();
      got[0] = ((double[]) d.read(Selection.box(at(pos[0], shape), one)))[0];
      long t1 = System.nanoTime();
      for (int i = 1; i <= later; i++) {
        got[i] = ((double[]) d.read(Selection.box(at(pos[i], shape), one)))[0];
      }
      long t2 = System.nanoTime();
      double sum = 0;
      for (int i = 0; i <= Math.min(checked, later); i++) {
        sum += got[i];
      }
      return new double[] {(t1 - t0) / 1e9, later == 0 ? 0 : (t2 - t1) / 1e9 / later, sum,
          (t0 - opening) / 1e9};
    }
  }

  private static long[] at(long flat, long[] shape) {
    return new long[] {flat / shape[1], flat % shape[1]};
  }

  /**
   * The reference for writing: {@code parts} writes of {@code bytesEach} bytes to a new file
   * with a plain FileChannel, then force (as h5j's close does) and close.
   */
  static long writePlain(Path file, int parts, byte[] bytesEach) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE)) {
      for (int i = 0; i < parts; i++) {
        ByteBuffer b = ByteBuffer.wrap(bytesEach);
        while (b.hasRemaining()) {
          ch.write(b);
        }
      }
      ch.force(true);
    }
    return Files.size(file);
  }
}
