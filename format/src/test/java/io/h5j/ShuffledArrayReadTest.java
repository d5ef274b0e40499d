package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunk whose last filter to undo is shuffle is unshuffled straight into the Java array a
 * read returns. h5py writes shuffled (and deflated, some with Fletcher-32) 2-D datasets of
 * every element width that takes this path, both byte orders, with edge chunks in both
 * dimensions; h5j must read, whole, by chunk and across chunks, the values the script's
 * formula gives.
 */
@OracleTest
class ShuffledArrayReadTest {
  private static final int ROWS = 37;
  private static final int COLS = 300;

  /** Element i (C order) before the cast to the dataset's type, as the script makes it. */
  private static long value(long i) {
    return ((i * 2654435761L) & 0xffffffffL) - 2147483648L;
  }

  private static final String[] TYPES = {"<i2", ">i2", "<i4", ">i4", "<i8", ">i8", "<f4",
      ">f4", "<f8", ">f8"};

  private static final String SCRIPT = String.join("\n",
      "import h5py, sys, numpy as np",
      "n = " + ROWS + " * " + COLS,
      "v = (((np.arange(n, dtype=np.int64) * 2654435761) & 0xffffffff) - 2147483648)"
          + ".reshape(" + ROWS + ", " + COLS + ")",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  for i, t in enumerate(sys.argv[2:]):",
      "    f.create_dataset(t, data=v.astype(t), chunks=(8, 64), shuffle=True,"
          + " compression='gzip', fletcher32=(i % 2 == 0))");

  @TempDir
  Path dir;

  private static Object expected(String type, long[] box) {
    int n = (int) (box[2] * box[3]);
    Object out = switch (type.substring(1)) {
      case "i2" -> new short[n];
      case "i4" -> new int[n];
      case "i8" -> new long[n];
      case "f4" -> new float[n];
      default -> new double[n];
    };
    for (int r = 0; r < box[2]; r++) {
      for (int c = 0; c < box[3]; c++) {
        long v = value((box[0] + r) * COLS + box[1] + c);
        int k = (int) (r * box[3] + c);
        if (out instanceof short[] s) {
          s[k] = (short) v;
        } else if (out instanceof int[] s) {
          s[k] = (int) v;
        } else if (out instanceof long[] s) {
          s[k] = v;
        } else if (out instanceof float[] s) {
          s[k] = (float) v;
        } else {
          ((double[]) out)[k] = (double) v;
        }
      }
    }
    return out;
  }

  @Test
  void shuffledChunksReadIntoArraysAsH5pyWroteThem() throws Exception {
    Path file = dir.resolve("shuffled.h5");
    String[] args = new String[TYPES.length + 1];
    args[0] = file.toString();
    System.arraycopy(TYPES, 0, args, 1, TYPES.length);
    Oracles.python(SCRIPT, args);
    long[][] boxes = {{0, 0, ROWS, COLS}, {8, 64, 8, 64}, {32, 256, 5, 44}, {0, 256, 8, 44},
        {3, 10, 20, 200}, {36, 0, 1, COLS}, {9, 65, 3, 61}};
    try (H5File f = H5File.open(file)) {
      for (String type : TYPES) {
        Dataset d = f.dataset(type);
        for (long[] b : boxes) {
          Object got = d.read(Selection.box(new long[] {b[0], b[1]}, new long[] {b[2], b[3]}));
          Object want = expected(type, b);
          String what = type + " " + Arrays.toString(b);
          assertEquals(want.getClass(), got.getClass(), what);
          for (int k = 0; k < Array.getLength(want); k++) {
            assertEquals(Array.get(want, k), Array.get(got, k), what + " element " + k);
          }
        }
      }
    }
  }
}
