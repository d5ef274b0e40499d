package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.Mapping;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Many virtual datasets written in a row, as a versioned commit writes them: each large
 * mapping block is encoded into a reused buffer, checksummed and written off the caller's
 * thread while the next one is encoded. libhdf5 (h5py) must read every one as the mappings
 * say, and h5j must read each back before the file is closed (while the last may still be in
 * flight).
 */
@OracleTest
class VirtualWriteStreamTest {
  private static final int ROWS = 1000;
  private static final int COLS = 4;
  /** Row mappings per large dataset: a block of tens of kilobytes, far above one collection. */
  private static final int MAPPED = 600;
  private static final int VERSIONS = 6;

  /** The raw row that virtual row {@code i} of version {@code v} maps. */
  private static long rawRow(int v, int i) {
    return (i * 7L + v * 131L) % ROWS;
  }

  @Test
  void manyLargeBlocksInARowReadAsMapped() throws Exception {
    Oracles.requireH5py();
    Path file = Files.createTempFile("h5j-vds-stream", ".h5");
    try {
      long[] raw = new long[ROWS * COLS];
      for (int k = 0; k < raw.length; k++) {
        raw[k] = k;
      }
      try (H5File f = H5File.create(file)) {
        f.root().createDataset("raw", DatasetSpec.of(raw).shape(ROWS, COLS));
        for (int v = 0; v < VERSIONS; v++) {
          VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, MAPPED + 1, COLS).fillValue(-1L);
          long[] one = {1, COLS};
          long[] src = new long[2];
          long[] at = new long[2];
          for (int i = 0; i < MAPPED; i++) {
            src[0] = rawRow(v, i); // the same arrays each time: map copies them
            at[0] = i;
            spec.map(".", "/raw", src, at, one);
          }
          if (v % 2 == 1) { // among the boxes, a strided mapping: the last row, every other column
            spec.map(new Mapping(".", "/raw",
                new EncodedSelection.Regular(new Hyperslab(new long[] {v, 0},
                    new long[] {1, 2}, new long[] {1, 2}, new long[] {1, 1})),
                new EncodedSelection.Regular(new Hyperslab(new long[] {MAPPED, 1},
                    new long[] {1, 2}, new long[] {1, 2}, new long[] {1, 1}))));
          }
          f.root().createVirtualDataset("v" + v, spec);
          // read back at once: the block may still be on its way to the file
          long[] back = (long[]) f.dataset("v" + v).read();
          assertEquals(expected(v, 0, 0), back[0]);
          assertEquals(expected(v, MAPPED - 1, COLS - 1), back[MAPPED * COLS - 1]);
        }
        VirtualSpec small = VirtualSpec.of(Datatypes.INT64, 2, COLS).fillValue(-1L)
            .map(".", "/raw", new long[] {5, 0}, new long[] {1, 0}, new long[] {1, COLS});
        f.root().createVirtualDataset("small", small); // a block that shares a collection
      }
      String script = "import h5py, sys, json\n"
          + "f = h5py.File(sys.argv[1], 'r')\n"
          + "print(json.dumps({n: f[n][()].tolist() for n in f if n != 'raw'}))\n";
      JsonNode all = new ObjectMapper().readTree(Oracles.python(script, file.toString()));
      for (int v = 0; v < VERSIONS; v++) {
        JsonNode rows = all.get("v" + v);
        assertEquals(MAPPED + 1, rows.size());
        for (int i = 0; i <= MAPPED; i++) {
          for (int c = 0; c < COLS; c++) {
            assertEquals(expected(v, i, c), rows.get(i).get(c).asLong(),
                "v" + v + "[" + i + "][" + c + "]");
          }
        }
      }
      JsonNode small = all.get("small");
      assertEquals(-1, small.get(0).get(0).asLong());
      assertEquals(5 * COLS + 3, small.get(1).get(3).asLong());
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * Blocks of hundreds of kilobytes, whose bytes are written in two halves while the checksum
   * runs: libhdf5 must read every element where the mappings put it.
   */
  @Test
  void largeBlocksWrittenInPartsReadAsMapped() throws Exception {
    Oracles.requireH5py();
    Path file = Files.createTempFile("h5j-vds-halves", ".h5");
    int rows = 6000; // 6,000 mappings of about 87 bytes: a block of about 520 KB
    try {
      long[] raw = new long[ROWS * COLS];
      for (int k = 0; k < raw.length; k++) {
        raw[k] = k;
      }
      try (H5File f = H5File.create(file)) {
        f.root().createDataset("raw", DatasetSpec.of(raw).shape(ROWS, COLS));
        for (int v = 0; v < 3; v++) {
          long[] coords = new long[2 * rows];
          long[] starts = new long[2 * rows];
          for (int i = 0; i < rows; i++) {
            coords[2 * i] = i;
            starts[2 * i] = rawRow(v, i);
          }
          f.root().createVirtualDataset("w" + v, VirtualSpec.of(Datatypes.INT64, rows, COLS)
              .fillValue(-1L).mapChunks(".", "/raw", new long[] {1, COLS}, coords, starts));
        }
      }
      // each row i of version v is raw row (7 i + 131 v) mod ROWS: values 4 r, 4 r + 1, ...
      String script = "import h5py, sys, numpy as np\n"
          + "f = h5py.File(sys.argv[1], 'r')\n"
          + "bad = 0\n"
          + "for v in range(3):\n"
          + "    d = f['w%d' % v][()]\n"
          + "    r = (np.arange(d.shape[0]) * 7 + v * 131) % " + ROWS + "\n"
          + "    want = r[:, None] * " + COLS + " + np.arange(" + COLS + ")[None, :]\n"
          + "    bad += int((d != want).sum()) + (0 if d.shape == (" + rows + ", " + COLS
          + ") else 1)\n"
          + "print(bad)\n";
      assertEquals("0", Oracles.python(script, file.toString()).trim());
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** The value the mappings put at virtual element (i, c) of version v: raw is 0, 1, 2, ... */
  private static long expected(int v, int i, int c) {
    if (i < MAPPED) {
      return rawRow(v, i) * COLS + c;
    }
    // the last row: raw row v, columns 0 and 2 placed at columns 1 and 3 (odd versions only)
    return v % 2 == 1 && c % 2 == 1 ? (long) v * COLS + (c - 1) : -1;
  }
}
