package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.Inflater;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Lookups in scattered order, as a virtual dataset's reads make them, through the blocks an
 * extensible or paged fixed array keeps. The arrays are libhdf5's (h5py): an extensible
 * array of 70,000 one-element chunks reaches paged data blocks (from element 65,524) and has
 * unallocated data blocks and an uninitialised page; a fixed array of 6,000 has uninitialised
 * pages. Each written cell holds its own number plus one, so the truth is the data h5py
 * reads: the chunks found are exactly the non-zero cells, each holding h5py's value. Also the
 * records found equal those the (uncached) iteration lists, the kept blocks stay under their
 * bound (being dropped and read again when it is small), and under the default bound no
 * block is read twice.
 */
@OracleTest
class KeptIndexBlocksTest {
  static Path file;

  private static final String MAKE = String.join("\n",
      "import sys, numpy as np, h5py",
      "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
      "    for gz in (None, 'gzip'):",
      "        s = '_gz' if gz else ''",
      "        d = f.create_dataset('ea' + s, (70000,), 'i4', maxshape=(None,), chunks=(1,), compression=gz)",
      "        v = np.arange(1, 70001, dtype='i4')",
      "        d[0:30000] = v[0:30000]; d[40000:66000] = v[40000:66000]; d[68700:] = v[68700:]",
      "        d = f.create_dataset('fa' + s, (100, 60), 'i4', chunks=(1, 1), compression=gz)",
      "        w = np.arange(1, 6001, dtype='i4').reshape(100, 60)",
      "        d[0:17] = w[0:17]; d[52:100] = w[52:100]");

  private static final String READ = "import sys, h5py\n"
      + "print(' '.join(str(v) for v in h5py.File(sys.argv[1], 'r')[sys.argv[2]][...].ravel()))";

  @BeforeAll
  static void make() throws Exception {
    file = Files.createTempFile("kept-index-blocks", ".h5");
    Oracles.python(MAKE, file.toString());
  }

  @AfterAll
  static void clean() throws Exception {
    Files.deleteIfExists(file);
  }

  @ParameterizedTest
  @CsvSource({"ea,false,40000", "ea_gz,true,60000", "fa,false,6000", "fa_gz,true,12000"})
  void scatteredLookupsMatchLibhdf5(String path, boolean filtered, long smallBound)
      throws Exception {
    String[] values = Oracles.python(READ, file.toString(), path).trim().split(" ");
    Map<Long, String> truth = new TreeMap<>();
    for (int i = 0; i < values.length; i++) {
      if (!values[i].equals("0")) {
        truth.put((long) i, values[i]);
      }
    }
    assertTrue(truth.size() > 2000, "h5py read " + truth.size() + " non-zero cells");
    long seed = new Random().nextLong();
    try (ChunkTruth.Opened f = ChunkTruth.Opened.of(file)) {
      ChunkIndex small = f.index(path, filtered);
      keepBlocks(small, smallBound);
      List<long[]> cells = ChunkTruth.gridOffsets(small.geometry(), small.geometry().grid(),
          Integer.MAX_VALUE);
      Collections.shuffle(cells, new Random(seed));
      String what = path + " (shuffle seed " + seed + ")";
      TreeSet<String> found = lookUp(small, cells, 2);
      assertEquals(ChunkTruth.lines(ChunkTruth.all(small)), found, what);
      assertEquals(truth, values(f, small, cells, filtered), what);
      VerifiedBlocks kept = kept(small);
      assertEquals(smallBound, kept.bound());
      long once = distinctBlocks(f.index(path, filtered), cells);
      assertTrue(kept.loads() > once, what + ": a bound below the blocks touched drops some, "
          + kept.loads() + " loads of " + once + " blocks");

      ChunkIndex big = f.index(path, filtered);
      assertEquals(found, lookUp(big, cells, 2), what);
      assertEquals(once, kept(big).loads(), what + ": under the default bound each block is"
          + " read once");
    }
  }

  /** Looks every cell up {@code passes} times, checking the bound after each lookup. */
  private static TreeSet<String> lookUp(ChunkIndex idx, List<long[]> cells, int passes)
      throws Exception {
    VerifiedBlocks kept = kept(idx);
    TreeSet<String> found = new TreeSet<>();
    for (int pass = 0; pass < passes; pass++) {
      for (long[] o : cells) {
        Optional<ChunkRecord> c = idx.find(o);
        c.ifPresent(r -> found.add(ChunkTruth.line(r)));
        assertTrue(kept.held() <= kept.bound(), kept.held() + " bytes kept");
      }
    }
    return found;
  }

  /** Cell number to the value its chunk holds, for every chunk found. */
  private static Map<Long, String> values(ChunkTruth.Opened f, ChunkIndex idx,
      List<long[]> cells, boolean filtered) throws Exception {
    long[] grid = idx.geometry().grid();
    Map<Long, String> out = new TreeMap<>();
    for (long[] o : cells) {
      Optional<ChunkRecord> c = idx.find(o);
      if (c.isPresent()) {
        byte[] stored = f.fa().read(c.get().address(), c.get().storedSize(), "chunk");
        byte[] raw = filtered ? inflate(stored) : stored;
        int v = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).getInt();
        out.put(ChunkGeometry.linear(idx.geometry().scaled(o), grid), Integer.toString(v));
      }
    }
    return out;
  }

  private static byte[] inflate(byte[] in) throws Exception {
    Inflater inf = new Inflater();
    inf.setInput(in);
    byte[] out = new byte[64];
    int n = inf.inflate(out);
    inf.end();
    return Arrays.copyOf(out, n);
  }

  /** Blocks read by one pass of lookups (through a bound that keeps them all). */
  private static long distinctBlocks(ChunkIndex idx, List<long[]> cells) throws Exception {
    keepBlocks(idx, Long.MAX_VALUE);
    for (long[] o : cells) {
      idx.find(o);
    }
    return kept(idx).loads();
  }

  private static VerifiedBlocks kept(ChunkIndex idx) {
    return idx instanceof ExtensibleArrayIndex ea ? ea.keptBlocks()
        : ((FixedArrayIndex) idx).keptPages();
  }

  private static void keepBlocks(ChunkIndex idx, long bytes) {
    if (idx instanceof ExtensibleArrayIndex ea) {
      ea.keepBlocks(bytes);
    } else {
      ((FixedArrayIndex) idx).keepBlocks(bytes);
    }
  }
}
