package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Dataset#sharedDatatypeAddress()} of every dataset of files h5py and libhdf5 wrote
 * (committed types linked and unlinked, old and new headers) is the object address libhdf5
 * gives the dataset's committed type ({@code H5Oget_info} of {@code H5Dget_type}), and -1
 * where the type is not committed.
 */
@OracleTest
class SharedDatatypeAddressTest {
  /** One line per dataset of argv[1]: path and its committed type's address, or -1. */
  private static final String H5PY = String.join("\n",
      "import sys, h5py",
      "out = []",
      "def visit(name, o):",
      "    if isinstance(o, h5py.Dataset):",
      "        t = o.id.get_type()",
      "        out.append('/%s %d' % (name, h5py.h5o.get_info(t).addr if t.committed() else -1))",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    f.visititems(visit)",
      "print('\\n'.join(sorted(out)))");

  @Test
  void sharedTypesAreWhereLibhdf5FindsThem() throws IOException {
    for (String name : List.of("datatypes_latest.h5", "datatypes_earliest.h5",
        "libhdf5-tests/tcompound2.h5", "layouts_latest.h5")) {
      check(Fixtures.dir().resolve(name));
    }
  }

  private static void check(Path file) throws IOException {
    List<String> h5j = new ArrayList<>();
    try (H5File f = H5File.open(file)) {
      for (Node n : f.root().walk()) {
        if (n instanceof Dataset d) {
          h5j.add(d.path() + " " + d.sharedDatatypeAddress());
        }
      }
    }
    h5j.sort(null);
    String expected = Oracles.python(H5PY, file.toString()).strip();
    assertEquals(expected, String.join("\n", h5j), "committed types of " + file);
    if (!file.endsWith("layouts_latest.h5")) {
      assertTrue(h5j.stream().anyMatch(l -> !l.endsWith(" -1")), "no committed type in " + file);
    }
  }
}
