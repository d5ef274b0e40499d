package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Source files of a virtual dataset are looked for as libhdf5 looks for them: under the
 * folders of {@code HDF5_VDS_PREFIX} first, then beside the virtual dataset's file. Two files
 * of one name, one beside and one under the prefix, tell the order apart; h5py, run with the
 * same environment variable, is the judge.
 */
@OracleTest
class VirtualSourcePrefixTest {
  private static final String READ = String.join("\n",
      "import h5py, sys",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "  print(f['v'][()].tolist())");

  @Test
  void thePrefixComesBeforeTheFilesFolder() throws Exception {
    Path root = Files.createTempDirectory("vds-prefix");
    Path dir = Files.createDirectories(root.resolve("data"));
    Path pre = Files.createDirectories(root.resolve("pre"));
    Path sub = Files.createDirectories(dir.resolve("sub"));
    Path elsewhere = Files.createDirectories(root.resolve("cwd")); // python's working folder
    List<Path> made = new ArrayList<>();
    try {
      made.add(source(dir.resolve("src.h5"), 1));
      made.add(source(pre.resolve("src.h5"), 7));
      made.add(source(pre.resolve("only_prefixed.h5"), 4));
      made.add(source(sub.resolve("src.h5"), 10));
      Path vds = dir.resolve("vds.h5");
      made.add(vds);
      try (H5File f = H5File.create(vds)) {
        f.root().createVirtualDataset("v", VirtualSpec.of(Datatypes.INT32, 6).fillValue(-1)
            .map("src.h5", "/d", new long[] {0}, new long[] {0}, new long[] {3})
            .map("only_prefixed.h5", "/d", new long[] {0}, new long[] {3}, new long[] {3}));
      }
      String[] prefixes = {null, pre.toString(), root.resolve("nothing") + ":" + pre,
          "${ORIGIN}/sub"};
      String[] libhdf5 = {"[1, 2, 3, -1, -1, -1]", "[7, 8, 9, 4, 5, 6]", "[7, 8, 9, 4, 5, 6]",
          "[10, 11, 12, -1, -1, -1]"};
      for (int k = 0; k < prefixes.length; k++) {
        List<String> cmd = new ArrayList<>(List.of("env"));
        cmd.add(prefixes[k] == null ? "-u" : "HDF5_VDS_PREFIX=" + prefixes[k]);
        if (prefixes[k] == null) {
          cmd.add("HDF5_VDS_PREFIX");
        }
        cmd.addAll(List.of("sh", "-c", "cd \"$0\" && exec \"$1\" -c \"$2\" \"$3\"",
            elsewhere.toString(), Oracles.PYTHON, READ, vds.toString()));
        Oracles.requireH5py();
        Oracles.Run r = Oracles.run(cmd);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(libhdf5[k], r.stdout().trim(), "h5py with HDF5_VDS_PREFIX=" + prefixes[k]);
        try (H5File f = H5File.open(vds).fillMissingVirtualSources(true)) {
          f.vdsPrefix(prefixes[k]);
          assertEquals(libhdf5[k], Arrays.toString((int[]) f.dataset("v").read()),
              "h5j with HDF5_VDS_PREFIX=" + prefixes[k]);
        }
      }
    } finally {
      for (Path p : made) {
        Files.deleteIfExists(p);
      }
      for (Path d : new Path[] {sub, dir, pre, elsewhere, root}) {
        Files.deleteIfExists(d);
      }
    }
  }

  private static Path source(Path file, int first) throws Exception {
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("d", DatasetSpec.of(new int[] {first, first + 1, first + 2}));
    }
    return file;
  }
}
