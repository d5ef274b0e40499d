package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Many virtual datasets written in a row, as a versioned commit writes them, while the disk
 * refuses the n-th write and every one after it. Each mapping block is checksummed and written
 * on workers (in parts) while the caller goes on, so a fault may strike a block's bytes, its
 * header, the superblock or a link. Whatever the fault, the file must hold only complete
 * datasets: every virtual dataset a link leads to reads (in h5j and in libhdf5) as its
 * mappings say, the datasets that were there before are unchanged, and links lead to a prefix
 * of the new ones.
 */
@OracleTest
class VirtualWriteFaultTest {
  private static final int ROWS = 2000;
  private static final int COLS = 2;

  /** The raw row that virtual row {@code i} of version {@code v} maps. */
  private static long rawRow(int v, int i) {
    return (i * 7L + (v + 1) * 131L) % ROWS;
  }

  @Property(tries = 40)
  void aFailedWriteLeavesOnlyWholeVirtualDatasets(
      @ForAll @IntRange(min = 1, max = 45) int failAt,
      @ForAll @IntRange(min = 1, max = 12) int versions,
      @ForAll @IntRange(min = 60, max = 4000) int rows) throws Exception {
    Path base = Files.createTempFile("h5j-vds-fault-base", ".h5");
    Path f = Files.createTempFile("h5j-vds-fault", ".h5");
    try {
      long[] raw = new long[ROWS * COLS];
      for (int k = 0; k < raw.length; k++) {
        raw[k] = k;
      }
      try (H5File h = H5File.create(base)) {
        h.root().createDataset("raw", DatasetSpec.of(raw).shape(ROWS, COLS));
        h.root().createVirtualDataset("before", spec(-1, rows));
      }
      Files.copy(base, f, StandardCopyOption.REPLACE_EXISTING);
      FaultyChannel[] channel = new FaultyChannel[1];
      IOException failure = assertThrows(IOException.class, () -> {
        try (H5File h = H5File.openReadWrite(f, c -> channel[0] = new FaultyChannel(c, failAt))) {
          for (int v = 0; v < versions; v++) {
            h.root().createVirtualDataset("v" + v, spec(v, rows));
          }
        }
        throw new IOException("no fault: " + channel[0].writes() + " writes");
      });
      if (failure.getMessage().startsWith("no fault")) {
        return; // fewer writes than failAt; nothing to check
      }
      List<String> linked = new ArrayList<>();
      try (H5File h = H5File.open(f)) {
        assertArrayEquals(raw, (long[]) h.dataset("raw").read(), "raw after " + failure);
        assertArrayEquals(expected(-1, rows), (long[]) h.dataset("before").read());
        for (int v = 0; v < versions; v++) {
          if (!h.root().contains("v" + v)) {
            break;
          }
          linked.add("v" + v);
          assertArrayEquals(expected(v, rows), (long[]) h.dataset("v" + v).read(),
              "v" + v + " after " + failure);
        }
        for (int v = linked.size(); v < versions; v++) {
          assertTrue(!h.root().contains("v" + v), "v" + v + " after a missing one");
        }
      }
      Oracles.requireH5py();
      // libhdf5 reads every dataset that is linked, each as its mappings say
      String script = "import h5py, sys, numpy as np\n"
          + "f = h5py.File(sys.argv[1], 'r')\n"
          + "rows = int(sys.argv[2])\n"
          + "bad = 0\n"
          + "names = [n for n in f if n != 'raw']\n"
          + "for n in names:\n"
          + "    v = -1 if n == 'before' else int(n[1:])\n"
          + "    d = f[n][()]\n"
          + "    r = (np.arange(rows) * 7 + (v + 1) * 131) % " + ROWS + "\n"
          + "    want = r[:, None] * " + COLS + " + np.arange(" + COLS + ")[None, :]\n"
          + "    bad += int((d != want).sum()) + (0 if d.shape == (rows, " + COLS + ") else 1)\n"
          + "print(len(names), bad)\n";
      String out = Oracles.python(script, f.toString(), String.valueOf(rows)).trim();
      assertEquals((linked.size() + 1) + " 0", out, "h5py after " + failure);
      assertTrue(Oracles.h5dump(f, "-H").contains("before"));
    } finally {
      Files.deleteIfExists(base);
      Files.deleteIfExists(f);
    }
  }

  /** Version {@code v}: row i maps raw row {@link #rawRow}, by one mapChunks call. */
  private static VirtualSpec spec(int v, int rows) {
    long[] coords = new long[2 * rows];
    long[] starts = new long[2 * rows];
    for (int i = 0; i < rows; i++) {
      coords[2 * i] = i;
      starts[2 * i] = rawRow(v, i);
    }
    return VirtualSpec.of(Datatypes.INT64, rows, COLS).fillValue(-1L)
        .mapChunks(".", "/raw", new long[] {1, COLS}, coords, starts);
  }

  /** The values version {@code v} reads: raw holds 0, 1, 2, ... */
  private static long[] expected(int v, int rows) {
    long[] out = new long[rows * COLS];
    for (int i = 0; i < rows; i++) {
      for (int c = 0; c < COLS; c++) {
        out[i * COLS + c] = rawRow(v, i) * COLS + c;
      }
    }
    return out;
  }
}
