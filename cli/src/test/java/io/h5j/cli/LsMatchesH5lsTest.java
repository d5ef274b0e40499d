package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code h5j ls} and {@code h5j ls -r} print what h5ls and h5ls -r print, byte for byte: on
 * every fixture, and on a file h5py writes with names h5ls escapes and objects reached by two
 * hard links.
 */
@OracleTest
class LsMatchesH5lsTest {
  @TempDir
  Path dir;

  static Stream<String> files() throws IOException {
    return CorpusDumpTest.files();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void fixtureListsAsH5lsListsIt(String name) throws IOException {
    same(Fixtures.dir().resolve(name));
  }

  @Test
  void escapedNamesAndObjectsSeenAgainListAsH5lsListsThem() throws IOException {
    Path f = dir.resolve("names.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    for i, n in enumerate(['plain', 'with space', 'trailing  ', 'quote\"d', \"apos'x\",",
        "                           'back\\\\slash', 'tab\\tx', 'nl\\nx', 'cr\\rx', 'ctl\\x01\\x7fz',",
        "                           '\\u00fcn\\u00ef', 'comma,x', 'bs\\bff\\f']):",
        "        f[n] = i",
        "    g = f.create_group('sp ace')",
        "    g['d'] = np.zeros((2, 3))",
        "    f['hard'] = g['d']",
        "    f['again'] = g",
        "    g['loop'] = g",
        "    f.create_dataset('null', data=h5py.Empty('f4'))"), f.toString());
    same(f);
  }

  /** Fails unless h5j ls and ls -r print what h5ls and h5ls -r print for {@code file}. */
  static void same(Path file) throws IOException {
    Oracles.requireH5dump(); // h5ls comes with it (hdf5-tools)
    for (List<String> args : List.<List<String>>of(List.of(), List.of("-r"))) {
      List<String> h5lsArgs = new java.util.ArrayList<>(List.of("/usr/bin/h5ls"));
      h5lsArgs.addAll(args);
      h5lsArgs.add(file.toString());
      Oracles.Run h5ls = Oracles.run(h5lsArgs);
      List<String> ourArgs = new java.util.ArrayList<>(List.of("ls"));
      ourArgs.addAll(args);
      ourArgs.add(file.toString());
      CliRun ours = CliRun.of(ourArgs.toArray(String[]::new));
      assertEquals(h5ls.stdout(), ours.out(), "h5j ls " + args + " " + file + ": " + ours.err());
    }
  }
}
