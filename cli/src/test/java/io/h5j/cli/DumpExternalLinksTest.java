package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * External links in h5dump's DDL: followed into the files they name, with that file's hard links
 * (named as its own walk names them), chains through a third file, a file linking to itself, and
 * links back into the file dumped (printed, not followed), equal to h5dump 1.10.8's output.
 * h5py writes the files.
 */
@OracleTest
class DumpExternalLinksTest {
  private static final String FILES = String.join("\n",
      "import sys, os, h5py, numpy as np",
      "os.chdir(sys.argv[1])",
      "with h5py.File('t.h5', 'w') as f:",
      "    f['data'] = np.arange(3, dtype='i4')",
      "    g = f.create_group('grp'); g['inner'] = np.array([1.5]); g.attrs['a'] = 7",
      "    g.create_group('sub')['d'] = np.array([1, 2], dtype='i2')",
      "    g['soft'] = h5py.SoftLink('/data')",
      "    g['back'] = h5py.ExternalLink('m.h5', '/x')",
      "    f['grp2'] = f['grp']",
      "with h5py.File('m.h5', 'w') as f:",
      "    f['x'] = np.array([9], dtype='i8')",
      "    for i, (file, path) in enumerate([('t.h5', '/data'), ('t.h5', '/data'), ('t.h5', 'grp'),",
      "            ('t.h5', '/grp2/sub'), ('t.h5', '/grp/inner'), ('none.h5', '/x'),",
      "            ('t.h5', '/none')]):",
      "        f['e%d' % i] = h5py.ExternalLink(file, path)",
      "with h5py.File('u.h5', 'w') as f:",
      "    f['z'] = np.array([5], dtype='i1')",
      "with h5py.File('t2.h5', 'w') as f:",
      "    g = f.create_group('g'); g['toU'] = h5py.ExternalLink('u.h5', '/z')",
      "    g['self'] = h5py.ExternalLink('t2.h5', '/g'); g['toM'] = h5py.ExternalLink('m2.h5', '/')",
      "with h5py.File('m2.h5', 'w') as f:",
      "    f['a'] = h5py.ExternalLink('t2.h5', '/g')",
      "    f['b'] = h5py.ExternalLink('u.h5', '/z')",
      "    f['c'] = h5py.ExternalLink('m2.h5', '/b')",
      "print('ok')", "");

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"m.h5", "m.h5 -H", "m.h5 -A 0", "m2.h5", "m2.h5 -H -p", "t.h5"})
  void followsExternalLinksAsH5dumpDoes(String args, @TempDir Path dir) throws Exception {
    Oracles.requireH5dump();
    assertEquals("ok", Oracles.python(FILES, dir.toString()).trim());
    String[] a = args.split(" ");
    Path file = dir.resolve(a[0]);
    List<String> options = List.of(a).subList(1, a.length);
    String expected = DumpMatchesH5dumpTest.h5dumpReading(file, options);
    assertTrue(a[0].equals("t.h5") || expected.contains("HARDLINK"), expected);
    List<String> ours = new ArrayList<>(List.of("dump", "--ddl"));
    ours.addAll(options);
    ours.add(file.toString());
    CliRun run = CliRun.of(ours.toArray(String[]::new));
    assertEquals(0, run.code(), run.err());
    assertEquals(expected, run.out());
  }
}
