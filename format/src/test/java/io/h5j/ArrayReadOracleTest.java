package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.io.ForwardingFileChannel;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads into a caller's array ({@link Dataset#read(Selection, double[])} and its siblings):
 * h5py writes 2-D datasets with edge chunks, uncompressed and shuffle + gzip, partly written
 * over a fill value (so some chunks are unallocated), chunks large enough for the file's
 * mapping and small ones, big-endian int32, float32 and uint8, contiguous float64 and
 * big-endian int32, and saves as float64 what
 * numpy's slicing gives for each selection (strided hyperslabs, columns, single rows, all).
 * h5j reads each selection into one array reused from read to read, larger than the
 * selection, through a read-only (mapped) file, a writable one (read(2) only) and a borrowed
 * channel, and must give h5py's values and leave the array's tail alone; the array-returning
 * read must agree. Arrays too short, and types that do not convert without loss, are refused
 * with the array untouched.
 */
@OracleTest
class ArrayReadOracleTest {
  /** Dataset names, shapes given by the script. */
  private static final List<String> DATASETS = List.of("plain", "gzip", "wide", "be_i4", "f4",
      "u1", "contiguous", "contiguous_be_i4");

  /** Selections, numpy syntax, for every 2-D dataset (the 1-D ones take the first part). */
  private static final List<String> SELECTIONS = List.of(":, :", "0:8, 0:16", "3:29:3, 5:50:7",
      "1:37:4, 2:53:5", "36, :", ":, 52", "8:24, 16:48", "5:6, 0:53", "30:37, 40:53",
      "0:37:36, 0:53:52");

  private static final List<String> WIDE_SELECTIONS = List.of(":, :", "0:100, 0:250",
      "10:90, 5:200", "0:300:50, 0:1000:100", ":, 3", "120:280, 240:760", "299, :",
      "1:300:7, 249:251");

  private static final List<String> LINEAR_SELECTIONS = List.of(":", "0:64", "3:997:3", "999",
      "60:70", "100:200:50");

  private static final String SCRIPT = String.join("\n",
      "import h5py, sys, numpy as np",
      "out = sys.argv[2]",
      "sels = sys.argv[3].split(';')",
      "wide_sels = sys.argv[4].split(';')",
      "lin_sels = sys.argv[5].split(';')",
      "v = (np.arange(37 * 53, dtype=np.float64).reshape(37, 53) * 0.25) - 100",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  for name, kw in [('plain', {}), ('gzip', dict(shuffle=True, compression='gzip'))]:",
      "    d = f.create_dataset(name, (37, 53), '<f8', chunks=(8, 16), fillvalue=-7.5, **kw)",
      "    d[0:16, :] = v[0:16, :]",   // rows of chunks written whole, edge columns too
      "    d[24:32, 16:32] = v[24:32, 16:32]",  // one chunk; the rest never allocated
      "    d[33:37, 50:53] = v[33:37, 50:53]",  // part of the corner edge chunk
      "  w = np.arange(300 * 1000, dtype=np.float64).reshape(300, 1000) * 1.5",
      "  f.create_dataset('wide', data=w, chunks=(100, 250))",
      "  f.create_dataset('be_i4', data=(v * 4).astype('>i4'), chunks=(10, 16))",
      "  f.create_dataset('f4', data=np.arange(1000, dtype='<f4') * 0.5 - 3, chunks=(64,))",
      "  f.create_dataset('u1', data=(np.arange(1000) % 251).astype('u1'), chunks=(64,))",
      "  f.create_dataset('contiguous', data=v)",
      "  f.create_dataset('contiguous_be_i4', data=(v * 4).astype('>i4'))",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "  for name in ['plain', 'gzip', 'be_i4', 'wide', 'f4', 'u1', 'contiguous',",
      "               'contiguous_be_i4']:",
      "    ss = wide_sels if name == 'wide' else lin_sels if f[name].ndim == 1 else sels",
      "    for i, s in enumerate(ss):",
      "      a = eval('f[name][' + s + ']')",
      "      open('%s/%s-%d.bin' % (out, name, i), 'wb').write(",
      "          np.ascontiguousarray(a, dtype='<f8').tobytes())");

  /** An array entry the read must leave as it is. */
  private static final double UNTOUCHED = 12345.678;

  @TempDir
  Path dir;

  private Path written() throws IOException {
    Path file = dir.resolve("arrays.h5");
    Oracles.python(SCRIPT, file.toString(), dir.toString(), String.join(";", SELECTIONS),
        String.join(";", WIDE_SELECTIONS), String.join(";", LINEAR_SELECTIONS));
    return file;
  }

  private static List<String> selections(String dataset) {
    return dataset.equals("wide") ? WIDE_SELECTIONS
        : dataset.equals("f4") || dataset.equals("u1") ? LINEAR_SELECTIONS : SELECTIONS;
  }

