package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.WideNumbersOracle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code h5j ls -r} prints what {@code h5ls -r} prints, byte for byte, on files that tests
 * write rather than keep: h5j's own (every fixture repacked by {@code h5j repack}), PyTables'
 * (a Table, arrays and attributes with LZO), and libhdf5's through h5py's low-level API
 * (integers and floats wider than 16 bytes, a huge bounded maximum shape, references to a
 * deleted dataset).
 */
@OracleTest
class LsOfWrittenFilesTest {
  @TempDir
  Path dir;

  static Stream<String> fixtures() throws IOException {
    return CorpusDumpTest.files();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void repackedFixtureListsAsH5lsListsIt(String name) throws IOException {
    Path out = dir.resolve("repacked.h5");
    CliRun repack = CliRun.of("repack", Fixtures.dir().resolve(name).toString(), out.toString());
    assertEquals(0, repack.code(), repack.err());
    LsMatchesH5lsTest.same(out);
  }

  @Test
  void pyTablesFileListsAsH5lsListsIt() throws IOException {
    Path f = dir.resolve("pytables.h5");
    Oracles.python(String.join("\n",
        "import sys, tables, numpy as np",
        "class Row(tables.IsDescription):",
        "    name = tables.StringCol(8)",
        "    x = tables.Float64Col()",
        "    n = tables.Int32Col(shape=(2,))",
        "lzo = tables.Filters(complevel=5, complib='lzo', shuffle=True)",
        "with tables.open_file(sys.argv[1], 'w', title='a title') as h:",
        "    g = h.create_group('/', 'run 1', 'a group with a space')",
        "    t = h.create_table(g, 'table', Row, filters=lzo)",
        "    for i in range(100):",
        "        t.row['name'] = 'r%d' % i",
        "        t.row['x'] = i / 3",
        "        t.row['n'] = (i, -i)",
        "        t.row.append()",
        "    t.attrs.note = 'pickled list'",
        "    t.attrs.things = [1, 2, 3]",
        "    h.create_carray('/', 'carray', obj=np.arange(1000.).reshape(10, 100), filters=lzo)",
        "    e = h.create_earray('/', 'earray', tables.Int16Atom(), (0, 4), filters=lzo)",
        "    e.append(np.arange(40, dtype='i2').reshape(10, 4))",
        "    h.create_vlarray('/', 'vl', tables.Int32Atom()).append([1, 2, 3])"),
        f.toString());
    LsMatchesH5lsTest.same(f);
  }

  @Test
  void wideNumbersHugeMaximumShapesAndDanglingReferencesListAsH5lsListsThem()
      throws IOException {
    Path wide = dir.resolve("wide.h5");
    WideNumbersOracle.write(wide);
    LsMatchesH5lsTest.same(wide);
    Path other = dir.resolve("other.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
        "    f.create_dataset('m26', data=np.arange(25.), maxshape=(2**26,), chunks=(10,))",
        "    d = f.create_dataset('data', data=np.arange(10.))",
        "    gone = f.create_dataset('gone', data=np.arange(10.))",
        "    s = f.create_dataset('scale', data=np.arange(10.))",
        "    s.make_scale('x')",
        "    d.dims[0].attach_scale(s)",
        "    gone.dims[0].attach_scale(s)",
        "    del f['gone']"), other.toString());
    LsMatchesH5lsTest.same(other);
    Path repacked = dir.resolve("other_repacked.h5");
    CliRun repack = CliRun.of("repack", other.toString(), repacked.toString());
    assertEquals(0, repack.code(), repack.err());
    LsMatchesH5lsTest.same(repacked);
  }
}
