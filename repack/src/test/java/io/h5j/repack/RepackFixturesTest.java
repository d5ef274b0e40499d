package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every fixture (written by h5py) survives a repack, as libhdf5's tools judge it. */
@OracleTest
class RepackFixturesTest {
  static List<String> fixtures() {
    return Fixtures.files();
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void repackedFixtureHasTheSameContent(String name) throws IOException {
    Path in = Fixtures.file(name);
    byte[] before = Files.readAllBytes(in);
    Path out = RepackOracle.besideFixtures(name);
    RepackReport report = Repacker.builder().build().repack(in, out);
    assertTrue(report.objects() > 0, report::toString);
    assertArrayEquals(before, Files.readAllBytes(in), "the input must not change");
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void virtualDatasetsReadTheSameValuesInH5py(String name) throws IOException {
    Path in = Fixtures.file(name);
    Path out = RepackOracle.besideFixtures(name);
    Repacker.builder().build().repack(in, out);
    // h5diff skips virtual datasets; h5py reads them through libhdf5's VDS code
    String script = String.join("\n",
        "import sys, h5py, numpy as np",
        "found = []",
        "def visit(f):",
        "    out = []",
        "    def v(n, o):",
        "        if isinstance(o, h5py.Dataset) and o.is_virtual:",
        "            out.append((n, o[()]))",
        "    f.visititems(v)",
        "    return out",
        "a = visit(h5py.File(sys.argv[1], 'r'))",
        "b = visit(h5py.File(sys.argv[2], 'r'))",
        "assert [n for n, _ in a] == [n for n, _ in b], (a, b)",
        "for (n, x), (_, y) in zip(a, b):",
        "    assert np.array_equal(x, y, equal_nan=True), (n, x, y)",
        "print(len(a))");
    String count = Oracles.python(script, in.toString(), out.toString()).trim();
    assertEquals(Long.toString(Repacker.builder().build().repack(in,
        RepackOracle.besideFixtures(name)).virtualDatasets()), count);
  }
}
