package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The structured values of {@code h5j dump --json}, read back by Python's {@code json} and
 * compared with what libhdf5 reads: h5py's values ({@code tools/corpus/compare_dump.py}) for
 * arrays of int8, variable-length sequences, uint64, NaN and infinities and classic
 * references, and libhdf5 2.0's resolution of every revised reference
 * ({@code tools/libhdf5-2/refs_oracle.py}).
 */
@OracleTest
class JsonDumpValuesTest {
  @TempDir
  Path dir;

  /** Compares each reference the oracle (argv[2]) lists with the dump's (argv[1]). */
  private static final String SAME_REFERENCES = String.join("\n",
      "import json, re, sys",
      "dump = json.load(open(sys.argv[1], encoding='utf-8'))",
      "oracle = json.load(open(sys.argv[2], encoding='utf-8'))['references']",
      "def flat(v, depth):",
      "    if depth == 0 or not isinstance(v, list):",
      "        return [v]",
      "    return [x for e in v for x in flat(e, depth - 1)]",
      "bad = []",
      "for r in oracle:",
      "    m = re.match(r'(dataset|attribute) ([^@\\[]+)(?:@([^\\[]+))?(\\[\\d+\\])(.*)$', r['at'])",
      "    what, path, attr, first, rest = m.groups()",
      "    entry = dump[path]",
      "    if what == 'dataset':",
      "        v = flat(entry['values'], len(entry['shape']))",
      "    else:",
      "        v = flat(entry['attrs'][attr], 99)",
      "    v = v[int(first[1:-1])]",
      "    for step in re.findall(r'\\[(\\d+)\\]|\\.(\\w+)', rest):",
      "        v = v[int(step[0])] if step[0] else v[step[1]]",
      "    if r.get('null'):",
      "        ok = v is None",
      "    else:",
      "        ok = (isinstance(v, dict) and v.get('kind') == r['kind']",
      "              and v.get('path') == r['object'] and v.get('file') == r.get('file')",
      "              and v.get('attribute') == r.get('attribute')",
      "              and v.get('rank') == r.get('rank'))",
      "    if not ok:",
      "        bad.append('%s: libhdf5 %r, h5j %r' % (r['at'], r, v))",
      "print('\\n'.join(bad))",
      "print('compared %d' % len(oracle))");

  @ParameterizedTest
  @ValueSource(strings = {"revised_refs.h5", "revised_refs_latest.h5"})
  void revisedReferencesAreObjectsLibhdf5ResolvesAlike(String name) throws IOException {
    Path file = Fixtures.dir().resolve("revised-refs").resolve(name);
    Path oracle = Files.writeString(dir.resolve("oracle.json"),
        Oracles.hdf5v2References(file).toString());
    Path json = dump(file);
    Oracles.Run r = Oracles.runPython(Path.of(Oracles.PYTHON), SAME_REFERENCES,
        List.of(json.toString(), oracle.toString()));
    assertEquals(0, r.exitCode(), r.stderr());
    List<String> lines = r.stdout().lines().filter(l -> !l.isEmpty()).toList();
    assertEquals(1, lines.size(), r.stdout());
    int compared = Integer.parseInt(lines.get(0).substring("compared ".length()));
    assertTrue(compared >= 30, r.stdout()); // the oracle saw the file's references
  }

  @Test
  void arraysSequencesSpecialNumbersAndReferencesAreH5pysValues() throws IOException {
    Path file = dir.resolve("values.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    at = h5py.h5t.array_create(h5py.h5t.NATIVE_INT8, (2, 2))",
        "    ds = h5py.h5d.create(f.id, b'int8_arrays', at, h5py.h5s.create_simple((2,)))",
        "    ds.write(h5py.h5s.ALL, h5py.h5s.ALL, np.array([1, -2, 3, 4, 5, 6, 7, -128],",
        "             dtype='i1'), mtype=at)",
        "    v = f.create_dataset('int8_sequences', (3,), dtype=h5py.vlen_dtype(np.int8))",
        "    v[0] = np.array([1, -1], dtype='i1')",
        "    v[1] = np.array([], dtype='i1')",
        "    v[2] = np.array([-128, 127, 0], dtype='i1')",
        "    f['mixed'] = np.array([(2**64 - 1, np.nan, np.inf, [[1, 2], [3, -4]]),",
        "                           (0, -np.inf, 0.5, [[0, 0], [0, 127]])],",
        "        dtype=[('u', 'u8'), ('n', 'f8'), ('i', 'f4'), ('m', 'i1', (2, 2))])",
        "    g = f.create_group('g')",
        "    r = f.create_dataset('refs', (3,), dtype=h5py.ref_dtype)",
        "    r[0] = g.ref",
        "    r[1] = f['mixed'].ref",
        "    rr = f.create_dataset('regions', (5,), dtype=h5py.regionref_dtype)",
        "    rr[0] = f['mixed'].regionref[0:1]",
        "    t = f.create_dataset('t', data=np.arange(60).reshape(6, 10))",
        "    rr[1] = t.regionref[0:6:2, 1:9:3]",
        "    rr[2] = t.regionref[np.eye(6, 10, dtype=bool)]",
        "    rr[3] = t.regionref[...]"), file.toString());
    Path json = dump(file);
    Oracles.Run r = Oracles.runPython(Path.of(Oracles.PYTHON), Files.readString(
        Fixtures.dir().getParent().resolve("tools/corpus/compare_dump.py")),
        List.of(file.toString(), json.toString()));
    assertEquals(0, r.exitCode(), r.stdout() + r.stderr());
    assertTrue(r.stdout().contains("compared 6 datasets"), r.stdout());
    assertTrue(!r.stdout().contains("not compared"), r.stdout()); // every region's selection
  }

  private Path dump(Path file) throws IOException {
    CliRun dump = CliRun.of("dump", "--json", file.toString(), "/");
    assertEquals(0, dump.code(), dump.err());
    return Files.writeString(dir.resolve("dump.json"), dump.out());
  }
}
