package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Objects that track attribute creation order list their compact attributes in that order
 * after a repack, as h5py (libhdf5) lists them: {@code attrs.keys()} of a group or dataset made
 * with {@code track_order=True}.
 */
@OracleTest
class AttributeCreationOrderTest {
  /**
   * Each named object's path and its attributes as h5py lists them, then their creation
   * indexes (libhdf5's H5Aget_info), one object a line.
   */
  private static final String KEYS = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "for n in sys.argv[2:]:",
      "    keys = list(f[n].attrs.keys())",
      "    print(n, keys, [h5py.h5a.get_info(f[n].id, k.encode()).corder for k in keys])");

  /**
   * Tracked groups and a tracked dataset whose attributes (variable-length strings, which
   * repack rewrites after the copy, and numbers) are created out of name order; a group that
   * does not track it, as a control; a tracked group of 12 attributes (dense storage); and
   * the root, tracked too (h5py's File(track_order=True)).
   */
  private static final String WRITE = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'w', track_order=True) as f:",
      "    for n in ['z', 'a', 'm']:",
      "        f.attrs[n] = n",
      "    g = f.create_group('g', track_order=True)",
      "    for i, n in enumerate(['zeta', 'alpha', 'mid', 'beta', 'a']):",
      "        g.attrs[n] = 'value %d' % i",
      "    d = f.create_dataset('g/d', data=[1, 2, 3], track_order=True)",
      "    for i, n in enumerate(['y', 'b', 'x', 'c', 'w', 'd', 'v']):",
      "        d.attrs[n] = i",
      "    s = f.create_group('g/sub', track_order=True)",
      "    s.attrs['2'] = 2.5",
      "    s.attrs['1'] = [1, 2]",
      "    u = f.create_group('untracked')",
      "    for n in ['q', 'c', 'k']:",
      "        u.attrs[n] = n",
      "    big = f.create_group('dense', track_order=True)",
      "    for i in range(12):",
      "        big.attrs['n%02d' % (11 - i)] = i");

  private static final String[] COMPACT = {"/", "g", "g/d", "g/sub", "untracked"};

  @Test
  void compactTrackedAttributesKeepTheirOrder() throws Exception {
    Path in = Files.createTempFile("attr-order", ".h5");
    Oracles.python(WRITE, in.toString());
    String before = keys(in);
    // h5py lists IN's tracked attributes out of name order: the test can tell
    assertNotEquals(-1, before.indexOf("g ['zeta', 'alpha', 'mid', 'beta', 'a'] [0, 1, 2, 3, 4]"), before);
    assertNotEquals(-1, before.indexOf("g/d ['y', 'b', 'x', 'c', 'w', 'd', 'v']"), before);
    assertNotEquals(-1, before.indexOf("/ ['z', 'a', 'm'] [0, 1, 2]"), before);
    Path out = Files.createTempDirectory("repack-attr-order").resolve(in.getFileName());
    Repacker.builder().build().repack(in, out);
    assertEquals(before, keys(out));
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);
  }

  private static String keys(Path file) throws Exception {
    String[] args = new String[COMPACT.length + 1];
    args[0] = file.toString();
    System.arraycopy(COMPACT, 0, args, 1, COMPACT.length);
    return Oracles.python(KEYS, args);
  }
}
