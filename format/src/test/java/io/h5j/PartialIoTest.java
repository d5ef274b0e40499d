package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.SlabModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hyperslab reads and writes of contiguous and compact datasets agree with an array model. */
@OracleTest
class PartialIoTest {
  @TempDir
  Path dir;

  @Property(tries = 200)
  void selectionsReadAndWriteLikeTheModel(@ForAll @IntRange(min = 1, max = 3) int rank,
      @ForAll long seed, @ForAll boolean compact) throws Exception {
    Random rnd = new Random(seed);
    long[] dims = new long[rank];
    int n = 1;
    for (int d = 0; d < rank; d++) {
      dims[d] = 1 + rnd.nextInt(7);
      n *= dims[d];
    }
    int[] model = new int[n];
    Path f = Files.createTempFile("h5j-partial", ".h5");
    try (H5File h = H5File.create(f)) {
      DatasetSpec spec = DatasetSpec.empty(Datatypes.INT32, dims).fillValue(-7)
          .layout(compact ? DatasetSpec.Layout.COMPACT : DatasetSpec.Layout.CONTIGUOUS);
      java.util.Arrays.fill(model, -7);
      Dataset ds = h.root().createDataset("d", spec);
      for (int round = 0; round < 4; round++) {
        SlabModel slab = SlabModel.random(rnd, dims);
        Selection sel = slab.selection();
        int[] values = new int[slab.elementCount()];
        for (int i = 0; i < values.length; i++) {
          values[i] = rnd.nextInt(1000);
        }
        ds.write(sel, values);
        slab.apply(model, dims, values);
        assertArrayEquals(values, (int[]) ds.read(sel), "read back the written selection");
        assertArrayEquals(model, (int[]) ds.read(), "whole dataset after round " + round);
        assertArrayEquals(values, ChunkedReadOracleTest.viaBuffer(ds, slab), "into a buffer");
      }
    }
    try (H5File h = H5File.open(f)) {
      assertArrayEquals(model, (int[]) h.dataset("d").read());
    } finally {
      Files.deleteIfExists(f);
    }
  }

  @Test
  void libhdf5SeesSelectionWrites() throws Exception {
    Path f = dir.resolve("partial.h5");
    try (H5File h = H5File.create(f)) {
      Dataset d = h.root().createDataset("grid", DatasetSpec.empty(Datatypes.FLOAT64, 4, 5));
      d.write(Selection.box(new long[] {1, 1}, new long[] {2, 3}),
          new double[] {1, 2, 3, 4, 5, 6});
      d.write(Selection.hyperslab(new long[] {0, 0}, new long[] {3, 2}, new long[] {2, 3},
          new long[] {1, 1}), new double[] {-1, -2, -3, -4, -5, -6});
    }
    assertEquals("[[-1.0, 0.0, -2.0, 0.0, -3.0], [0.0, 1.0, 2.0, 3.0, 0.0],"
        + " [0.0, 4.0, 5.0, 6.0, 0.0], [-4.0, 0.0, -5.0, 0.0, -6.0]]\n",
        Oracles.python("import h5py,sys; print(h5py.File(sys.argv[1],'r')['grid'][()].tolist())",
            f.toString()));
  }
}
