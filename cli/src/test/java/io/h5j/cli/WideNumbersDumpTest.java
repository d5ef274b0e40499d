package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.WideNumbersOracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h5j dump --json} and {@code h5j ls} on integers wider than 8 bytes and floats wider
 * than 16 (libhdf5 1.10.8 writes them): both succeed, the dump holds every integer as libhdf5's
 * stored bits say, and compare_dump.py finds no difference in what h5py 3.7 reads.
 */
@OracleTest
class WideNumbersDumpTest {
  @TempDir
  Path dir;

  @Test
  void dumpAndListingShowWideNumbers() throws IOException {
    Path file = dir.resolve("wide.h5");
    WideNumbersOracle.write(file);
    CliRun dump = CliRun.of("dump", "--json", file.toString(), "/");
    assertEquals(0, dump.code(), dump.err());
    Map<String, String> oracle = WideNumbersOracle.read(file);
    for (String v : WideNumbersOracle.values(oracle.get("/int256"))) {
      assertTrue(dump.out().contains(v), v + " in " + dump.out());
    }
    Path json = Files.writeString(dir.resolve("dump.json"), dump.out());
    Oracles.Run r = Oracles.runPython(Path.of(Oracles.PYTHON), Files.readString(
        Fixtures.dir().getParent().resolve("tools/corpus/compare_dump.py")),
        List.of(file.toString(), json.toString()));
    assertEquals(List.of(), r.stdout().lines().filter(l -> l.startsWith("DIFFERENT")).toList(),
        r.stdout() + r.stderr());
    assertTrue(r.stdout().contains("compared "), r.stdout() + r.stderr());
    CliRun ls = CliRun.of("ls", file.toString());
    assertEquals(0, ls.code(), ls.err());
    assertTrue(ls.out().contains("float256_in_64_bytes"), ls.out());
  }
}
