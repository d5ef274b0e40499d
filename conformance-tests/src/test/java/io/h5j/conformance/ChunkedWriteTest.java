package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.SlabModel;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunked datasets written by h5j (every index type libhdf5 1.10 chooses, filters, partial
 * writes, resizes) read back equal to an in-memory model, in h5j and in libhdf5.
 */
@OracleTest
class ChunkedWriteTest {
  @TempDir
  Path dir;

  /** Filter set-ups libhdf5 here can read: none, deflate, shuffle+deflate, fletcher32, LZF. */
  private static DatasetSpec filters(DatasetSpec spec, int kind) {
    return switch (kind) {
      case 1 -> spec.deflate(4);
      case 2 -> spec.shuffle().deflate(6);
      case 3 -> spec.fletcher32();
      case 4 -> spec.lzf();
      default -> spec;
    };
  }

  @Property(tries = 40)
  void randomChunkedDatasetsMatchTheModelInH5jAndLibhdf5(
      @ForAll @IntRange(min = 1, max = 3) int rank, @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 4) int filterKind, @ForAll boolean oldFormat)
      throws Exception {
    Random rnd = new Random(seed);
    long[] dims = new long[rank];
    long[] max = new long[rank];
    long[] chunks = new long[rank];
    for (int d = 0; d < rank; d++) {
      dims[d] = 1 + rnd.nextInt(9);
      max[d] = rnd.nextInt(4) == 0 ? Dataspace.UNLIMITED : dims[d] + rnd.nextInt(4);
      chunks[d] = 1 + rnd.nextInt(4);
      if (max[d] != Dataspace.UNLIMITED) {
        chunks[d] = Math.min(chunks[d], max[d]);
      }
    }
    Path f = Files.createTempFile("h5j-chunked", ".h5"); // jqwik has no @TempDir
    try {
      check(f, rnd, rank, dims, max, chunks, filterKind, oldFormat);
    } finally {
      Files.deleteIfExists(f);
    }
  }

  private void check(Path f, Random rnd, int rank, long[] dims, long[] max, long[] chunks,
      int filterKind, boolean oldFormat) throws Exception {
    if (oldFormat) {
      Files.copy(Fixtures.file("groups_earliest.h5"), f, StandardCopyOption.REPLACE_EXISTING);
    } else {
      Files.deleteIfExists(f);
    }
    int n = (int) Arrays.stream(dims).reduce(1, (a, b) -> a * b);
    int[] model = new int[n];
    Arrays.fill(model, -5);
    try (H5File h = oldFormat ? H5File.openReadWrite(f) : H5File.create(f)) {
      h.chunkCacheBytes(rnd.nextBoolean() ? 64 : 1 << 20); // tiny: changed chunks spill early
      // big-endian half the time: the bulk copies must honour the byte order
      boolean bigEndian = rnd.nextBoolean();
      Dataset d = h.root().createDataset("x", filters(DatasetSpec.empty(bigEndian
          ? Datatypes.bigEndian(Datatypes.INT32) : Datatypes.INT32, dims)
          .maxShape(max).chunks(chunks).fillValue(-5), filterKind));
      for (int round = 0; round < 3; round++) {
        SlabModel slab = SlabModel.random(rnd, dims);
        int[] values = new int[slab.elementCount()];
        for (int i = 0; i < values.length; i++) {
          values[i] = rnd.nextInt(100_000);
        }
        Selection sel = slab.selection();
        if (rnd.nextBoolean()) {
          d.write(sel, values);
        } else { // the stored bytes from a buffer, direct or not, from an offset position
          writeStored(d, sel, values, bigEndian, rnd);
        }
        slab.apply(model, dims, values);
        assertArrayEquals(values, (int[]) d.read(sel));
        if (round == 1) {
          h.flush(); // commit the index in the middle, edit on top of it
        }
      }
      assertArrayEquals(model, (int[]) d.read());
    }
    try (H5File h = H5File.open(f)) {
      assertArrayEquals(model, (int[]) h.dataset("x").read());
      assertEquals("CHUNKED", h.dataset("x").layoutName());
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "d = h5py.File(sys.argv[1], 'r')['x']",
        "print(' '.join(str(v) for v in d[()].ravel().tolist()))"), f.toString());
    assertEquals(Arrays.stream(model).mapToObj(Integer::toString)
        .reduce((a, b) -> a + " " + b).orElse(""), out.trim());
  }

  /** Writes {@code values} as their stored int32 bytes through {@code write(sel, ByteBuffer)}. */
  static void writeStored(Dataset d, Selection sel, int[] values, boolean bigEndian,
      Random rnd) throws java.io.IOException {
    int skip = rnd.nextInt(5);
    ByteBuffer buf = rnd.nextBoolean() ? ByteBuffer.allocateDirect(skip + 4 * values.length + 2)
        : ByteBuffer.allocate(skip + 4 * values.length + 2);
    buf.position(skip);
    buf.slice().order(bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN).asIntBuffer()
        .put(values);
    d.write(sel, buf);
    assertEquals(skip + 4 * values.length, buf.position(), "position after the write");
  }

  @Test
  void bigChunkedDatasetsOfEveryIndexTypeAndGrowth() throws Exception {
    Path f = dir.resolve("indexes.h5");
    long[] data = new long[5000];
    for (int i = 0; i < data.length; i++) {
      data[i] = i * 7L;
    }
    try (H5File h = H5File.create(f)) {
      h.root().createDataset("fixed", DatasetSpec.of(data).shape(50, 100).chunks(3, 7)
          .shuffle().deflate(1));
      h.root().createDataset("single", DatasetSpec.of(data).shape(50, 100).chunks(50, 100));
      Dataset grow = h.root().createDataset("grow", DatasetSpec.of(data)
          .maxShape(Dataspace.UNLIMITED).chunks(64));
      Dataset two = h.root().createDataset("two", DatasetSpec.of(data).shape(50, 100)
          .maxShape(Dataspace.UNLIMITED, Dataspace.UNLIMITED).chunks(8, 8).lzf());
      h.flush();
      grow.resize(9000);
      long[] tail = new long[4000];
      Arrays.fill(tail, -3);
      grow.write(Selection.box(new long[] {5000}, new long[] {4000}), tail);
      two.resize(60, 90);
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys, numpy as np",
        "f = h5py.File(sys.argv[1], 'r')",
        "a = np.arange(5000, dtype='i8') * 7",
        "print(np.array_equal(f['fixed'][()], a.reshape(50, 100)),",
        "      np.array_equal(f['single'][()], a.reshape(50, 100)),",
        "      f['grow'].shape, np.array_equal(f['grow'][:5000], a), int(f['grow'][5000:].sum()),",
        "      f['two'].shape, np.array_equal(f['two'][:50, :90], a.reshape(50, 100)[:, :90]),",
        "      int(f['two'][50:].sum()))"), f.toString());
    assertEquals("True True (9000,) True -12000 (60, 90) True 0", out.trim());
    String dump = Oracles.h5dump(f, "-p", "-H");
    for (String index : new String[] {"CHUNKED", "SHUFFLE", "DEFLATE"}) {
      assertEquals(true, dump.contains(index), index + " in\n" + dump);
    }
    // h5dump (no LZF plugin) dumps the other datasets' values as raw little-endian bytes
    for (String name : new String[] {"fixed", "single", "grow"}) {
      Path bin = dir.resolve(name + ".bin");
      Oracles.h5dump(f, "-d", "/" + name, "-b", "LE", "-o", bin.toString());
      long[] dumped = new long[(int) (Files.size(bin) / 8)];
      java.nio.ByteBuffer.wrap(Files.readAllBytes(bin)).order(java.nio.ByteOrder.LITTLE_ENDIAN)
          .asLongBuffer().get(dumped);
      try (H5File h = H5File.open(f)) {
        assertArrayEquals((long[]) h.dataset(name).read(), dumped, name);
      }
    }
  }
}
