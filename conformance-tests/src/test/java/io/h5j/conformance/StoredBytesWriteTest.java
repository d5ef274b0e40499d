package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.SlabModel;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Dataset.write(Selection, ByteBuffer)}: stored bytes from a caller's buffer into every
 * layout, read back equal to an in-memory model by h5j and by libhdf5 (h5py).
 */
@OracleTest
class StoredBytesWriteTest {
  @TempDir
  Path dir;

  private static DatasetSpec layout(DatasetSpec spec, int kind, long[] dims, Random rnd) {
    long[] chunks = new long[dims.length];
    for (int d = 0; d < dims.length; d++) {
      chunks[d] = 1 + rnd.nextInt((int) dims[d]);
    }
    return switch (kind) {
      case 0 -> spec.layout(DatasetSpec.Layout.COMPACT);
      case 1 -> spec.layout(DatasetSpec.Layout.CONTIGUOUS);
      case 2 -> spec.chunks(chunks);
      default -> spec.chunks(chunks).shuffle().deflate(3);
    };
  }

  @Property(tries = 40)
  void storedBytesMatchTheModelInH5jAndLibhdf5(@ForAll @IntRange(min = 1, max = 3) int rank,
      @ForAll @IntRange(min = 0, max = 3) int kind, @ForAll long seed) throws Exception {
    Random rnd = new Random(seed);
    long[] dims = new long[rank];
    for (int d = 0; d < rank; d++) {
      dims[d] = 1 + rnd.nextInt(9);
    }
    int n = (int) Arrays.stream(dims).reduce(1, (a, b) -> a * b);
    int[] model = new int[n];
    Arrays.fill(model, -5);
    boolean bigEndian = rnd.nextBoolean();
    Path f = Files.createTempFile("h5j-stored", ".h5"); // jqwik has no @TempDir
    try {
      try (H5File h = H5File.create(f)) {
        Dataset d = h.root().createDataset("x", layout(DatasetSpec.empty(bigEndian
            ? Datatypes.bigEndian(Datatypes.INT32) : Datatypes.INT32, dims).fillValue(-5),
            kind, dims, rnd));
        for (int round = 0; round < 4; round++) {
          SlabModel slab = SlabModel.random(rnd, dims);
          int[] values = rnd.ints(slab.elementCount(), -1000, 1000).toArray();
          ChunkedWriteTest.writeStored(d, slab.selection(), values, bigEndian, rnd);
          slab.apply(model, dims, values);
          assertArrayEquals(values, (int[]) d.read(slab.selection()), "round " + round);
          if (round == 1) {
            h.flush(); // later rounds overwrite chunks already on disk
          }
        }
      }
      try (H5File h = H5File.open(f)) {
        assertArrayEquals(model, (int[]) h.dataset("x").read());
      }
      String out = Oracles.python(String.join("\n",
          "import h5py, sys",
          "print(' '.join(str(v) for v in h5py.File(sys.argv[1], 'r')['x'][()].ravel()))"),
          f.toString());
      assertEquals(Arrays.stream(model).mapToObj(Integer::toString)
          .reduce((a, b) -> a + " " + b).orElse(""), out.trim());
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * Chunks larger than h5j's staging buffers, a partial edge chunk, several chunks per call,
   * in place over chunks already on disk: float64 from one direct buffer.
   */
  @Test
  void manyLargeChunksFromADirectBuffer() throws Exception {
    Path f = dir.resolve("big.h5");
    int chunk = 300_000; // 2.4 MB per chunk
    int n = 4 * chunk + 12_345;
    ByteBuffer buf = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      buf.putDouble(8 * i, i * 0.25);
    }
    try (H5File h = H5File.create(f)) {
      for (String name : new String[] {"plain", "deflate"}) {
        DatasetSpec spec = DatasetSpec.empty(Datatypes.FLOAT64, n).chunks(chunk).fillValue(-1.0);
        Dataset d = h.root().createDataset(name, name.equals("deflate")
            ? spec.shuffle().deflate(1) : spec);
        d.write(Selection.box(new long[] {0}, new long[] {n}), buf.clear());
        h.flush();
        // overwrite the middle, across three chunks, with the negated values
        ByteBuffer part = ByteBuffer.allocateDirect(8 * 2 * chunk).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 2 * chunk; i++) {
          part.putDouble(8 * i, -(chunk / 2 + i) * 0.25);
        }
        d.write(Selection.box(new long[] {chunk / 2}, new long[] {2 * chunk}), part);
        assertEquals(0, part.remaining());
      }
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys, numpy as np",
        "f = h5py.File(sys.argv[1], 'r')",
        "c, n = 300000, 4 * 300000 + 12345",
        "want = np.arange(n) * 0.25",
        "want[c // 2:c // 2 + 2 * c] *= -1",
        "print(np.array_equal(f['plain'][()], want), np.array_equal(f['deflate'][()], want))"),
        f.toString());
    assertEquals("True True", out.trim());
  }

  @Test
  void tooShortABufferOrVariableLengthDataAreRefused() throws Exception {
    Path f = dir.resolve("refused.h5");
    try (H5File h = H5File.create(f)) {
      Dataset d = h.root().createDataset("x", DatasetSpec.empty(Datatypes.INT32, 10));
      ByteBuffer small = ByteBuffer.allocate(39);
      assertThrows(BufferUnderflowException.class,
          () -> d.write(Selection.box(new long[] {0}, new long[] {10}), small));
      assertEquals(0, small.position(), "nothing consumed");
      Dataset s = h.root().createDataset("s", DatasetSpec.of(new String[] {"a", "bc"}));
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> s.write(Selection.box(new long[] {0}, new long[] {1}), ByteBuffer.allocate(64)));
      assertEquals(true, e.getMessage().contains("variable-length"), e.getMessage());
    }
    assertEquals("[0, 0, 0, 0, 0, 0, 0, 0, 0, 0] ['a', 'bc']", Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(f['x'][()].tolist(), [v.decode() for v in f['s'][()]])"), f.toString()).trim());
  }
}
