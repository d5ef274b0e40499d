package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.h5j.Attributes;
import io.h5j.H5File;
import io.h5j.testing.AttributeOrder;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * h5j and libhdf5 (h5py) make the same edits, session by session, to the attributes of
 * objects h5py made with {@code track_order=True}: dense ones (edited several times between
 * two flushes, a removed name added again), dense ones falling below the minimum dense count
 * (back to compact), compact ones growing past the maximum compact count (to dense), all
 * removed and one added again (numbered from 0, as libhdf5 does). After each session both
 * files list the same attributes in the same order, with the same creation indexes, stored
 * the same way (compact or dense), with the same values (h5diff).
 */
@OracleTest
class DenseAttributeOrderEditTest {
  /**
   * 'g': 12 attributes made out of name order, 2 deleted (one the last made): 10, dense.
   * 'd': a dataset with 7, compact.
   */
  private static final String WRITE = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    g = f.create_group('g', track_order=True)",
      "    for i in range(12):",
      "        g.attrs['k%02d' % (i * 7 % 12)] = i",
      "    del g.attrs['k07']",
      "    del g.attrs['k05']",
      "    d = f.create_dataset('d', data=[1], track_order=True)",
      "    for n in ['z', 'y', 'b', 'x', 'c', 'w', 'a']:",
      "        d.attrs[n] = n");

  /** libhdf5's version of {@link #edit}: session number, then the file. */
  private static final String EDIT = String.join("\n",
      "import sys, h5py",
      "session = int(sys.argv[1])",
      "with h5py.File(sys.argv[2], 'r+') as f:",
      "    g, d = f['g'], f['d']",
      "    if session == 1:",
      "        g.attrs['new1'] = 100",
      "        g.attrs.modify('k02', -1)",
      "        del g.attrs['k09']",
      "        del g.attrs['k04']",
      "        g.attrs['k09'] = 7",
      "        for n in ['x1', 'x2', 'x3']:",
      "            d.attrs[n] = n",
      "    elif session == 2:",
      "        for n in ['k11', 'k06', 'k01', 'k08', 'k03']:",
      "            del g.attrs[n]",
      "    elif session == 3:",
      "        for i, n in enumerate(['e', 'a', 'd', 'b']):",
      "            g.attrs[n] = i",
      "        for n in list(d.attrs):",
      "            del d.attrs[n]",
      "    else:",
      "        d.attrs['again'] = 'again'");

  private static void edit(int session, Path file) throws Exception {
    try (H5File f = H5File.openReadWrite(file)) {
      Attributes g = f.group("g").attributes();
      Attributes d = f.dataset("d").attributes();
      if (session == 1) {
        g.put("new1", 100L);
        g.put("k02", -1L);
        g.remove("k09");
        g.remove("k04");
        g.put("k09", 7L);
        for (String n : new String[] {"x1", "x2", "x3"}) {
          d.put(n, n);
        }
      } else if (session == 2) {
        for (String n : new String[] {"k11", "k06", "k01", "k08", "k03"}) {
          g.remove(n);
        }
      } else if (session == 3) {
        String[] names = {"e", "a", "d", "b"};
        for (int i = 0; i < names.length; i++) {
          g.put(names[i], (long) i);
        }
        for (String n : d.names()) {
          d.remove(n);
        }
      } else {
        d.put("again", "again");
      }
    }
  }

  @Test
  void editsNumberAttributesAsLibhdf5Does() throws Exception {
    Path h5j = Files.createTempFile("dense-attr-edit", ".h5");
    Oracles.python(WRITE, h5j.toString());
    Path lib = Files.copy(h5j, h5j.resolveSibling(h5j.getFileName() + ".libhdf5.h5"),
        StandardCopyOption.REPLACE_EXISTING);
    String start = AttributeOrder.of(h5j, "g", "d");
    // the test can tell: out of name order, gaps, and dense
    assertEquals("g ['k00', 'k02', 'k09', 'k04', 'k11', 'k06', 'k01', 'k08', 'k03', 'k10']"
        + " [0, 2, 3, 4, 5, 6, 7, 8, 9, 10] dense\n"
        + "d ['z', 'y', 'b', 'x', 'c', 'w', 'a'] [0, 1, 2, 3, 4, 5, 6] compact\n", start);
    String[] expected = {
        "g ['k00', 'k02', 'k11', 'k06', 'k01', 'k08', 'k03', 'k10', 'new1', 'k09']"
            + " [0, 2, 5, 6, 7, 8, 9, 10, 12, 13] dense",
        "g ['k00', 'k02', 'k10', 'new1', 'k09'] [0, 2, 10, 12, 13] compact",
        "g ['k00', 'k02', 'k10', 'new1', 'k09', 'e', 'a', 'd', 'b']"
            + " [0, 2, 10, 12, 13, 14, 15, 16, 17] dense\nd []",
        // numbered from 0 again once all were gone
        "d ['again'] [0] compact"};
    for (int session = 1; session <= 4; session++) {
      edit(session, h5j);
      Oracles.python(EDIT, String.valueOf(session), lib.toString());
      String libhdf5 = AttributeOrder.of(lib, "g", "d");
      assertNotEquals(-1, libhdf5.indexOf(expected[session - 1]), libhdf5);
      if (session == 1) {
        assertNotEquals(-1, libhdf5.indexOf("d ['z', 'y', 'b', 'x', 'c', 'w', 'a', 'x1', 'x2',"
            + " 'x3'] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] dense"), libhdf5);
      }
      assertEquals(libhdf5, AttributeOrder.of(h5j, "g", "d"), "after session " + session);
      Oracles.h5dump(h5j);
      // and the same values (h5diff compares attributes too)
      Oracles.Run diff = Oracles.run(List.of("h5diff", lib.toString(), h5j.toString()));
      assertEquals(0, diff.exitCode(), diff.stdout() + diff.stderr());
    }
  }
}
