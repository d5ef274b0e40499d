package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.type.Datatypes;
import io.h5j.type.Dataspace;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Rows appended one at a time (resize by one row, write that row), as loggers and the
 * benchmark's append row do: the extent and the chunk index reach the file at flush, not at
 * every call; libhdf5 reads what h5j flushed and can append after it.
 */
@OracleTest
class RowAppendTest {
  private static final int COLS = 3;

  /** Element (row, col) of the appended data. */
  private static double value(long row, int col) {
    return row * 10.0 + col + 0.25;
  }

  @Property(tries = 8)
  void rowsAppendedOneByOneWithFlushesInBetweenReadBackInLibhdf5(
      @ForAll @IntRange(min = 1, max = 300) int rows,
      @ForAll @IntRange(min = 0, max = 120) int flushEvery,
      @ForAll @IntRange(min = 1, max = 40) int chunkRows) throws Exception {
    Path f = Files.createTempFile("h5j-rows", ".h5");
    try {
      try (H5File h = H5File.create(f)) {
        Dataset d = h.root().createDataset("log", DatasetSpec.empty(Datatypes.FLOAT64, 0, COLS)
            .maxShape(Dataspace.UNLIMITED, COLS).chunks(chunkRows, COLS));
        for (long n = 0; n < rows; n++) {
          double[] row = new double[COLS];
          for (int c = 0; c < COLS; c++) {
            row[c] = value(n, c);
          }
          d.resize(n + 1, COLS);
          d.write(Selection.box(new long[] {n, 0}, new long[] {1, COLS}), row);
          if (flushEvery > 0 && n % flushEvery == flushEvery - 1) {
            h.flush();
          }
          if (n % 17 == 0) { // reads between appends see every row so far
            assertArrayEquals(new long[] {n + 1, COLS}, d.shape());
            double[] first = (double[]) d.read(Selection.box(new long[] {0, 0},
                new long[] {1, COLS}));
            assertEquals(value(0, 2), first[2]);
            double[] last = (double[]) d.read(Selection.box(new long[] {n, 0},
                new long[] {1, COLS}));
            assertEquals(value(n, 1), last[1]);
          }
        }
      }
      // libhdf5 checks every row, then appends 5 more rows to the index h5j left
      String out = Oracles.python(String.join("\n",
          "import h5py, sys, numpy as np",
          "rows, cols = int(sys.argv[2]), " + COLS,
          "exp = np.arange(rows)[:, None] * 10.0 + np.arange(cols)[None, :] + 0.25",
          "with h5py.File(sys.argv[1], 'r') as f:",
          "    d = f['log']",
          "    print(d.shape == (rows, cols), bool((d[()] == exp).all()))",
          "with h5py.File(sys.argv[1], 'r+') as f:",
          "    d = f['log']",
          "    d.resize(rows + 5, axis=0)",
          "    d[rows:] = -1.0",
          "with h5py.File(sys.argv[1], 'r') as f:",
          "    a = f['log'][()]",
          "    print(bool((a[:rows] == exp).all()), bool((a[rows:] == -1.0).all()))"),
          f.toString(), String.valueOf(rows)).strip();
      assertEquals("True True\nTrue True", out);
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * Rows appended after the last flush into new chunks live in memory: a file closed without
   * flushing is the one that flush left, byte for byte (no header rewritten per resize, no
   * index update or chunk write per row), and libhdf5 reads the rows of that flush.
   */
  @Property(tries = 6)
  void appendsSinceTheLastFlushDoNotTouchTheFile(
      @ForAll @IntRange(min = 0, max = 3) int flushedChunks,
      @ForAll @IntRange(min = 1, max = 150) int more) throws Exception {
    Path f = Files.createTempFile("h5j-rows-unflushed", ".h5");
    int chunkRows = 64;
    long flushed = (long) flushedChunks * chunkRows; // whole chunks: the next row starts one
    try {
      byte[] atFlush;
      try (H5File h = H5File.create(f)) {
        Dataset d = h.root().createDataset("log", DatasetSpec.empty(Datatypes.FLOAT64, 0, COLS)
            .maxShape(Dataspace.UNLIMITED, COLS).chunks(chunkRows, COLS));
        long n = 0;
        for (; n < flushed; n++) {
          append(d, n);
        }
        h.flush();
        atFlush = Files.readAllBytes(f);
        for (; n < flushed + more; n++) {
          append(d, n);
        }
        assertEquals(value(n - 1, 2), ((double[]) d.read(Selection.box(new long[] {n - 1, 0},
            new long[] {1, COLS})))[2]);
        assertArrayEquals(atFlush, Files.readAllBytes(f), "the file changed before a flush");
        h.closeWithoutFlush();
      }
      String out = Oracles.python(String.join("\n",
          "import h5py, sys, numpy as np",
          "rows, cols = int(sys.argv[2]), " + COLS,
          "exp = np.arange(rows)[:, None] * 10.0 + np.arange(cols)[None, :] + 0.25",
          "with h5py.File(sys.argv[1], 'r') as f:",
          "    d = f['log']",
          "    print(d.shape == (rows, cols), bool((d[()] == exp).all()))"),
          f.toString(), String.valueOf(flushed)).strip();
      assertEquals("True True", out);
    } finally {
      Files.deleteIfExists(f);
    }
  }

  private static void append(Dataset d, long n) throws Exception {
    double[] row = new double[COLS];
    for (int c = 0; c < COLS; c++) {
      row[c] = value(n, c);
    }
    d.resize(n + 1, COLS);
    d.write(Selection.box(new long[] {n, 0}, new long[] {1, COLS}), row);
  }

  /**
   * A chunk read through the chunk cache, then partly overwritten in place on the file, reads
   * the new values: the write forgets the cached copy of the chunks it touches.
   */
  @Property(tries = 5)
  void aCachedChunkWrittenInPlaceReadsTheNewValues(
      @ForAll @IntRange(min = 0, max = 15) int row) throws Exception {
    Path f = Files.createTempFile("h5j-rows-cache", ".h5");
    try {
      try (H5File h = H5File.create(f)) {
        int[] all = new int[16 * 4];
        for (int i = 0; i < all.length; i++) {
          all[i] = i;
        }
        // uint16 is read through the raw-byte path, which keeps chunks in the cache
        h.root().createDataset("u", DatasetSpec.empty(Datatypes.UINT16, 16, 4).chunks(8, 4));
        h.dataset("u").write(all);
        h.flush();
        Dataset d = h.dataset("u");
        Selection one = Selection.box(new long[] {row, 0}, new long[] {1, 4});
        assertArrayEquals(new int[] {row * 4, row * 4 + 1, row * 4 + 2, row * 4 + 3},
            (int[]) d.read(one));
        d.write(one, new int[] {60000, 60001, 60002, 60003});
        assertArrayEquals(new int[] {60000, 60001, 60002, 60003}, (int[]) d.read(one));
      }
      String out = Oracles.python("import h5py, sys; "
          + "print(list(h5py.File(sys.argv[1], 'r')['u'][int(sys.argv[2])]))",
          f.toString(), String.valueOf(row)).strip();
      assertEquals("[60000, 60001, 60002, 60003]", out);
    } finally {
      Files.deleteIfExists(f);
    }
  }
}
