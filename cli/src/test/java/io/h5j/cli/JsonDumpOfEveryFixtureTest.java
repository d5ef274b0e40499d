package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code h5j dump --json} of every {@code .h5} file anywhere under {@code fixtures/} (h5py's,
 * libhdf5's own test files, HDF5 2.0's, netCDF's, pandas', versioned-hdf5's, crafted ones) is
 * strict JSON as Python's {@code json} module reads it: one object, no NaN or Infinity
 * literals, no key twice in an object, one entry per path with a {@code kind}.
 */
@OracleTest
class JsonDumpOfEveryFixtureTest {
  /** Exit status by file where it is not 0: a dataset of 2^61 elements nobody reads. */
  private static final Map<String, Integer> EXIT = Map.of("libhdf5-tests/tlayouto.h5", 1);

  /** Prints "valid N" for N entries, or fails with what is wrong. */
  private static final String STRICT_JSON = String.join("\n",
      "import json, sys",
      "def no_constant(name):",
      "    raise ValueError('not JSON: ' + name)",
      "def no_duplicates(pairs):",
      "    keys = [k for k, _ in pairs]",
      "    if len(keys) != len(set(keys)):",
      "        raise ValueError('a key twice: %r' % keys)",
      "    return dict(pairs)",
      "with open(sys.argv[1], encoding='utf-8') as f:",
      "    dump = json.load(f, parse_constant=no_constant, object_pairs_hook=no_duplicates)",
      "assert isinstance(dump, dict), type(dump)",
      "for path, entry in dump.items():",
      "    assert path.startswith('/'), path",
      "    assert isinstance(entry, dict) and isinstance(entry.get('kind'), str), path",
      "print('valid %d' % len(dump))");

  @TempDir
  Path dir;

  static Stream<String> files() throws IOException {
    Path root = Fixtures.dir();
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> p.toString().endsWith(".h5"))
          .map(p -> root.relativize(p).toString()).sorted().toList().stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void dumpIsStrictJson(String name) throws IOException {
    Path file = Fixtures.dir().resolve(name);
    CliRun dump = CliRun.of("dump", "--json", file.toString(), "/");
    assertEquals(EXIT.getOrDefault(name, 0), dump.code(), "exit status: " + dump.err());
    Path json = Files.writeString(dir.resolve("dump.json"), dump.out());
    Oracles.Run r = Oracles.runPython(Path.of(Oracles.PYTHON), STRICT_JSON,
        List.of(json.toString()));
    assertEquals(0, r.exitCode(), r.stderr() + r.stdout());
    assertEquals("valid", r.stdout().split(" ")[0], r.stdout());
  }
}