  private double[] expected(String dataset, int i) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(dir.resolve(dataset + "-" + i + ".bin")))
        .order(ByteOrder.LITTLE_ENDIAN);
    double[] out = new double[b.remaining() / 8];
    b.asDoubleBuffer().get(out);
    return out;
  }

  @Test
  void everySelectionIntoOneReusedArrayGivesH5pysValues() throws Exception {
    Path file = written();
    try (H5File mapped = H5File.open(file)) {
      checkAll(mapped, "read-only");
    }
    try (H5File unmapped = H5File.openReadWrite(file)) {
      checkAll(unmapped, "writable");
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        H5File borrowed = H5File.open(file, ch, false)) {
      checkAll(borrowed, "borrowed channel");
    }
  }

  private void checkAll(H5File f, String how) throws Exception {
    double[] doubles = new double[300 * 1000 + 5];
    for (String name : DATASETS) {
      Dataset d = f.dataset(name);
      List<String> sels = selections(name);
      for (int i = 0; i < sels.size(); i++) {
        Selection sel = Selection.parse(sels.get(i));
        double[] want = expected(name, i);
        String what = how + " " + name + "[" + sels.get(i) + "]";
        Arrays.fill(doubles, UNTOUCHED);
        assertEquals(want.length, d.read(sel, doubles), what + ": count");
        assertArrayEquals(want, Arrays.copyOf(doubles, want.length), what);
        for (int k = want.length; k < doubles.length; k++) {
          assertEquals(UNTOUCHED, doubles[k], what + ": entry " + k + " after the selection");
        }
        assertArrayEquals(want, d.readDoubles(sel), what + " as a new array");
        checkNative(d, sel, want, what);
      }
    }
  }

  /** The same values into the array of the dataset's own Java type. */
  private static void checkNative(Dataset d, Selection sel, double[] want, String what)
      throws IOException {
    int n = want.length;
    switch (d.path()) {
      case "/be_i4", "/contiguous_be_i4" -> {
        int[] ints = new int[n + 1];
        ints[n] = -99;
        d.read(sel, ints);
        assertArrayEquals(want, Arrays.stream(ints, 0, n).asDoubleStream().toArray(),
            what + " as int[]");
        assertEquals(-99, ints[n], what + ": int[] tail");
        long[] longs = new long[n];
        d.read(sel, longs);
        assertArrayEquals(want, Arrays.stream(longs).asDoubleStream().toArray(),
            what + " as long[]");
      }
      case "/f4" -> {
        float[] floats = new float[n];
        d.read(sel, floats);
        for (int k = 0; k < n; k++) {
          assertEquals(want[k], floats[k], what + " as float[] " + k);
        }
      }
      case "/u1" -> {
        short[] shorts = new short[n];
        d.read(sel, shorts);
        for (int k = 0; k < n; k++) {
          assertEquals(want[k], shorts[k], what + " as short[] " + k);
        }
      }
      default -> { }
    }
  }

  @Test
  void arraysTooShortOrOfLossyTypesAreRefusedUntouched() throws Exception {
    Path file = written();
    try (H5File f = H5File.open(file)) {
      for (String name : List.of("plain", "gzip", "wide")) {
        Dataset d = f.dataset(name);
        Selection sel = Selection.parse(name.equals("wide") ? "0:100, 0:250" : "0:8, 0:16");
        int count = name.equals("wide") ? 25000 : 128;
        double[] shortBy1 = new double[count - 1];
        Arrays.fill(shortBy1, UNTOUCHED);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> d.read(sel, shortBy1), name);
        assertTrue(e.getMessage().contains(count + " elements")
            && e.getMessage().contains("has " + (count - 1)), e.getMessage());
        for (double x : shortBy1) {
          assertEquals(UNTOUCHED, x, name + ": refused, yet written");
        }
        float[] lossy = new float[count];
        e = assertThrows(IllegalArgumentException.class, () -> d.read(sel, lossy), name);
        assertTrue(e.getMessage().contains("float"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> d.read(sel, new long[count]), name);
      }
      assertThrows(IllegalArgumentException.class,
          () -> f.dataset("u1").read(Selection.all(), new byte[1000]), "uint8 into byte[]");
      assertThrows(IllegalArgumentException.class,
          () -> f.dataset("be_i4").read(Selection.all(), new short[37 * 53]), "int32 into short[]");
    }
  }

  @Test
  void changedChunksInMemoryAreReadIntoTheArrayToo() throws Exception {
    Path file = written();
    try (H5File f = H5File.openReadWrite(file)) {
      for (String name : List.of("plain", "gzip")) {
        Dataset d = f.dataset(name);
        double[] row = new double[53];
        Arrays.setAll(row, k -> 1000 + k);
        d.write(Selection.parse("20, :"), row); // chunks of rows 16..23 were never written
        double[] into = new double[3 * 53];
        d.read(Selection.parse("19:22, :"), into);
        for (int k = 0; k < 53; k++) {
          assertEquals(-7.5, into[k], name + " fill, column " + k);
          assertEquals(1000 + k, into[53 + k], name + " written row, column " + k);
          assertEquals(-7.5, into[106 + k], name + " fill, column " + k);
        }
      }
    }
  }

  /**
   * A box of a chunk whose rows are not whole chunk rows, read through a channel that is not
   * mapped: one read(2) for the chunk's span (dense enough), not one per row.
   */
  @Test
  void aDenseBoxOfOneChunkIsOneRead() throws Exception {
    Path file = written();
    AtomicInteger reads = new AtomicInteger();
    try (FileChannel ch = new CountingChannel(FileChannel.open(file, StandardOpenOption.READ),
        reads); H5File f = H5File.open(file, ch, false)) {
      Dataset d = f.dataset("wide");
      double[] into = new double[80 * 195];
      d.read(Selection.parse("10:90, 5:200"), into); // opens the index, reads the chunk
      reads.set(0);
      d.read(Selection.parse("10:90, 5:200"), into);
      assertEquals(1, reads.get(), "reads of 80 rows of one chunk");
      assertArrayEquals(expected("wide", 2), into);
    }
  }

  /** Counts positional reads. */
  private static final class CountingChannel extends ForwardingFileChannel {
    private final AtomicInteger reads;

    CountingChannel(FileChannel delegate, AtomicInteger reads) {
      super(delegate);
      this.reads = reads;
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      reads.incrementAndGet();
      return super.read(dst, position);
    }
  }
}
