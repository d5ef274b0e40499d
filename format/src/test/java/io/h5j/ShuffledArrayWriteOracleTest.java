package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatypes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Java arrays written with shuffle + deflate through the chunked writer's workers: libhdf5
 * (through h5py) reads back every value, for 8- and 4-byte elements, little- and big-endian,
 * 2-D chunks made of several runs and partial edge chunks.
 */
@OracleTest
class ShuffledArrayWriteOracleTest {
  private static final int ROWS = 37;
  private static final int COLS = 45;

  /** h5py prints, per dataset, its dtype and the SHA-256 of its values as little-endian bytes. */
  private static final String DIGESTS = String.join("\n",
      "import sys, h5py, hashlib, numpy as np",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    for name in sorted(f):",
      "        x = f[name][...]",
      "        le = x.astype(x.dtype.newbyteorder('<'))",
      "        print(name, x.dtype.str, x.shape, hashlib.sha256(le.tobytes()).hexdigest())");

  @TempDir Path dir;

  @Test
  void h5pyReadsTheValuesOfEveryArrayKind() throws Exception {
    double[] doubles = new double[ROWS * COLS];
    long[] longs = new long[ROWS * COLS];
    float[] floats = new float[ROWS * COLS];
    int[] ints = new int[ROWS * COLS];
    for (int i = 0; i < doubles.length; i++) {
      doubles[i] = i * 0.37 - 100;
      longs[i] = (long) i * 0x0102030405L - (1L << 40);
      floats[i] = i * 1.5f - 7;
      ints[i] = i * 65_537 - 1_000_000;
    }
    Path file = dir.resolve("shuffled.h5");
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("d_le", spec(doubles));
      f.root().createDataset("d_be", spec(doubles).datatype(Datatypes.bigEndian(
          Datatypes.FLOAT64)));
      f.root().createDataset("i64_be", spec(longs).datatype(Datatypes.bigEndian(
          Datatypes.INT64)));
      f.root().createDataset("i64_le", spec(longs));
      f.root().createDataset("f32_le", spec(floats));
      f.root().createDataset("i32_be", spec(ints).datatype(Datatypes.bigEndian(
          Datatypes.INT32)));
    }
    String shape = "(" + ROWS + ", " + COLS + ")";
    String expected = String.join("\n",
        "d_be >f8 " + shape + " " + sha(doubles),
        "d_le <f8 " + shape + " " + sha(doubles),
        "f32_le <f4 " + shape + " " + sha(floats),
        "i32_be >i4 " + shape + " " + sha(ints),
        "i64_be >i8 " + shape + " " + sha(longs),
        "i64_le <i8 " + shape + " " + sha(longs));
    assertEquals(expected, Oracles.python(DIGESTS, file.toString()).trim());
  }

  /** 8 x 16 chunks: whole chunks of 8 runs of 16 elements, partial ones at both edges. */
  private static DatasetSpec spec(Object array) {
    return DatasetSpec.of(array).shape(ROWS, COLS).chunks(8, 16).shuffle().deflate(4);
  }

  /** SHA-256 of the array's values as little-endian bytes, in hex. */
  private static String sha(Object array) throws Exception {
    ByteBuffer b;
    if (array instanceof double[] a) {
      b = ByteBuffer.allocate(a.length * 8).order(ByteOrder.LITTLE_ENDIAN);
      b.asDoubleBuffer().put(a);
    } else if (array instanceof long[] a) {
      b = ByteBuffer.allocate(a.length * 8).order(ByteOrder.LITTLE_ENDIAN);
      b.asLongBuffer().put(a);
    } else if (array instanceof float[] a) {
      b = ByteBuffer.allocate(a.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      b.asFloatBuffer().put(a);
    } else {
      int[] a = (int[]) array;
      b = ByteBuffer.allocate(a.length * 4).order(ByteOrder.LITTLE_ENDIAN);
      b.asIntBuffer().put(a);
    }
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
  }
}
