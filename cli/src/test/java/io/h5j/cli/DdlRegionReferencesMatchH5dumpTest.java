package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Region references print as h5dump 1.10.8 prints them, on a file h5py writes: one block,
 * strided blocks, points, the whole dataset, null references, in datasets and in scalar and
 * 2-D attributes, and long block and point lists (h5dump's wrapping) at several depths.
 */
@OracleTest
class DdlRegionReferencesMatchH5dumpTest {
  @TempDir
  static Path dir;
  static Path file;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("regions.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "dt = h5py.regionref_dtype",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    t = f.create_dataset('target', data=np.arange(60, dtype='i4').reshape(6, 10))",
        "    line = f.create_dataset('g/line', data=np.arange(8, dtype='f8'))",
        "    big = f.create_dataset('big', data=np.arange(1000, dtype='i4').reshape(10, 100))",
        "    sel = np.zeros((6, 10), bool); sel[0, 0] = sel[5, 9] = sel[2, 3] = True",
        "    many = np.zeros((10, 100), bool); many[::3, ::9] = True",
        "    refs = [t.regionref[1:3, 2:5], t.regionref[0:6:2, 1:9:3], line.regionref[2:7],",
        "            h5py.h5r.RegionReference(), t.regionref[...], t.regionref[sel],",
        "            big.regionref[many], big.regionref[0:10:2, 0:100:7]]",
        "    f.create_dataset('refs', data=np.array(refs, dtype=object), dtype=dt)",
        "    f.attrs.create('one', t.regionref[0:2, 0:2], dtype=dt)",
        "    grid = np.array([[refs[0], refs[3]], [line.regionref[0:1], refs[5]]], dtype=object)",
        "    t.attrs.create('grid', grid, dtype=dt)",
        "    g = f",
        "    for depth in range(4):",
        "        g = g.create_group('d')",
        "        g.create_dataset('r', data=np.array(refs[6:], dtype=object), dtype=dt)",
        "        g.attrs.create('a', np.array(refs[1:3], dtype=object), dtype=dt)"),
        file.toString());
  }

  @ParameterizedTest(name = "options [{0}]")
  @ValueSource(strings = {"", "-y", "-A", "-d /refs", "-a /target/grid", "-g /d/d"})
  void regionReferencesPrintAsH5dumpPrintsThem(String options) throws Exception {
    List<String> args = options.isEmpty() ? List.of() : List.of(options.split(" "));
    String expected = DumpMatchesH5dumpTest.h5dumpReading(file, args);
    List<String> cli = new ArrayList<>(List.of("dump", "--ddl"));
    cli.addAll(args);
    cli.add(file.toString());
    CliRun r = CliRun.of(cli.toArray(String[]::new));
    assertEquals(expected, r.out(), "h5j dump --ddl " + options + ": " + r.err());
  }
}
