package io.h5j.conformance;

import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Groups and attributes beyond the compact limits switch to dense storage that libhdf5 reads. */
@OracleTest
class DenseStorageTest {
  @TempDir
  Path dir;

  @Test
  void manyLinksAndAttributesGoDenseAndLibhdf5ReadsThem() throws Exception {
    Path f = dir.resolve("dense.h5");
    int links = 2000;
    try (H5File h = H5File.create(f)) {
      Group g = h.root().createGroup("many");
      g.createDataset("data", DatasetSpec.of(new long[] {7}));
      for (int i = 0; i < links; i++) {
        g.createSoftLink(String.format("link%04d", i), "/many/data");
      }
      for (int i = 0; i < 100; i++) {
        g.attributes().put("attr" + i, (long) i * i);
      }
    }
    try (H5File h = H5File.open(f)) {
      Group g = h.group("many");
      assertEquals(links + 1, g.memberNames().size());
      assertEquals(100, g.attributes().names().size());
      assertEquals(99L * 99L, g.attributes().get("attr99"));
      assertEquals(7L, ((long[]) h.dataset("many/link1234").read())[0]);
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "g = h5py.File(sys.argv[1], 'r')['many']",
        "print(len(g), g['link1999'][0], len(g.attrs), g.attrs['attr42'])"), f.toString());
    assertEquals("2001 7 100 1764\n", out);
    Oracles.h5dump(f, "-H");
  }
}
