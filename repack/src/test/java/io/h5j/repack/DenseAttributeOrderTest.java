package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.h5j.testing.AttributeOrder;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;

/**
 * Objects that track attribute creation order (h5py's {@code track_order=True}, the root
 * too) keep it through a repack whether their attributes are compact or dense: h5py lists
 * them in the same order with the same creation indexes (gaps of deleted ones included),
 * each is stored compact or dense as in IN, and an attribute libhdf5 adds afterwards gets the
 * same creation index in OUT as in IN.
 */
@OracleTest
class DenseAttributeOrderTest {
  /** libhdf5 adds one attribute to each named object and prints its phase change values. */
  private static final String ADD = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    for n in sys.argv[2:]:",
      "        f[n].attrs['added_later'] = 1",
      "        print(n, f[n].id.get_create_plist().get_attr_phase_change())");

  /**
   * Tracked objects with 3, 8, 9, 20 and 100 attributes made in shuffled name order, some
   * deleted (one the last made, so that the max creation index is past the last one left);
   * values alternate variable-length strings (which repack rewrites after the copy) and
   * numbers. 'band' went dense and back down to 6, where libhdf5 keeps it dense; 'emptied'
   * lost all its attributes and got one again (numbered from 0); 'untracked' is a control;
   * 'phase20' keeps 15 compact (at most 20, libhdf5's phase change values), 'phase4' 5 dense
   * (at most 4).
   */
  private static final String WRITE = String.join("\n",
      "import sys, h5py, random",
      "random.seed(5)",
      "def fill(o, n, drop):",
      "    names = ['a%03d' % i for i in range(n + drop)]",
      "    random.shuffle(names)",
      "    for i, k in enumerate(names):",
      "        o.attrs[k] = 'value %d' % i if i % 2 else i",
      "    for k in names[1:drop] + names[-1:] if drop else []:",
      "        del o.attrs[k]",
      "with h5py.File(sys.argv[1], 'w', track_order=True) as f:",
      "    fill(f, 20, 3)",
      "    for n in [3, 8, 9, 20, 100]:",
      "        fill(f.create_group('g%d' % n, track_order=True), n, 2)",
      "    fill(f.create_dataset('d9', data=[1, 2], track_order=True), 9, 0)",
      "    fill(f.create_dataset('d30', data=[3], track_order=True), 30, 4)",
      "    fill(f.create_group('band', track_order=True), 6, 3)",
      "    e = f.create_group('emptied', track_order=True)",
      "    fill(e, 10, 0)",
      "    for k in list(e.attrs):",
      "        del e.attrs[k]",
      "    e.attrs['again'] = 1",
      "    fill(f.create_group('untracked'), 12, 2)",
      "    for n, (most, least), count in [('phase20', (20, 10), 15), ('phase4', (4, 2), 5)]:",
      "        gcpl = h5py.h5p.create(h5py.h5p.GROUP_CREATE)",
      "        gcpl.set_attr_phase_change(most, least)",
      "        gcpl.set_attr_creation_order(h5py.h5p.CRT_ORDER_TRACKED"
          + " | h5py.h5p.CRT_ORDER_INDEXED)",
      "        h5py.h5g.create(f.id, n.encode(), gcpl=gcpl)",
      "        fill(f[n], count, 2)");

  private static final String[] OBJECTS = {"/", "g3", "g8", "g9", "g20", "g100", "d9", "d30",
      "band", "emptied", "untracked", "phase20", "phase4"};

  @Test
  void compactAndDenseAttributesKeepCreationOrderAndStorage() throws Exception {
    Path in = Files.createTempFile("dense-attr-order", ".h5");
    Oracles.python(WRITE, in.toString());
    String before = AttributeOrder.of(in, OBJECTS);
    // the test can tell: IN lists tracked attributes out of name order, with gaps
    assertNotEquals(-1, before.indexOf("g100 ['a"), before);
    assertNotEquals(-1, before.indexOf("] dense"), before);
    assertNotEquals(-1, before.indexOf(
        "band ['a000', 'a005', 'a002', 'a008', 'a006', 'a004'] [0, 3, 4, 5, 6, 7] dense"), before);
    assertNotEquals(-1, before.indexOf("emptied ['again'] [0] compact"), before);
    assertNotEquals(-1, before.indexOf("14, 15] compact\nphase4 "), before);
    Path out = Files.createTempDirectory("repack-dense-order").resolve(in.getFileName());
    Repacker.builder().build().repack(in, out);
    assertEquals(before, AttributeOrder.of(out, OBJECTS));
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);

    // libhdf5 numbers a new attribute from the max creation index: the same in both
    Path inCopy = Files.copy(in, in.resolveSibling(in.getFileName() + ".added.h5"),
        StandardCopyOption.REPLACE_EXISTING);
    String phases = Oracles.python(ADD, args(inCopy));
    assertNotEquals(-1, phases.indexOf("phase20 (20, 10)"), phases);
    assertEquals(phases, Oracles.python(ADD, args(out)));
    String added = AttributeOrder.of(inCopy, OBJECTS);
    assertNotEquals(before, added);
    assertEquals(added, AttributeOrder.of(out, OBJECTS));
  }

  private static String[] args(Path file) {
    String[] args = new String[OBJECTS.length + 1];
    args[0] = file.toString();
    System.arraycopy(OBJECTS, 0, args, 1, OBJECTS.length);
    return args;
  }
}
