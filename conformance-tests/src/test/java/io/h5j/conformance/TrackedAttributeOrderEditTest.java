package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.H5File;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * h5j edits the attributes of a group that h5py made with {@code track_order=True}: the
 * attributes it keeps keep their creation indexes and a new one comes last, as libhdf5 (h5py's
 * {@code attrs.keys()} and H5Aget_info) lists them.
 */
@OracleTest
class TrackedAttributeOrderEditTest {
  private static final String WRITE = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    g = f.create_group('g', track_order=True)",
      "    for n in ['zeta', 'alpha', 'mid']:",
      "        g.attrs[n] = n",
      "    g.attrs['num'] = 3");

  private static final String KEYS = String.join("\n",
      "import sys, h5py",
      "g = h5py.File(sys.argv[1], 'r')['g']",
      "keys = list(g.attrs.keys())",
      "print(keys, [h5py.h5a.get_info(g.id, k.encode()).corder for k in keys],"
          + " g.attrs['alpha'])");

  @Test
  void editsKeepCreationOrderAndANewAttributeComesLast() throws Exception {
    Path f = Files.createTempFile("tracked-attrs", ".h5");
    Oracles.python(WRITE, f.toString());
    assertEquals("['zeta', 'alpha', 'mid', 'num'] [0, 1, 2, 3] alpha\n",
        Oracles.python(KEYS, f.toString()));
    try (H5File h = H5File.openReadWrite(f)) {
      h.group("g").attributes().put("beta", "new");
      h.group("g").attributes().put("alpha", "changed");
    }
    assertEquals("['zeta', 'alpha', 'mid', 'num', 'beta'] [0, 1, 2, 3, 4] changed\n",
        Oracles.python(KEYS, f.toString()));
    Oracles.h5dump(f);
  }
}
