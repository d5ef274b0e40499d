package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatypes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunks narrower than the dataset reach the file in one write each, not one per chunk row
 * (issue 19: a 1 GiB write made 262,144 writes of 4 KiB), from arrays and from direct
 * buffers alike; a partial overwrite whose rows leave gaps in the chunk still writes only
 * its own elements. libhdf5 (h5py) checks every value.
 */
@OracleTest
class GatheredChunkWritesTest {
  private static final int ROWS = 256;
  private static final int COLS = 2048;
  /** 64 rows of 512 float64 (4 KiB a row): 16 chunks of 256 KiB, 64 rows each. */
  private static final long[] CHUNK = {64, 512};
  private static final int CHUNKS = (ROWS / 64) * (COLS / 512);
  /** Superblock, header, chunk index and the like, beside one write per chunk. */
  private static final int METADATA_WRITES = 16;

  @TempDir
  Path dir;

  private static double[] values() {
    double[] v = new double[ROWS * COLS];
    for (int i = 0; i < v.length; i++) {
      v[i] = i * 0.5;
    }
    return v;
  }

  /** Creates an empty file, reopens it through a channel that counts writes. */
  private static H5File counted(Path f, FaultyChannel[] channel) throws Exception {
    H5File.create(f).close();
    return H5File.openReadWrite(f, c -> channel[0] = new FaultyChannel(c, Integer.MAX_VALUE));
  }

  /** h5py's verdict on /d of {@code f} against i * 0.5, with the box given negated. */
  private static String libhdf5Check(Path f, String box) throws Exception {
    return Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "a = h5py.File(sys.argv[1], 'r')['d'][()]",
        "e = (np.arange(" + ROWS * COLS + ", dtype='<f8') * 0.5).reshape(" + ROWS + ", "
            + COLS + ")",
        "r0, r1, c0, c1 = " + box,
        "e[r0:r1, c0:c1] *= -1",
        "print(a.shape == e.shape and bool((a == e).all()))"), f.toString()).trim();
  }

  @Test
  void arrayWriteOfNarrowChunksMakesOneWritePerChunk() throws Exception {
    Path f = dir.resolve("array.h5");
    FaultyChannel[] channel = new FaultyChannel[1];
    try (H5File h = counted(f, channel)) {
      int before = channel[0].writes();
      h.root().createDataset("d", DatasetSpec.of(values()).shape(ROWS, COLS).chunks(CHUNK));
      h.flush();
      int writes = channel[0].writes() - before;
      assertTrue(writes <= CHUNKS + METADATA_WRITES, writes + " writes for " + CHUNKS
          + " chunks of 64 rows: rows were written one by one");
    }
    assertEquals("True", libhdf5Check(f, "0, 0, 0, 0"));
  }

  @Test
  void directBufferWriteOfNarrowChunksMakesOneWritePerChunk() throws Exception {
    Path f = dir.resolve("buffer.h5");
    ByteBuffer src = ByteBuffer.allocateDirect(ROWS * COLS * 8).order(ByteOrder.LITTLE_ENDIAN);
    src.asDoubleBuffer().put(values());
    FaultyChannel[] channel = new FaultyChannel[1];
    try (H5File h = counted(f, channel)) {
      Dataset d = h.root().createDataset("d", DatasetSpec.empty(Datatypes.FLOAT64, ROWS, COLS)
          .chunks(CHUNK));
      h.flush();
      int before = channel[0].writes();
      d.write(Selection.all(), src);
      h.flush();
      int writes = channel[0].writes() - before;
      assertEquals(0, src.remaining(), "the buffer's position advanced past the bytes");
      assertTrue(writes <= CHUNKS + METADATA_WRITES, writes + " writes for " + CHUNKS
          + " chunks of 64 rows: rows were written one by one");
    }
    assertEquals("True", libhdf5Check(f, "0, 0, 0, 0"));
  }

  @Test
  void overwriteWithGapsInTheChunkKeepsTheElementsBetween() throws Exception {
    Path f = dir.resolve("gaps.h5");
    // Rows 8..40, columns 100..300 (inside the first chunk column): 32 runs of 200 elements,
    // 312 elements apart in the chunk, written in place.
    int r0 = 8;
    int r1 = 40;
    int c0 = 100;
    int c1 = 300;
    double[] box = new double[(r1 - r0) * (c1 - c0)];
    for (int r = r0, k = 0; r < r1; r++) {
      for (int c = c0; c < c1; c++) {
        box[k++] = -(r * COLS + c) * 0.5;
      }
    }
    try (H5File h = H5File.create(f)) {
      Dataset d = h.root().createDataset("d", DatasetSpec.of(values()).shape(ROWS, COLS)
          .chunks(CHUNK));
      h.flush();
      d.write(Selection.box(new long[] {r0, c0}, new long[] {r1 - r0, c1 - c0}), box);
    }
    assertEquals("True", libhdf5Check(f, r0 + ", " + r1 + ", " + c0 + ", " + c1));
  }
}
