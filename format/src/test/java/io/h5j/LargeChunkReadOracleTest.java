package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * libhdf5 (through h5py) writes datasets of large chunks (256 KiB and more, where a chunk read
 * alone is shared between the calling thread and the workers: allocation, reading, inflating,
 * checksumming, unshuffling and copying); h5j reads whole chunks, parts of one chunk and
 * stretches over two, as typed arrays, as bytes and into a buffer, and must find the values
 * the script's formula gives.
 */
@OracleTest
class LargeChunkReadOracleTest {
  /** Element i of every dataset: an integer hash of i, exact in float64, poorly compressible. */
  private static double value(long i) {
    return (double) ((i * 2654435761L) & 0xffffffffL) - 2147483648.0;
  }

  private static final String SCRIPT = String.join("\n",
      "import h5py, sys, numpy as np",
      "n = 5 * 65536 + 1000",
      "v = ((np.arange(n, dtype=np.int64) * 2654435761) & 0xffffffff).astype(np.float64)"
          + " - 2147483648.0",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  f.create_dataset('plain', data=v, chunks=(65536,))",
      "  f.create_dataset('gzip', data=v, chunks=(65536,), compression='gzip',"
          + " compression_opts=4)",
      "  f.create_dataset('shuffle', data=v, chunks=(65536,), shuffle=True,"
          + " compression='gzip', compression_opts=1, fletcher32=True)",
      "  f.create_dataset('f4', data=v.astype('<f4'), chunks=(65536,), shuffle=True,"
          + " compression='gzip')",
      "  f.create_dataset('be', data=v.astype('>f8'), chunks=(65536,), shuffle=True,"
          + " compression='gzip')",
      "  f.create_dataset('grid', data=v[:512 * 640].reshape(512, 640), chunks=(256, 320),"
          + " shuffle=True, compression='gzip')",
      "  e = f.create_dataset('sparse', shape=(n,), dtype='<f8', chunks=(65536,),"
          + " compression='gzip', fillvalue=-7.5)",
      "  e[65536:131072] = v[65536:131072]");

  @TempDir
  Path dir;

  @Test
  void chunksReadAloneMatchWhatLibhdf5Wrote() throws Exception {
    Path file = dir.resolve("large.h5");
    Oracles.python(SCRIPT, file.toString());
    long n = 5 * 65536 + 1000;
    Random rnd = new Random(20261129L);
    try (H5File f = H5File.open(file)) {
      for (String name : new String[] {"plain", "gzip", "shuffle", "f4", "be", "sparse"}) {
        Dataset d = f.dataset(name);
        long[][] boxes = {{65536, 65536}, {0, 65536}, {5 * 65536, 1000}, {70000, 30000},
            {65000, 2000}, {131072 + rnd.nextInt(60000), 5000}, {0, n}};
        for (long[] box : boxes) {
          Selection sel = Selection.box(new long[] {box[0]}, new long[] {box[1]});
          double[] want = new double[(int) box[1]];
          for (int k = 0; k < want.length; k++) {
            long i = box[0] + k;
            want[k] = name.equals("sparse") && (i < 65536 || i >= 131072) ? -7.5
                : name.equals("f4") ? (float) value(i) : value(i);
          }
          String what = name + " " + box[0] + "+" + box[1];
          Object got = d.read(sel);
          if (got instanceof float[] fl) {
            for (int k = 0; k < want.length; k++) {
              assertEquals(want[k], fl[k], 0.0, what + " element " + k);
            }
            continue;
          }
          assertArrayEquals(want, (double[]) got, what);
          ByteOrder order = name.equals("be") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
          ByteBuffer buf = ByteBuffer.allocateDirect(want.length * 8 + 16).order(order);
          buf.position(16);
          d.read(sel, buf);
          assertEquals(16 + want.length * 8, buf.position(), what);
          for (int k = 0; k < want.length; k++) {
            assertEquals(want[k], buf.getDouble(16 + 8 * k), 0.0, what + " buffer " + k);
          }
        }
      }
      Dataset grid = f.dataset("grid");
      long[][] boxes = {{0, 0, 256, 320}, {256, 320, 256, 320}, {10, 5, 200, 300},
          {100, 300, 300, 40}, {0, 0, 512, 640}};
      for (long[] b : boxes) {
        double[] got = (double[]) grid.read(Selection.box(new long[] {b[0], b[1]},
            new long[] {b[2], b[3]}));
        for (int r = 0; r < b[2]; r++) {
          for (int c = 0; c < b[3]; c++) {
            assertEquals(value((b[0] + r) * 640 + b[1] + c), got[(int) (r * b[3] + c)], 0.0,
                "grid " + java.util.Arrays.toString(b) + " at " + r + "," + c);
          }
        }
      }
    }
  }
}
