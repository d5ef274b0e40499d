package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code h5j diff} against h5diff 1.10.8 on pairs of files h5py writes: the same exit code and
 * the same output, byte for byte, for every option set on every pair (the same files, one
 * value changed, shapes and types that differ, an attribute changed or in one file only, an
 * object in one file only, NaN, strings, soft links, virtual datasets of libhdf5 1.10).
 */
@OracleTest
class DiffMatchesH5diffTest {
  @TempDir
  static Path dir;

  private static final String FIXTURES = String.join("\n",
      "import sys, os, h5py, numpy as np",
      "os.chdir(sys.argv[1])",
      "def base(h):",
      "    h['a'] = np.arange(12, dtype='i4').reshape(3, 4)",
      "    h['d'] = np.linspace(0, 1, 5)",
      "    h.create_group('g')['s'] = np.arange(3, dtype='u2')",
      "    h['a'].attrs['units'] = np.int32(7)",
      "    h['g'].attrs['vec'] = np.array([1.5, 2.5])",
      "def write(name, *steps):",
      "    with h5py.File(name, 'w') as h:",
      "        for s in steps: s(h)",
      "def changed(h):",
      "    h['a'][1, 2] = 100; h['a'][2, 3] = -5; h['d'][4] = 1.5; h['g/s'][0] = 9",
      "def reshaped(h):",
      "    del h['a']; h['a'] = np.arange(10, dtype='i4').reshape(2, 5)",
      "def retyped(h):",
      "    del h['a']; h['a'] = np.arange(12, dtype='f8').reshape(3, 4)",
      "def attr(h):",
      "    h['a'].attrs['units'] = np.int32(8); h['g'].attrs['vec'] = np.array([1.5, 3.0])",
      "def extra(h):",
      "    h['extra'] = np.zeros(2)",
      "write('same1.h5', base); write('same2.h5', base); write('changed.h5', base, changed)",
      "write('reshaped.h5', base, reshaped); write('retyped.h5', base, retyped)",
      "write('attr.h5', base, attr); write('extra.h5', base, extra)",
      "with h5py.File('z1.h5', 'w') as h:",
      "    h['z'] = np.array([0, 0, 3, 4, -7], dtype='i4')",
      // (not near 2^64 nor int64's ends: h5diff 1.10.8's distances overflow there)
      "    h['u'] = np.array([10, 5, 0, 2**63 + 5], dtype='u8')",
      "    h['f'] = np.array([0.0, 1.0, 2.5e-17, 1e10, 3.0])",
      "    h['f4'] = np.array([1.5, 2.0, 0.0], dtype='f4')",
      "    h['s'] = np.array([b'abcd', b'de']); h['z'].attrs['only1'] = 1",
      "    h['x'] = np.array([np.nan, 1.0, 2.0]); h['l'] = h5py.SoftLink('/z')",
      "with h5py.File('z2.h5', 'w') as h:",
      "    h['z'] = np.array([0, 5, 3, 2, 7], dtype='i4')",
      "    h['u'] = np.array([2**63 + 20, 5, 2**63, 3], dtype='u8')",
      "    h['f'] = np.array([1e-300, 1.0 + 1e-16, 0.0, 1.0000001e10, -3.0])",
      "    h['f4'] = np.array([1.5000001, 2.5, 1e-8], dtype='f4')",
      "    h['s'] = np.array([b'xbz', b'dx'])",
      "    h['x'] = np.array([np.nan, np.nan, 2.0]); h['l'] = h5py.SoftLink('/f')",
      "for name, changed in (('vds1.h5', False), ('vds2.h5', True)):",
      "    with h5py.File(name, 'w') as h:",
      "        raw = h.create_dataset('raw', data=np.arange(40.0).reshape(10, 4), chunks=(2, 4))",
      "        if changed: raw[3, 1] = -1.25",
      "        lay = h5py.VirtualLayout(shape=(6, 4), dtype='f8')",
      "        src = h5py.VirtualSource('.', 'raw', shape=(10, 4))",
      "        lay[0:2] = src[4:6]; lay[2:6] = src[0:4]",
      "        h.create_virtual_dataset('v', lay, fillvalue=0)",
      "for name, t, ext, dangle in (('links1.h5', '/a', 'same1.h5', '/none'),",
      "        ('links2.h5', '/b', 'changed.h5', '/none'), ('links3.h5', '/a', 'same1.h5', '/a')):",
      "    with h5py.File(name, 'w') as h:",
      "        h['a'] = np.arange(4, dtype='i4'); h['b'] = np.arange(4, dtype='i4') + 1",
      "        h['sl'] = h5py.SoftLink(t); h['el'] = h5py.ExternalLink(ext, '/d')",
      "        h['dl'] = h5py.SoftLink(dangle)");

  @BeforeAll
  static void writeFixtures() throws Exception {
    Oracles.python(FIXTURES, dir.toString());
  }

  private static final List<String> OPTIONS = List.of("", "-r", "-v", "-c", "-q", "-r -d 0.5",
      "-r -p 0.1", "-r --use-system-epsilon");

  private static final List<String> PAIRS = List.of("same1.h5 same2.h5", "same1.h5 changed.h5",
      "same1.h5 reshaped.h5", "same1.h5 retyped.h5", "same1.h5 attr.h5", "same1.h5 extra.h5",
      "extra.h5 same1.h5", "z1.h5 z2.h5", "vds1.h5 vds2.h5", "same1.h5 changed.h5 /a",
      "same1.h5 changed.h5 /a /d", "same1.h5 changed.h5 /g", "same1.h5 changed.h5 /g/s /a",
      "z1.h5 z2.h5 /s", "vds1.h5 vds2.h5 /v");

