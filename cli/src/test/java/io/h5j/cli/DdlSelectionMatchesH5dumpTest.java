package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * h5dump's object selections ({@code -d}, {@code -g}, {@code -a}) and raw output
 * ({@code -b ORDER -o FILE}) give what h5dump 1.10.8 gives, on a file h5py writes with long
 * rows, several dimensions, strings holding newlines and quotes, compounds, big-endian data and
 * enum values and fill values that name no member (h5dump prints their bytes).
 */
@OracleTest
class DdlSelectionMatchesH5dumpTest {
  @TempDir
  static Path dir;
  static Path file;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("sel.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f['a'] = np.arange(100)",
        "    f['b'] = np.arange(60, dtype='f8').reshape(3, 20) / 3",
        "    f['be'] = np.arange(12, dtype='>i4').reshape(3, 4) * 1000",
        "    f['s'] = np.array([b'ab\"c\\\\', b'x\\ny'])",
        "    f['c'] = np.array([(1, 2.5), (-3, 1e-7)], dtype=[('i', '<i2'), ('x', '<f4')])",
        "    f.attrs['r'] = np.arange(3.0)",
        "    g = f.create_group('g/h')",
        "    f['g'].attrs['t'] = 'hello'",
        "    f['g/h/z'] = np.zeros((2, 2, 3), dtype='u1')",
        "    e2 = h5py.enum_dtype({'A': 1, 'B': 300}, basetype='u2')",
        "    f.create_dataset('e2', data=np.array([1, 300, 513], dtype='u2'), dtype=e2,",
        "        fillvalue=np.array(1027, dtype='u2'))",
        "    e1 = h5py.enum_dtype({'N': -1, 'P': 5}, basetype='i1')",
        "    f.create_dataset('e1', data=np.array([-1, 5, -3], dtype='i1'), dtype=e1,",
        "        fillvalue=np.array(-128, dtype='i1'))"), file.toString());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-d /b", "-d /be", "-d /s", "-d /c", "-d /a -y", "-g /g",
      "-g /g/h", "-a /g/t", "-a /r", "-d /b -H", "-d /be -A", "-g /g -A 0", "-d /e1 -p", "-d /e2 -p"})
  void selectionPrintsWhatH5dumpPrints(String options) throws Exception {
    List<String> args = List.of(options.split(" "));
    String expected = DumpMatchesH5dumpTest.h5dumpReading(file, args);
    assertEquals(expected, run(args).out(), "h5j dump " + options);
  }

  @ParameterizedTest(name = "-b {0}")
  @ValueSource(strings = {"LE", "BE", "FILE", "NATIVE"})
  void binaryOutputIsWhatH5dumpWrites(String order) throws Exception {
    for (String dataset : List.of("/a", "/b", "/be", "/s")) {
      Path theirs = dir.resolve("h5dump-" + order + ".bin");
      Path ours = dir.resolve("h5j-" + order + ".bin");
      String expected = DumpMatchesH5dumpTest.h5dumpReading(file,
          List.of("-d", dataset, "-b", order, "-o", theirs.toString()));
      CliRun r = run(List.of("-d", dataset, "-b", order, "-o", ours.toString()));
      assertEquals(expected, r.out(), dataset + " -b " + order + ": " + r.err());
      assertArrayEquals(Files.readAllBytes(theirs), Files.readAllBytes(ours),
          dataset + " -b " + order);
    }
  }

  private static CliRun run(List<String> options) {
    List<String> args = new ArrayList<>(List.of("dump"));
    args.addAll(options);
    args.add(file.toString());
    return CliRun.of(args.toArray(String[]::new));
  }
}
