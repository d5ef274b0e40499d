package io.h5j.benchmarks;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Selection;
import io.jhdf.HdfFile;
import io.jhdf.api.Node;
import io.jhdf.api.dataset.ChunkedDataset;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The h5j, jHDF and plain-I/O sides of {@link PeerTable}'s rows that {@link H5jOps} and
 * {@link VdsOps} do not have. Each check value is computed as {@code peers_side.py} computes
 * it.
 */
final class PeerOps {
  private PeerOps() {}

  /** The whole of {@code file} in a new array, read 1 MiB at a time by a FileChannel. */
  static byte[] readFileIntoNewArray(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      byte[] a = new byte[Math.toIntExact(ch.size())];
      for (int at = 0, n; at < a.length; at += n) {
        n = ch.read(ByteBuffer.wrap(a, at, Math.min(1 << 20, a.length - at)), at);
        if (n < 0) {
          throw new IOException(file + " ended at byte " + at + " of " + a.length);
        }
      }
      return a;
    }
  }


  /** The whole of {@code file} into {@code into} (cleared first); the bytes read. */
  static long readFile(Path file, ByteBuffer into) throws IOException {
    into.clear();
    long at = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      for (int n; into.hasRemaining() && (n = ch.read(into, at)) >= 0; ) {
        at += n;
      }
    }
    return at;
  }

  /**
   * {@link H5jOps#randomChunks} by jHDF: each chunk decoded by {@code getDecompressedChunk}
   * and copied into a new {@code double[]}. (jHDF 0.10's {@code getData(offset, shape)} gives
   * zeros for every chunk of a chunked dataset past the first; the check found it.)
   */
  static double randomChunksJhdf(Path file, int count) {
    double check = 0;
    try (HdfFile f = new HdfFile(file)) {
      ChunkedDataset ds = (ChunkedDataset) f.getDatasetByPath("x0");
      long n = ds.getDimensions()[0];
      for (long c : H5jOps.lcgChunks(count, (n + H5jOps.CHUNK - 1) / H5jOps.CHUNK)) {
        long start = c * H5jOps.CHUNK;
        int len = (int) (Math.min(n, start + H5jOps.CHUNK) - start);
        byte[] bytes = ds.getDecompressedChunk(new int[] {(int) start});
        double[] a = new double[len];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(a);
        check += a[0] + a[a.length - 1];
      }
    }
    return check;
  }

  /** The VDS read of {@code name}, the checksum computed after the timed region. */
  static Contender.Run readVds(Path file, String name) throws IOException {
    long t0 = System.nanoTime();
    double[] values;
    try (H5File f = H5File.open(file)) {
      values = (double[]) f.dataset(name).read();
    }
    double s = (System.nanoTime() - t0) / 1e9;
    return new Contender.Run(s, VdsGeometry.checksum(values));
  }

  /** The first single-element read after an open (open untimed): peers_side vds_first. */
  static Contender.Run firstVdsElement(Path file, String name) throws IOException {
    double[] r = VdsOps.readOne(file, name, 0, 0, 0);
    return new Contender.Run(r[0], (long) r[2]);
  }

  /**
   * Open, read every dataset of version {@code version} of a versioned file whole, as the
   * virtual datasets under {@code _version_data/versions} (what h5py reads), sorted by name.
   */
  static double seedRead(Path file, String version) throws IOException {
    double check = 0;
    try (H5File f = H5File.open(file)) {
      Group g = f.group("_version_data/versions/" + version);
      List<String> names = new ArrayList<>(g.memberNames());
      names.sort(null);
      for (String name : names) {
        double[] a = (double[]) g.dataset(name).read();
        check += a[0] + a[a.length - 1] + a.length;
      }
    }
    return check;
  }

  /** The last version of a versioned file: the greatest name under its versions group. */
  static String lastVersion(Path file) throws IOException {
    try (H5File f = H5File.open(file)) {
      String last = null;
      for (String v : f.group("_version_data/versions").memberNames()) {
        if (v.startsWith("v") && (last == null || v.compareTo(last) > 0)) {
          last = v;
        }
      }
      if (last == null) {
        throw new IOException(file + " has no version v...");
      }
      return last;
    }
  }

  /**
   * Top-left corners (row, column) of {@code count} box reads of a square dataset of
   * {@code side}, on the grid of {@code box}: peers_side.lcg_boxes.
   */
  static long[][] boxCorners(int count, long side, int box) {
    long cells = side / box;
    long[][] out = new long[count][];
    long x = 7;
    for (int i = 0; i < count; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      long k = Long.remainderUnsigned(x >>> 33, cells * cells);
      out[i] = new long[] {k / cells * box, k % cells * box};
    }
    return out;
  }

  /** {@code count} reads of {@code box} x {@code box} boxes of /x: peers_side slabs. */
  static double slabs(Path file, int count, int box) throws IOException {
    double check = 0;
    try (H5File f = H5File.open(file)) {
      Dataset ds = f.dataset("x");
      long[] size = {box, box};
      for (long[] at : boxCorners(count, ds.shape()[0], box)) {
        double[] b = (double[]) ds.read(Selection.box(at, size));
        check += b[0] + b[b.length - 1];
      }
    }
    return check;
  }

  /** Open, the name and shape of every member of the root group: peers_side list. */
  static long list(Path file) throws IOException {
    long total = 0;
    try (H5File f = H5File.open(file)) {
      for (String name : f.root().memberNames()) {
        total += name.length() + f.dataset(name).shape()[0];
      }
    }
    return total;
  }

  /** {@link #list} by jHDF. */
  static long listJhdf(Path file) {
    long total = 0;
    try (HdfFile f = new HdfFile(file)) {
      for (Map.Entry<String, Node> e : f.getChildren().entrySet()) {
        total += e.getKey().length()
            + ((io.jhdf.api.Dataset) e.getValue()).getDimensions()[0];
      }
    }
    return total;
  }
}
