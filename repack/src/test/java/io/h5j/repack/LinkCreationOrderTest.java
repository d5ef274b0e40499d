package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Groups that track link creation order list their links in that order after a repack, as
 * h5py (libhdf5) lists them: {@code keys()} of a group made with {@code track_order=True}.
 */
@OracleTest
class LinkCreationOrderTest {
  /** Every group's path and its links as h5py lists them, one group a line. */
  private static final String KEYS = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "print('/', list(f.keys()))",
      "f.visititems(lambda n, o: print(n, list(o.keys())) if isinstance(o, h5py.Group)"
          + " else None)");

  /**
   * A file whose root and some groups track creation order, with names created out of
   * alphabetical order: compact (5 links), dense (40 links, past libhdf5's 8) and a group
   * that does not track it, as a control.
   */
  private static final String WRITE = String.join("\n",
      "import sys, h5py, random",
      "random.seed(7)",
      "with h5py.File(sys.argv[1], 'w', track_order=True) as f:",
      "    for n in ['zeta', 'alpha', 'mid']:",
      "        f.create_group(n, track_order=True)",
      "    for n in ['z', 'b', 'y', 'a', 'x']:",
      "        f['zeta'].create_dataset(n, data=[1])",
      "    names = ['n%03d' % i for i in range(40)]",
      "    random.shuffle(names)",
      "    for n in names:",
      "        f['alpha'][n] = h5py.SoftLink('/zeta/' + n)",
      "    f['mid'].create_group('untracked')",
      "    for n in ['q', 'c', 'k']:",
      "        f['mid/untracked'].create_group(n)",
      "    f['alpha'].create_group('sub', track_order=True)",
      "    for n in ['9', '1', '5']:",
      "        f['alpha/sub'].create_group(n)");

  @Test
  void trackedGroupsOfAFixtureKeepTheirOrder() throws Exception {
    for (String name : new String[] {"groups_latest.h5", "groups_earliest.h5"}) {
      Path in = Fixtures.file(name);
      String before = Oracles.python(KEYS, in.toString());
      // the fixture's group 'ordered' lists 'zeta' before 'alpha': the test can tell
      assertNotEquals(-1, before.indexOf("ordered ['zeta', 'alpha', 'mid', 'beta',"), before);
      assertEquals(before, Oracles.python(KEYS, repacked(in).toString()), name);
    }
  }

  @Test
  void compactAndDenseTrackedGroupsKeepTheirOrder() throws Exception {
    Path in = Files.createTempFile("link-order", ".h5");
    Oracles.python(WRITE, in.toString());
    String before = Oracles.python(KEYS, in.toString());
    assertNotEquals(-1, before.indexOf("zeta ['z', 'b', 'y', 'a', 'x']"), before);
    Path out = repacked(in);
    assertEquals(before, Oracles.python(KEYS, out.toString()));
    RepackOracle.assertSameContent(in, out);
  }

  /**
   * libhdf5 adds a group to the root and to a dense group, both tracked, after one of their
   * links was deleted: the new link gets the same creation index in OUT as in IN, and every
   * link keeps its own (h5py does not list the root in creation order, as its group creation
   * property list does not say the root tracks it, but the indexes show it).
   */
  @Test
  void aLinkAddedAfterwardsGetsTheSameCreationIndex() throws Exception {
    Path in = Files.createTempFile("link-index", ".h5");
    Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'w', track_order=True) as f:",
        "    for n in ['z', 'b', 'y', 'a', 'x', 'w']:",
        "        f.create_group(n)",
        "    del f['w']",
        "    g = f.create_group('g', track_order=True)",
        "    for i in range(30):",
        "        g.create_group('n%02d' % (29 - i))",
        "    del g['n00']"), in.toString());
    String add = String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r+') as f:",
        "    for g in [f, f['g']]:",
        "        g.create_group('added')",
        "        print(g.name, sorted((g.id.links.get_info(k.encode()).corder, k)"
            + " for k in g.keys()))");
    Path out = repacked(in);
    String expected = Oracles.python(add, in.toString());
    assertNotEquals(-1, expected.indexOf("(4, 'x'), (6, 'g'), (7, 'added')]"), expected);
    assertNotEquals(-1, expected.indexOf("(28, 'n01'), (30, 'added')]"), expected);
    assertEquals(expected, Oracles.python(add, out.toString()));
  }

  private static Path repacked(Path in) throws Exception {
    Path out = Files.createTempDirectory("repack-order").resolve(in.getFileName());
    Repacker.builder().build().repack(in, out);
    return out;
  }
}
