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
 * A virtual dataset's mappings under {@code -p} print as h5dump 1.10.8 prints them, on a file
 * h5py's low-level API writes with selections fixtures lack: an irregular block list, blocks
 * that merge into one regular hyperslab, a strided source, and empty selections.
 */
@OracleTest
class DdlVirtualMappingsMatchH5dumpTest {
  @TempDir
  static Path dir;
  static Path file;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("mappings.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "S = h5py.h5s",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f['src'] = np.arange(20, dtype='i4')",
        "    dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
        "    v = S.create_simple((4, 10))",
        "    v.select_hyperslab((0, 0), (1, 2), op=S.SELECT_SET)",
        "    v.select_hyperslab((2, 5), (2, 2), op=S.SELECT_OR)",
        "    v.select_hyperslab((1, 0), (1, 2), op=S.SELECT_OR)",
        "    s = S.create_simple((20,)); s.select_hyperslab((0,), (4,), stride=(3,), block=(2,))",
        "    dcpl.set_virtual(v, b'.', b'/src', s)",
        "    v = S.create_simple((4, 10))",
        "    v.select_none()",
        "    for r in range(4):",
        "        for c in range(0, 10, 4):",
        "            v.select_hyperslab((r, c), (1, 1), block=(1, 2), op=S.SELECT_OR)",
        "    f['src24'] = np.arange(24, dtype='i4')",
        "    s = S.create_simple((24,)); s.select_hyperslab((0,), (1,), block=(24,))",
        "    dcpl.set_virtual(v, b'.', b'/src24', s)",
        "    v = S.create_simple((4, 10)); v.select_none()",
        "    s = S.create_simple((20,)); s.select_none()",
        "    dcpl.set_virtual(v, b'.', b'/src', s)",
        "    h5py.h5d.create(f.id, b'vds', h5py.h5t.STD_I32LE, S.create_simple((4, 10)),"
            + " dcpl=dcpl).close()"),
        file.toString());
  }

  @ParameterizedTest(name = "options [{0}]")
  @ValueSource(strings = {"-H -p", "-p -d /vds"})
  void mappingsPrintAsH5dumpPrintsThem(String options) throws Exception {
    List<String> args = List.of(options.split(" "));
    String expected = DumpMatchesH5dumpTest.h5dumpReading(file, args);
    List<String> cli = new ArrayList<>(List.of("dump", "--ddl"));
    cli.addAll(args);
    cli.add(file.toString());
    CliRun r = CliRun.of(cli.toArray(String[]::new));
    assertEquals(expected, r.out(), "h5j dump --ddl " + options + ": " + r.err());
  }
}
