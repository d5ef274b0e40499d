package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.DatasetSpec;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.VirtualSpec;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verify's memory stays within a small heap however large the objects it compares: a few
 * dozen virtual datasets of 20,000 mappings each (some 2 MiB decoded per block and file, all
 * of which the library would keep while the files stay open) are compared in a JVM of 128 MiB.
 */
@OracleTest
class VerifyMemoryTest {
  private static final int DATASETS = 40;
  private static final int MAPPINGS = 20_000;

  @TempDir
  Path dir;

  @Test
  void largeMappingBlocksAreComparedInASmallHeap() throws Exception {
    Path in = dir.resolve("in.h5");
    try (H5File f = H5File.create(in)) {
      int[] raw = new int[MAPPINGS];
      for (int i = 0; i < MAPPINGS; i++) {
        raw[i] = i * 3;
      }
      f.root().createDataset("raw", DatasetSpec.of(raw));
      Group v = f.root().createGroup("v");
      long[] coords = new long[MAPPINGS];
      long[] starts = new long[MAPPINGS];
      for (int d = 0; d < DATASETS; d++) {
        for (int i = 0; i < MAPPINGS; i++) {
          coords[i] = i;
          starts[i] = (i * 7919L + d) % MAPPINGS; // a permutation, another per dataset
        }
        v.createVirtualDataset(String.format("%02d", d), VirtualSpec.of(Datatypes.INT32,
            MAPPINGS).mapChunks(".", "/raw", new long[] {1}, coords, starts));
      }
    }
    Path out = dir.resolve("out.h5");
    Repacker.builder().build().repack(in, out);
    // libhdf5 reads the virtual datasets of both files as the mappings say
    String script = String.join("\n", "import sys, h5py, numpy as np",
        "i = np.arange(" + MAPPINGS + ")",
        "for p in sys.argv[1:]:",
        "    with h5py.File(p, 'r') as f:",
        "        ok = all(np.array_equal(f['v/%02d' % d][()], ((i * 7919 + d) % " + MAPPINGS
            + ") * 3) for d in (0, 7, " + (DATASETS - 1) + "))",
        "        print('ok' if ok and len(f['v']) == " + DATASETS + " else 'differs: ' + p)");
    Oracles.assertAllOk(Oracles.python(script, in.toString(), out.toString()), 2, "files");
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
        "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        VerifyMemoryTest.class.getName(), in.toString(), out.toString()));
    Oracles.Run r = Oracles.run(cmd);
    assertEquals(0, r.exitCode(), r.stdout() + r.stderr());
    assertEquals("[]", r.stdout().strip());
  }

  /** The verify in the small JVM: prints the differences found. */
  public static void main(String[] args) throws Exception {
    System.out.println(RepackVerifier.compare(Path.of(args[0]), Path.of(args[1]), 20));
  }
}
