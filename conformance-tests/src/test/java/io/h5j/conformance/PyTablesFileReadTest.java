package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.H5File;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file PyTables 3.7 writes (generated here by {@code pytables_file.py}): Tables of flat and
 * nested records with an index, Array, CArray, EArray, VLArrays of numbers, strings and pickled
 * objects, all LZO-compressed, with PyTables' CLASS/VERSION/TITLE attributes, a null-dataspace
 * TITLE and pickled attributes. h5j lists and reads every node and attribute as h5py (with
 * {@code import tables}, so that libhdf5 has the LZO filter) reads them.
 */
@OracleTest
class PyTablesFileReadTest {
  @TempDir Path dir;

  @Test
  void h5jReadsEverythingInAPyTablesFileAsH5pyDoes() throws Exception {
    Path file = dir.resolve("pytables.h5");
    String made = Oracles.python(resource("pytables_file.py"), file.toString()).trim();
    assertEquals("ok, LZO datasets: 16", made);
    Map<String, Object> expected = Canonical.byH5py(file, "import tables");
    Map<String, Object> actual;
    try (H5File f = H5File.open(file)) {
      actual = Canonical.byH5j(f);
    }
    assertNull(Canonical.diff(expected, actual, ""));
    assertEquals(21, expected.size(), expected.keySet().toString());
    assertTrue(String.valueOf(expected).contains("pickled_dict"), "pickled attributes");
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = PyTablesFileReadTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
