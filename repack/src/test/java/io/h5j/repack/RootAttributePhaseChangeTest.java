package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The root group keeps its attribute storage settings through a repack as every other object
 * does: libhdf5 sets them only at file creation (the file creation property list's attribute
 * phase change values and creation order flags apply to the root group), and reads the same
 * values, the same compact or dense storage and the same attributes from OUT's root; adding
 * and then deleting attributes one by one with libhdf5 switches compact and dense at the same
 * counts in OUT as in IN.
 */
@OracleTest
class RootAttributePhaseChangeTest {
  /**
   * A file whose root has phase change values argv[2], argv[3] (-1: libhdf5's defaults) and
   * tracks attribute creation order when argv[4] is 1, holding argv[5] attributes, one of
   * them deleted after; libver latest, which stores them in the root's (version 2) header.
   */
  private static final String WRITE = String.join("\n",
      "import sys, h5py",
      "from h5py import h5p, h5f",
      "most, least, track, count = (int(a) for a in sys.argv[2:6])",
      "fcpl = h5p.create(h5p.FILE_CREATE)",
      "if most >= 0:",
      "    fcpl.set_attr_phase_change(most, least)",
      "if track:",
      "    fcpl.set_attr_creation_order(h5p.CRT_ORDER_TRACKED | h5p.CRT_ORDER_INDEXED)",
      "fapl = h5p.create(h5p.FILE_ACCESS)",
      "fapl.set_libver_bounds(h5f.LIBVER_LATEST, h5f.LIBVER_LATEST)",
      "with h5py.File(h5f.create(sys.argv[1].encode(), h5f.ACC_TRUNC, fcpl=fcpl, fapl=fapl))"
          + " as f:",
      "    for i in range(count + 1):",
      "        f.attrs['b%02d' % ((7 * i) % (count + 1))] = 'value %d' % i if i % 2 else i",
      "    del f.attrs['b00']");

  /**
   * libhdf5's view of the root: its phase change values and creation order flags, storage
   * and attributes; then, adding attributes until 4 past the max compact count and deleting
   * all one by one, the storage after each change (c compact, d dense).
   */
  private static final String SETTINGS = String.join("\n",
      "import sys, h5py",
      "def storage(g):",
      "    info = h5py.h5o.get_info(g)",
      "    # attributes but no attribute message (type 0x0C) in the header: they are dense",
      "    attributes = h5py.h5a.get_num_attrs(g)",
      "    return 'd' if attributes and not (info.hdr.mesg.present >> 0x0C) & 1 else 'c'",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    g = h5py.h5g.open(f.id, b'/')",
      "    gcpl = g.get_create_plist()",
      "    most, least = gcpl.get_attr_phase_change()",
      "    print('phase', most, least, 'order', gcpl.get_attr_creation_order(), storage(g),"
          + " sorted(f.attrs.keys()))",
      "    grow = ''",
      "    while len(f.attrs) < most + 4:",
      "        f.attrs['x%03d' % len(f.attrs)] = len(f.attrs)",
      "        grow += storage(g)",
      "    shrink = ''",
      "    for k in sorted(f.attrs.keys()):",
      "        del f.attrs[k]",
      "        shrink += storage(g)",
      "    print('grow', grow, 'shrink', shrink)");

  @ParameterizedTest(name = "phase change {0}/{1}, tracked {2}, {3} attributes")
  @CsvSource({
      "3, 1, 0, 2", // compact under a low maximum
      "3, 1, 1, 5", // dense, tracked, past it
      "20, 10, 0, 15", // compact well past libhdf5's default maximum of 8
      "20, 10, 1, 12",
      "0, 0, 0, 3", // always dense
      "-1, -1, 1, 9", // the defaults, as a control: dense past 8
  })
  void rootKeepsItsAttributeStorageSettings(int most, int least, int track, int count)
      throws Exception {
    Path in = Files.createTempFile("root-phase", ".h5");
    Oracles.python(WRITE, in.toString(), "" + most, "" + least, "" + track, "" + count);
    Path out = Files.createTempDirectory("repack-root-phase").resolve(in.getFileName());
    Repacker.builder().build().repack(in, out);
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);

    String expected = settings(in);
    // the test can tell: IN's root has the values asked for, and switches where they say
    int max = most < 0 ? 8 : most;
    assertTrue(expected.startsWith("phase " + max + " " + (least < 0 ? 6 : least) + " order "
        + (track == 1 ? 3 : 0) + (count > max ? " d " : " c ")), expected);
    String grow = "c".repeat(Math.max(0, max - count))
        + "d".repeat(max + 4 - Math.max(count, max));
    assertTrue(expected.contains("\ngrow " + grow + " shrink "), expected);
    assertEquals(expected, settings(out));
  }

  /** {@link #SETTINGS} of a copy of {@code file}, which it changes. */
  private static String settings(Path file) throws Exception {
    Path copy = Files.copy(file, file.resolveSibling(file.getFileName() + ".edited.h5"),
        StandardCopyOption.REPLACE_EXISTING);
    return Oracles.python(SETTINGS, copy.toString());
  }
}
