package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.Hyperslab;
import io.h5j.format.vds.Mapping;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The extent of a virtual dataset with unlimited mappings is kept per open file, and follows
 * its sources when they change through the same file: a resized source and a new printf-named
 * one show in the next {@code shape()}, as h5py sees them after close.
 */
@OracleTest
class VirtualExtentCacheTest {
  private static final long U = EncodedSelection.UNLIMITED;

  private static EncodedSelection.Regular regular(long[] start, long[] stride, long[] count,
      long[] block) {
    return new EncodedSelection.Regular(new Hyperslab(start, stride, count, block));
  }

  @Test
  void theExtentFollowsSourcesChangedThroughTheSameFile() throws Exception {
    Path file = Files.createTempFile("vds-extent", ".h5");
    try {
      try (H5File f = H5File.create(file)) {
        int[] g = new int[20];
        for (int i = 0; i < g.length; i++) {
          g[i] = 500 + i;
        }
        f.root().createDataset("src/growing", DatasetSpec.of(g).shape(5, 4).chunks(2, 4)
            .maxShape(Dataspace.UNLIMITED, 4));
        f.root().createDataset("p/p0", DatasetSpec.of(new int[] {1, 2, 3}).shape(1, 3));
        f.root().createVirtualDataset("unlimited", VirtualSpec.of(Datatypes.INT32, 0, 4)
            .maxShape(Dataspace.UNLIMITED, 4).fillValue(-1)
            .map(new Mapping(".", "/src/growing",
                regular(new long[] {0, 0}, new long[] {1, 1}, new long[] {1, 1},
                    new long[] {U, 4}),
                regular(new long[] {0, 0}, new long[] {3, 1}, new long[] {U, 1},
                    new long[] {2, 4}))));
        f.root().createVirtualDataset("printf", VirtualSpec.of(Datatypes.INT32, 0, 3)
            .maxShape(Dataspace.UNLIMITED, 3).fillValue(-2)
            .map(new Mapping(".", "/p/p%b", EncodedSelection.All.INSTANCE,
                regular(new long[] {0, 0}, new long[] {1, 1}, new long[] {U, 1},
                    new long[] {1, 3}))));
      }
      try (H5File f = H5File.openReadWrite(file)) {
        Dataset u = f.dataset("unlimited");
        Dataset p = f.dataset("printf");
        assertArrayEquals(new long[] {7, 4}, u.shape()); // rows 0, 1, 3, 4, 6
        assertArrayEquals(new long[] {7, 4}, u.shape());
        assertArrayEquals(new long[] {1, 3}, p.shape());
        Dataset src = f.dataset("src/growing");
        src.resize(8, 4);
        src.write(Selection.box(new long[] {5, 0}, new long[] {3, 4}),
            new int[] {600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610, 611});
        assertArrayEquals(new long[] {11, 4}, u.shape()); // rows 0 1 3 4 6 7 9 10
        assertArrayEquals(new int[] {608, 609, 610, 611},
            (int[]) u.read(Selection.box(new long[] {10, 0}, new long[] {1, 4})));
        f.root().createDataset("p/p1", DatasetSpec.of(new int[] {4, 5, 6}).shape(1, 3));
        assertArrayEquals(new long[] {2, 3}, p.shape());
        assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, (int[]) p.read());
      }
      String out = Oracles.python(String.join("\n",
          "import h5py, sys",
          "with h5py.File(sys.argv[1], 'r') as f:",
          "  print(f['unlimited'].shape, f['unlimited'][10].tolist(), f['printf'].shape,"
              + " f['printf'][()].ravel().tolist())"), file.toString());
      assertEquals("(11, 4) [608, 609, 610, 611] (2, 3) [1, 2, 3, 4, 5, 6]", out.trim());
    } finally {
      Files.delete(file);
    }
  }
}
