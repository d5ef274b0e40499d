package io.h5j.conformance;

import io.h5j.Dataset;
import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** h5j writes, h5j and libhdf5 (h5dump, h5py) read back the same values. */
@OracleTest
class WriteReadTest {
  @TempDir
  Path dir;

  private Path writeSample(int superblock) throws Exception {
    Path f = dir.resolve("sample" + superblock + ".h5");
    try (H5File h = H5File.create(f, superblock)) {
      Group g = h.root().createGroup("a/b");
      g.createDataset("ints", DatasetSpec.of(new int[] {1, 2, 3, 4, 5, 6}).shape(2, 3));
      h.root().createDataset("compact", DatasetSpec.of(new double[] {0.5, 1.5})
          .layout(DatasetSpec.Layout.COMPACT));
      h.root().createDataset("unwritten", DatasetSpec.empty(Datatypes.INT16, 4).fillValue(
          (short) 7));
      h.root().createDataset("names", DatasetSpec.of(new String[] {"alpha", "βeta"}));
      h.root().attributes().put("title", "demo");
      h.root().attributes().put("range", new double[] {-1, 1});
      g.attributes().put("count", 42L);
      h.root().createSoftLink("soft", "/a/b/ints");
      h.root().createExternalLink("ext", "other.h5", "/x");
    }
    return f;
  }

  @Test
  void readsBackWhatItWrote() throws Exception {
    Path f = writeSample(3);
    try (H5File h = H5File.open(f)) {
      assertEquals(List.of("a", "compact", "unwritten", "names", "soft", "ext"),
          h.root().memberNames());
      Dataset ints = h.dataset("a/b/ints");
      assertArrayEquals(new long[] {2, 3}, ints.shape());
      assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, (int[]) ints.read());
      assertArrayEquals(new double[] {0.5, 1.5}, (double[]) h.dataset("compact").read());
      assertEquals("COMPACT", h.dataset("compact").layoutName());
      assertArrayEquals(new short[] {7, 7, 7, 7}, (short[]) h.dataset("unwritten").read());
      assertArrayEquals(new String[] {"alpha", "βeta"}, (String[]) h.dataset("names").read());
      assertEquals("demo", h.root().attributes().get("title"));
      assertEquals(42L, h.group("a/b").attributes().get("count"));
      assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, (int[]) h.dataset("soft").read());
      assertTrue(!h.root().contains("ext"), "external target file does not exist");
    }
  }

  @Test
  void h5dumpAndH5pyReadTheSameValues() throws Exception {
    for (int sb : new int[] {2, 3}) {
      Path f = writeSample(sb);
      String dump = Oracles.h5dump(f);
      assertTrue(dump.contains("\"demo\""), dump);
      String out = Oracles.python(String.join("\n",
          "import h5py, sys",
          "f = h5py.File(sys.argv[1], 'r')",
          "print(f['a/b/ints'][()].tolist())",
          "print(f['compact'][()].tolist())",
          "print(f['unwritten'][()].tolist())",
          "print([s.decode() for s in f['names'][()]])",
          "print(f.attrs['title'], f.attrs['range'].tolist(), f['a/b'].attrs['count'])",
          "print(f['soft'][()].tolist())",
          "print(f.get('ext', getlink=True).filename, f.get('ext', getlink=True).path)"),
          f.toString());
      assertEquals(String.join("\n",
          "[[1, 2, 3], [4, 5, 6]]",
          "[0.5, 1.5]",
          "[7, 7, 7, 7]",
          "['alpha', 'βeta']",
          "demo [-1.0, 1.0] 42",
          "[[1, 2, 3], [4, 5, 6]]",
          "other.h5 /x") + "\n", out);
    }
  }

  @Test
  void readOnlyFilesRefuseChanges() throws Exception {
    Path f = writeSample(3);
    try (H5File h = H5File.open(f)) {
      assertThrows(IllegalStateException.class, () -> h.root().createGroup("x"));
    }
  }

  @Test
  void editsAFileTwiceAndLibhdf5StillReadsIt() throws Exception {
    Path f = writeSample(3);
    try (H5File h = H5File.openReadWrite(f)) {
      h.root().delete("compact");
      h.root().rename("unwritten", "filled");
      h.dataset("filled").write(new short[] {1, 2, 3, 4});
      h.root().attributes().put("title", "edited");
      h.root().attributes().remove("range");
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(sorted(f.keys()), f['filled'][()].tolist(), dict(f.attrs))"), f.toString());
    assertEquals("['a', 'ext', 'filled', 'names', 'soft'] [1, 2, 3, 4] {'title': 'edited'}\n",
        out);
  }
}
