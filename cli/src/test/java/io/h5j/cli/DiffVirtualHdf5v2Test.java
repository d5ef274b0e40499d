package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h5j diff} of virtual datasets that libhdf5 2.0 writes (h5py 3.16, libver latest) and
 * h5diff 1.10.8 cannot read (it exits 2 without a word on them): h5j's report is the one
 * h5diff would print, its lines computed here from the values libhdf5 2.0 reads.
 */
@OracleTest
class DiffVirtualHdf5v2Test {
  @TempDir
  Path dir;

  private static final String WRITE = String.join("\n",
      "import sys, os, h5py, numpy as np",
      "os.chdir(sys.argv[1])",
      "for d, changed in (('a', False), ('b', True)):",
      "    os.makedirs(d, exist_ok=True)",
      "    with h5py.File(d + '/src.h5', 'w', libver='latest') as s:",
      "        x = np.arange(30, dtype='f8')",
      "        if changed: x[7] = 0.125",
      "        s['x'] = x",
      "    with h5py.File(d + '/vds.h5', 'w', libver='latest') as h:",
      "        raw = h.create_dataset('raw', data=np.arange(40.0).reshape(10, 4), chunks=(2, 4))",
      "        if changed: raw[3, 1] = -1.25; raw[9, 3] = 1e-7",
      "        lay = h5py.VirtualLayout(shape=(9, 4), dtype='f8')",
      "        here = h5py.VirtualSource('.', 'raw', shape=(10, 4))",
      "        lay[0:2] = here[4:6]; lay[2:6] = here[0:4]; lay[6, :] = here[9]",
      "        src = h5py.VirtualSource('src.h5', 'x', shape=(30,))",
      "        lay[7, 0:3] = src[0:3]; lay[8, 0:3] = src[5:8]",
      "        h.create_virtual_dataset('v', lay, fillvalue=-1)");

  /** h5diff's report lines, from the values h5py (libhdf5 2.0) reads, with Python's C %g. */
  private static final String EXPECTED = String.join("\n",
      "import sys, os, h5py, numpy as np",
      "os.chdir(sys.argv[1])",
      "a = h5py.File('a/vds.h5', 'r')['v'][()]",
      "b = h5py.File('b/vds.h5', 'r')['v'][()]",
      "for i, j in zip(*np.nonzero(a != b)):",
      "    x, y = a[i, j], b[i, j]",
      "    print(('[ %d %d ]          %-15g %-15g %-15g' % (i, j, x, y, abs(x - y))).rstrip())",
      "print(int((a != b).sum()))");

  @Test
  void readsWhatH5diffRefusesAndReportsWhatLibhdf5TwoReads() throws Exception {
    Oracles.requireHdf5v2();
    Oracles.Run w = Oracles.runPython(Oracles.hdf5v2Python(), WRITE, List.of(dir.toString()));
    assertEquals(0, w.exitCode(), w.stderr());
    String a = dir.resolve("a/vds.h5").toString();
    String b = dir.resolve("b/vds.h5").toString();
    Oracles.Run h5diff = Oracles.run(List.of("h5diff", "-r", a, b, "/v"));
    assertEquals(2, h5diff.exitCode(), "h5diff 1.10.8 reads these now?\n" + h5diff.stdout());
    Oracles.Run expected = Oracles.runPython(Oracles.hdf5v2Python(), EXPECTED,
        List.of(dir.toString()));
    assertEquals(0, expected.exitCode(), expected.stderr());
    String[] lines = expected.stdout().strip().split("\n");
    int count = Integer.parseInt(lines[lines.length - 1]);
    StringBuilder report = new StringBuilder("dataset: </v> and </v>\n"
        + "size:           [9x4]           [9x4]\n"
        + "position        v               v               difference          \n"
        + "------------------------------------------------------------\n");
    for (int i = 0; i < lines.length - 1; i++) {
      report.append(lines[i]).append('\n');
    }
    report.append(count).append(" differences found\n");
    CliRun r = CliRun.of("diff", "-r", a, b, "/v");
    assertEquals(report.toString().replaceAll(" +\n", "\n"), r.out().replaceAll(" +\n", "\n"),
        r.err());
    assertEquals(1, r.code());
    assertEquals(3, count, "the pair's three changes, all seen through the mappings");
  }
}
