package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Every {@code .h5} file of {@code fixtures/}, {@code fixtures/libhdf5-tests/} (files
 * libhdf5's own test suite keeps from old releases), {@code fixtures/crafted/} (legacy forms
 * made byte by byte) and {@code fixtures/other-writers/} (netCDF-4, pandas), dumped by {@code h5j dump --json}: each
 * object h5py reaches is there, and each dataset h5py reads has h5py's shape and values
 * ({@code tools/corpus/compare_dump.py}; references are not compared). What h5j cannot read
 * yet is listed in {@link #KNOWN}, exactly: a file that differs otherwise, or no longer
 * differs there, fails.
 */
@OracleTest
class CorpusDumpTest {
  /** What h5j dump does not show as h5py reads it, today: exit status and differences. */
  private record Known(int exit, List<String> different) {}

  /**
   * By file: a dataset of 2^61 elements (its 32-bit layout dimensions truncated) that neither
   * h5j nor h5py reads.
   */
  private static final Map<String, Known> KNOWN = Map.of(
      "libhdf5-tests/tlayouto.h5", new Known(1, List.of()));

  @TempDir
  Path dir;

  static Stream<String> files() throws IOException {
    Path root = Fixtures.dir();
    List<String> all = new java.util.ArrayList<>();
    for (String folder : List.of("", "libhdf5-tests", "crafted", "other-writers")) {
      try (Stream<Path> files = Files.list(root.resolve(folder))) {
        files.filter(p -> p.toString().endsWith(".h5"))
            .forEach(p -> all.add(root.relativize(p).toString()));
      }
    }
    return all.stream().sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void dumpHoldsWhatH5pyReads(String name) throws IOException {
    Oracles.requireH5py();
    Path file = Fixtures.dir().resolve(name);
    CliRun dump = CliRun.of("dump", "--json", file.toString(), "/");
    Known known = KNOWN.getOrDefault(name, new Known(0, List.of()));
    assertEquals(known.exit(), dump.code(), "h5j dump's exit status: " + dump.err());
    Path json = Files.writeString(dir.resolve("dump.json"), dump.out());
    Oracles.Run r = Oracles.runPython(Path.of(Oracles.PYTHON), Files.readString(
        Fixtures.dir().getParent().resolve("tools/corpus/compare_dump.py")),
        List.of(file.toString(), json.toString()));
    List<String> different = r.stdout().lines().filter(l -> l.startsWith("DIFFERENT")).toList();
    assertEquals(known.different(), different, r.stdout() + r.stderr());
    assertTrue(r.stdout().contains("compared "), "the comparison ran: " + r.stdout()
        + r.stderr());
  }
}
