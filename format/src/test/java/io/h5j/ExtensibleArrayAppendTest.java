package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.type.Datatypes;
import io.h5j.type.Dataspace;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Many chunks appended along an unlimited axis in each flush (as the versioning layer grows
 * raw_data): the extensible array is updated in place, including data blocks and pages it
 * creates for several new elements at once; h5j and libhdf5 read every chunk back.
 */
@OracleTest
class ExtensibleArrayAppendTest {
  @ParameterizedTest
  @CsvSource({"320, 30, 5", "1000, 100, 5", "10, 1, 60"})
  void chunksAppendedOverManyFlushesReadBack(int first, int step, int flushes)
      throws Exception {
    Path f = Files.createTempFile("h5j-ea-append", ".h5");
    try {
      long rows = 0;
      try (H5File h = H5File.create(f)) {
        Dataset d = h.root().createDataset("raw", DatasetSpec.empty(Datatypes.FLOAT64, 0, 8)
            .maxShape(Dataspace.UNLIMITED, 8).chunks(8, 8));
        for (int c = 0; c < flushes; c++) {
          int add = c == 0 ? first : step;
          d.resize(rows + add * 8L, 8);
          for (int k = 0; k < add; k++) {
            double[] x = new double[64];
            Arrays.fill(x, rows / 8 + k);
            d.write(Selection.box(new long[] {rows + k * 8L, 0}, new long[] {8, 8}), x);
          }
          rows += add * 8L;
          h.flush();
          double[] all = (double[]) h.dataset("raw").read();
          for (int i = 0; i < all.length; i++) {
            assertEquals(i / 64, all[i], "flush " + c + ", element " + i);
          }
        }
      }
      assertEquals("True " + rows, Oracles.python("import h5py, sys, numpy as np; "
          + "d = h5py.File(sys.argv[1], 'r')['raw'][()]; "
          + "print(bool((d == (np.arange(d.size) // 64).reshape(d.shape)).all()), d.shape[0])",
          f.toString()).strip());
    } finally {
      Files.deleteIfExists(f);
    }
  }
}
