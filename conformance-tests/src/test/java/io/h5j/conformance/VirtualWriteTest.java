package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.VirtualSpec;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Virtual datasets written by h5j are read by libhdf5 1.10 (default encoding) and h5j. */
@OracleTest
class VirtualWriteTest {
  @TempDir
  Path dir;

  @Test
  void versionedStyleVirtualDatasetsReadBackInLibhdf5AndH5j() throws Exception {
    Path f = dir.resolve("vds.h5");
    Path compactFile = dir.resolve("vds-compact.h5"); // libhdf5 1.10 cannot read this one
    long[] raw = new long[40 * 4];
    for (int i = 0; i < raw.length; i++) {
      raw[i] = 1000 + i;
    }
    int[] slots = {7, 2, 9, 0, 5, 3, 8, 1};
    long[] expected = new long[12 * 12];
    java.util.Arrays.fill(expected, -1);
    for (boolean compact : new boolean[] {false, true}) {
      try (H5File h = H5File.create(compact ? compactFile : f)) {
        h.root().createDataset("data/raw", DatasetSpec.of(raw).shape(40, 4).chunks(4, 4));
        VirtualSpec spec = VirtualSpec.of(Datatypes.INT64, 12, 12).fillValue(-1L);
        int k = 0;
        for (int i = 0; i < 3; i++) {
          for (int j = 0; j < 3; j++) {
            if (i == 1 && j == 1) {
              continue; // a hole: reads as the fill value
            }
            int r = slots[k++];
            spec.map(".", "/data/raw", new long[] {4L * r, 0}, new long[] {4L * i, 4L * j},
                new long[] {4, 4});
            if (!compact) {
              for (int a = 0; a < 4; a++) {
                for (int b = 0; b < 4; b++) {
                  expected[(4 * i + a) * 12 + 4 * j + b] = raw[(4 * r + a) * 4 + b];
                }
              }
            }
          }
        }
        if (compact) {
          spec.compactEncoding();
        }
        h.root().createVirtualDataset("versions/v1", spec);
      }
    }
    try (H5File h = H5File.open(f)) {
      Dataset v1 = h.dataset("versions/v1");
      assertEquals("VIRTUAL", v1.layoutName());
      assertArrayEquals(expected, (long[]) v1.read());
    }
    try (H5File h = H5File.open(compactFile)) {
      assertArrayEquals(expected, (long[]) h.dataset("versions/v1").read(), "compact block");
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "d = h5py.File(sys.argv[1], 'r')['versions/v1']",
        "print(d.is_virtual, len(d.virtual_sources()),",
        "      ' '.join(str(v) for v in d[()].ravel().tolist()))"), f.toString());
    StringBuilder want = new StringBuilder("True 8 ");
    for (int i = 0; i < expected.length; i++) {
      want.append(i > 0 ? " " : "").append(expected[i]);
    }
    assertEquals(want.toString(), out.trim());
    Oracles.h5dump(f, "-d", "/versions/v1");
  }
}
