package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files written by versioned-hdf5 (LZF hash tables, one VDS per dataset and version) and by
 * libhdf5 2.0 (h5wasm) survive a repack: h5py reads the same values and attributes from
 * every object (h5py brings its own LZF), and the count of byte-identical mapping blocks
 * matches the virtual datasets whose mappings h5py lists as equal to an earlier one's.
 */
@OracleTest
class VersionedFilesTest {
  private static final String SAME_CONTENT = String.join("\n",
      "import sys, h5py, numpy as np",
      "a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')",
      "names = []",
      "a.visit(names.append)",
      "other = []",
      "b.visit(other.append)",
      "assert sorted(names) == sorted(other), (names, other)",
      "for n in [''] + names:",
      "    x, y = (a[n], b[n]) if n else (a, b)",
      "    assert sorted(x.attrs) == sorted(y.attrs), n",
      "    for k in x.attrs:",
      "        assert np.array_equal(x.attrs[k], y.attrs[k]), (n, k)",
      "    if isinstance(x, h5py.Dataset):",
      "        assert x.dtype == y.dtype and x.shape == y.shape, n",
      "        assert np.array_equal(x[()], y[()], equal_nan=x.dtype.kind == 'f'), n",
      "seen, repeated = set(), 0",
      "for n in names:",
      "    x = a[n]",
      "    if isinstance(x, h5py.Dataset) and x.is_virtual:",
      "        key = tuple((m.vspace.get_select_bounds(), m.file_name, m.dset_name,",
      "                     m.src_space.get_select_bounds()) for m in x.virtual_sources())",
      "        repeated += key in seen",
      "        seen.add(key)",
      "print(repeated)");

  private static final String READ_ALL = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "n = []",
      "f.visititems(lambda k, o: n.append(o[()] if isinstance(o, h5py.Dataset) else k))",
      "print(len(n))");

  static Stream<Path> files() throws IOException {
    Path dir = Fixtures.dir();
    return Stream.concat(Files.list(dir.resolve("versioned-hdf5")),
        Files.list(dir.resolve("h5wasm"))).filter(p -> p.toString().endsWith(".h5")).sorted();
  }

  @ParameterizedTest
  @MethodSource("files")
  void h5pyReadsTheSameFromTheRepackedFile(Path in) throws IOException {
    Path out = Files.createTempDirectory("repack-versioned").resolve(in.getFileName());
    RepackReport r = Repacker.builder().build().repack(in, out);
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20));
    if (in.getParent().getFileName().toString().equals("h5wasm")) {
      // libhdf5 1.10 cannot read HDF5 2.0's layout v5; the output uses v3/v4, so it can
      assertTrue(Oracles.run(List.of(Oracles.PYTHON, "-c", READ_ALL, in.toString()))
          .exitCode() != 0, "h5py now reads " + in + "; compare it like the others");
      assertTrue(Integer.parseInt(Oracles.python(READ_ALL, out.toString()).trim()) > 10);
      return;
    }
    String repeated = Oracles.python(SAME_CONTENT, in.toString(), out.toString()).trim();
    assertEquals(repeated, Long.toString(r.identicalMappingBlocks()));
    if (in.getFileName().toString().startsWith("seed")) {
      assertTrue(r.identicalMappingBlocks() > 0, r::toString);
    }
  }
}