  /** Options that only some pairs exercise: counts, excluded paths and links. */
  private static final List<String> OPTION_CASES = List.of(
      "-r -n 1|same1.h5 changed.h5", "-r -n 2|z1.h5 z2.h5", "-n 3|z1.h5 z2.h5",
      "-r --count=2|same1.h5 changed.h5", "-v -n 1|same1.h5 changed.h5",
      "-r --exclude-path /g|same1.h5 changed.h5",
      "-r --exclude-path /a --exclude-path /d|same1.h5 changed.h5",
      "--exclude-path /extra|same1.h5 extra.h5", "-v --exclude-path /g/s|same1.h5 changed.h5",
      "-r --follow-symlinks|z1.h5 z2.h5", "-r|links1.h5 links2.h5",
      "-r --follow-symlinks|links1.h5 links2.h5", "-v --follow-symlinks|links1.h5 links3.h5",
      "--follow-symlinks --no-dangling-links|links1.h5 links2.h5",
      "-r --follow-symlinks --no-dangling-links|links1.h5 links3.h5",
      "-r --follow-symlinks|links1.h5 links2.h5 /sl", "-r|links1.h5 links2.h5 /sl");

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (String pair : PAIRS) {
      for (String o : OPTIONS) {
        out.add(Arguments.of(o, pair));
      }
    }
    for (String c : OPTION_CASES) {
      String[] parts = c.split("\\|");
      out.add(Arguments.of(parts[0], parts[1]));
    }
    return out.stream();
  }

  /** h5diff and {@code h5j diff} run with the same arguments. */
  private record Runs(Oracles.Run h5diff, CliRun h5j) {
    static Runs of(List<String> args) throws Exception {
      List<String> cmd = new ArrayList<>(List.of("h5diff"));
      cmd.addAll(args);
      List<String> ours = new ArrayList<>(List.of("diff"));
      ours.addAll(args);
      return new Runs(Oracles.run(cmd), CliRun.of(ours.toArray(String[]::new)));
    }
  }

  /** The arguments, with the files in the fixture folder. */
  private static List<String> args(String options, String pair) {
    List<String> a = new ArrayList<>();
    for (String s : (options + " " + pair).trim().split(" +")) {
      a.add(s.endsWith(".h5") ? dir.resolve(s).toString() : s);
    }
    return a;
  }

  @ParameterizedTest(name = "h5diff {0} {1}")
  @MethodSource("cases")
  void sameOutputAndExitCodeAsH5diff(String options, String pair) throws Exception {
    List<String> args = args(options, pair);
    Runs runs = Runs.of(args);
    Oracles.Run h5diff = runs.h5diff();
    CliRun h5j = runs.h5j();
    assertEquals(h5diff.stdout(), h5j.out(), "h5j diff " + String.join(" ", args));
    assertEquals(h5diff.exitCode(), h5j.code(), h5j.err());
  }

  @Test
  void aMissingObjectOrFileIsAnErrorAsInH5diff() throws Exception {
    for (String pair : List.of("same1.h5 changed.h5 /nope", "same1.h5 nope.h5",
        "same1.h5 changed.h5 /a /nope")) {
      List<String> args = args("-r", pair);
      List<String> cmd = new ArrayList<>(List.of("h5diff"));
      cmd.addAll(args);
      assertEquals(2, Oracles.run(cmd).exitCode(), pair);
      List<String> ours = new ArrayList<>(List.of("diff"));
      ours.addAll(args);
      CliRun r = CliRun.of(ours.toArray(String[]::new));
      assertEquals(2, r.code(), pair + ": " + r.err());
      assertEquals("", r.out(), pair);
    }
    CliRun r = CliRun.of("diff", dir.resolve("same1.h5").toString(),
        dir.resolve("changed.h5").toString(), "/nope");
    assertEquals("h5j: Object </nope> could not be found in <" + dir.resolve("same1.h5") + ">\n",
        r.err());
  }

  @Test
  void dAndPExcludeOneAnotherAsInH5diff() {
    String[] files = {dir.resolve("same1.h5").toString(), dir.resolve("changed.h5").toString()};
    for (String[] o : List.of(new String[] {"-d", "1", "-p", "1"},
        new String[] {"-p", "1", "--use-system-epsilon"}, new String[] {"-d", "-1"})) {
      List<String> args = new ArrayList<>(List.of("diff"));
      args.addAll(Arrays.asList(o));
      args.addAll(Arrays.asList(files));
      CliRun r = CliRun.of(args.toArray(String[]::new));
      assertEquals(2, r.code(), String.join(" ", args));
    }
  }

  /** h5diff refuses --no-dangling-links without --follow-symlinks (on stdout); h5j as a usage error. */
  @Test
  void noDanglingLinksNeedsFollowSymlinksAsInH5diff() throws Exception {
    Runs runs = Runs.of(args("--no-dangling-links", "links1.h5 links2.h5"));
    Oracles.Run h5diff = runs.h5diff();
    CliRun r = runs.h5j();
    assertEquals(h5diff.exitCode(), r.code(), r.err());
    assertEquals("", r.out());
    org.junit.jupiter.api.Assertions.assertTrue(
        r.err().contains("--no-dangling-links must be used along with --follow-symlinks"),
        r.err());
  }
}
