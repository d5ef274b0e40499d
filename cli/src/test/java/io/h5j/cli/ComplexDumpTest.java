package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.ComplexOracle;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h5j dump} and {@code h5j ls} on HDF5 2.0's complex numbers, in a file libhdf5 2.0
 * (h5py 3.16) writes: the JSON dump holds every value h5py 3.16 reads
 * ({@code tools/corpus/compare_dump.py} run by that h5py), the text dump and the listing
 * succeed. (h5py has no numpy type for complex parts of 2 bytes: /c32 is not compared.)
 */
@OracleTest
class ComplexDumpTest {
  @TempDir
  Path dir;

  @Test
  void jsonDumpHoldsWhatLibhdf5TwoReads() throws IOException {
    Path file = dir.resolve("complex.h5");
    ComplexOracle.write(file);
    CliRun dump = CliRun.of("dump", "--json", file.toString(), "/");
    assertEquals(0, dump.code(), dump.err());
    Path json = Files.writeString(dir.resolve("dump.json"), dump.out());
    Oracles.Run r = Oracles.runPython(Oracles.hdf5v2Python(), Files.readString(
        Fixtures.dir().getParent().resolve("tools/corpus/compare_dump.py")),
        List.of(file.toString(), json.toString()));
    List<String> different = r.stdout().lines().filter(l -> l.startsWith("DIFFERENT")).toList();
    assertEquals(List.of(), different, r.stdout() + r.stderr());
    Matcher m = Pattern.compile("compared (\\d+) datasets").matcher(r.stdout());
    assertTrue(m.find() && Integer.parseInt(m.group(1)) >= 9, r.stdout() + r.stderr());
    assertTrue(dump.out().contains("\"complex128\""), dump.out());
  }

  @Test
  void textDumpAndListingSucceed() throws IOException {
    Path file = dir.resolve("complex.h5");
    ComplexOracle.write(file);
    CliRun text = CliRun.of("dump", file.toString(), "/");
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("3.0-4.0i"), text.out());
    CliRun ls = CliRun.of("ls", "-r", file.toString());
    assertEquals(0, ls.code(), ls.err());
    assertTrue(ls.out().contains("c128_2d_chunked"), ls.out());
    assertTrue(ls.out().contains("named_c128be"), ls.out());
  }
}
