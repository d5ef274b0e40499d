package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.format.H5FormatException;

import io.h5j.format.chunk.ChunkRecord;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unfiltered chunks of files opened read-only are copied from a memory mapping of the file
 * (runs of 64 KiB and more). h5py writes datasets whose chunks have such runs, edge chunks in
 * one and two dimensions and big-endian elements; h5j must read the values the script's
 * formula gives, read-only (mapped) and read-write (not mapped) alike, and a file cut short
 * before or while it is mapped must end in {@link H5FormatException} naming the dataset.
 */
@OracleTest
class MappedChunkReadTest {
  /** Element i of every dataset (cast to its type as numpy casts an int64). */
  private static long value(long i) {
    return ((i * 2654435761L) & 0xffffffffL) - 2147483648L;
  }

  private static final String SCRIPT = String.join("\n",
      "import h5py, sys, numpy as np",
      "def v(n):",
      "  return ((np.arange(n, dtype=np.int64) * 2654435761) & 0xffffffff) - 2147483648",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  f.create_dataset('le', data=v(5 * 30000).reshape(5, 30000).astype('<f8'),"
          + " chunks=(2, 16384))",
      "  f.create_dataset('be', data=v(5 * 30000).reshape(5, 30000).astype('>f8'),"
          + " chunks=(2, 16384))",
      "  f.create_dataset('i4', data=v(3 * 65536 + 20000).astype('<i4'), chunks=(65536,))",
      "  f.create_dataset('i2be', data=v(2 * 65536 + 40000).astype('>i2'),"
          + " chunks=(65536,))",
      "with h5py.File(sys.argv[2], 'w') as f:",
      "  f.create_dataset('x', data=v(4 * 16384).astype('<f8'), chunks=(16384,))");

  @TempDir
  Path dir;

  private Path[] files() throws Exception {
    Path main = dir.resolve("mapped.h5");
    Path small = dir.resolve("short.h5");
    Oracles.python(SCRIPT, main.toString(), small.toString());
    return new Path[] {main, small};
  }

  @Test
  void mappedAndUnmappedReadsGiveWhatH5pyWrote() throws Exception {
    Path file = files()[0];
    for (boolean readOnly : new boolean[] {true, false}) {
      try (H5File f = readOnly ? H5File.open(file) : H5File.openReadWrite(file)) {
        String how = readOnly ? "read-only" : "read-write";
        for (String name : new String[] {"le", "be"}) {
          Dataset d = f.dataset(name);
          long[][] boxes = {{0, 0, 2, 16384}, {4, 16384, 1, 13616}, {2, 16384, 2, 13616},
              {0, 0, 5, 30000}, {1, 100, 3, 29000}, {3, 16000, 2, 1000}};
          for (long[] b : boxes) {
            Selection sel = Selection.box(new long[] {b[0], b[1]}, new long[] {b[2], b[3]});
            double[] got = (double[]) d.read(sel);
            double[] want = new double[(int) (b[2] * b[3])];
            for (int r = 0; r < b[2]; r++) {
              for (int c = 0; c < b[3]; c++) {
                want[(int) (r * b[3] + c)] = value((b[0] + r) * 30000 + b[1] + c);
              }
            }
            String what = how + " " + name + " " + java.util.Arrays.toString(b);
            assertArrayEquals(want, got, what);
            ByteOrder order = name.equals("be") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            ByteBuffer heap = ByteBuffer.allocate(want.length * 8 + 8).order(order);
            heap.position(8);
            d.read(sel, heap);
            for (int k = 0; k < want.length; k++) {
              assertEquals(want[k], heap.getDouble(8 + 8 * k), 0.0, what + " heap buffer " + k);
            }
          }
        }
        int[] i4 = (int[]) f.dataset("i4").read(Selection.box(new long[] {3 * 65536},
            new long[] {20000}));
        for (int k = 0; k < i4.length; k++) {
          assertEquals((int) value(3 * 65536 + k), i4[k], how + " i4 edge chunk " + k);
        }
        short[] i2 = (short[]) f.dataset("i2be").read();
        for (int k = 0; k < i2.length; k++) {
          assertEquals((short) value(k), i2[k], how + " i2be " + k);
        }
      }
    }
  }

  @Test
  void aFileCutShortEndsInH5FormatExceptionNamingTheChunk() throws Exception {
    Path file = files()[1];
    ChunkRecord last;
    try (H5File f = H5File.open(file)) {
      List<ChunkRecord> chunks = f.dataset("x").chunkRecords();
      assertEquals(4, chunks.size());
      last = chunks.stream().max(Comparator.comparingLong(ChunkRecord::address)).get();
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(last.address() + 16384 * 8 - 1000); // the last 1000 bytes of a chunk gone
    }
    try (H5File f = H5File.open(file)) {
      Dataset x = f.dataset("x");
      long lastStart = last.offset()[0];
      long other = lastStart == 0 ? 16384 : 0;
      double[] ok = (double[]) x.read(Selection.box(new long[] {other}, new long[] {16384}));
      assertEquals((double) value(other + 5), ok[5]);
      H5FormatException e = assertThrows(H5FormatException.class, () -> x.read(
          Selection.box(new long[] {lastStart}, new long[] {16384})));
      assertTrue(e.getMessage().contains("chunk [" + lastStart + "] of dataset /x"),
          e.getMessage());
    }
  }

  @Test
  void aFileCutShortWhileMappedEndsInH5FormatException() throws Exception {
    Path file = files()[1];
    try (H5File f = H5File.open(file)) {
      Dataset x = f.dataset("x");
      List<ChunkRecord> chunks = x.chunkRecords();
      ChunkRecord first = chunks.stream().min(Comparator.comparingLong(ChunkRecord::address))
          .get();
      ChunkRecord last = chunks.stream().max(Comparator.comparingLong(ChunkRecord::address))
          .get();
      long firstStart = first.offset()[0];
      double[] before = (double[]) x.read(Selection.box(new long[] {firstStart},
          new long[] {16384})); // maps the file as it is now
      assertEquals((double) value(firstStart + 7), before[7]);
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
        ch.truncate(last.address()); // another process cuts the file under the mapping
      }
      H5FormatException e = assertThrows(H5FormatException.class, () -> x.read(
          Selection.box(new long[] {last.offset()[0]}, new long[] {16384})));
      // named by the size check before the copy, built only for the error
      assertTrue(e.getMessage().contains("chunk of dataset /x"), e.getMessage());
    }
    assertTrue(Files.size(file) > 0);
  }
}
