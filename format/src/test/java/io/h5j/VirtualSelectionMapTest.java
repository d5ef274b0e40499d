package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VirtualSpec#map(String, String, Selection, Selection)}: strided and boxed source
 * hyperslabs placed at numpy-style virtual selections, read back by h5py (libhdf5 1.10).
 */
@OracleTest
class VirtualSelectionMapTest {
  @TempDir Path dir;

  @Test
  void stridedSourcesFillTheVirtualSelectionsAsLibhdf5ReadsThem() throws IOException {
    Path file = dir.resolve("vds.h5");
    try (H5File f = H5File.create(file)) {
      long[] raw = new long[16];
      for (int i = 0; i < raw.length; i++) {
        raw[i] = i;
      }
      f.root().createDataset("raw", DatasetSpec.of(raw));
      VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, 4, 3).fillValue(-1L)
          .map(".", "/raw", Selection.hyperslab(new long[] {0}, new long[] {2},
              new long[] {4}, new long[] {1}), Selection.parse(":, 1"))
          .map(".", "/raw", Selection.box(new long[] {8}, new long[] {4}),
              Selection.parse(":, 0"));
      f.root().createVirtualDataset("v", spec);
      assertArrayEquals(new long[] {8, 0, -1, 9, 2, -1, 10, 4, -1, 11, 6, -1},
          (long[]) f.dataset("v").read());
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "print(h5py.File(sys.argv[1], 'r')['v'][()].tolist())"), file.toString());
    assertEquals("[[8, 0, -1], [9, 2, -1], [10, 4, -1], [11, 6, -1]]", out.trim());
  }

  @Test
  void refusesNumpySourcesAndUnequalCounts() {
    VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, 4, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spec.map(".", "/raw", Selection.parse("::2"), Selection.parse(":, 0")));
    assertEquals(true, e.getMessage().contains("Selection.box"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> spec.map(".", "/raw",
        Selection.box(new long[] {0}, new long[] {3}), Selection.parse(":, 0")));
    assertThrows(IllegalArgumentException.class, () -> spec.map(".", "/raw",
        Selection.box(new long[] {0}, new long[] {4}), Selection.parse("5:, 0")));
  }
}
