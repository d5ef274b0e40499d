package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.DatasetSpec;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link VersionedFile#log} names exactly the datasets whose mappings h5py (libhdf5) sees
 * change against the parent: a rewrite of a chunk with new values, a new dataset, but not a
 * dataset left alone nor one rewritten with the values it had (its chunks de-duplicate to the
 * same slots, so its mappings are the parent's).
 */
class VersionLogOracleTest {
  /**
   * For each version, oldest first: its name and the datasets whose shape or virtual sources
   * (file, dataset, both selections) differ from its parent's, as libhdf5 reads them.
   */
  private static final String H5PY_CHANGES = String.join("\n",
      "import sys, h5py",
      "def sources(d):",
      "    return (d.shape, [(s.file_name, s.dset_name, s.vspace.get_select_bounds(),",
      "             s.src_space.get_select_bounds()) for s in d.virtual_sources()])",
      "def datasets(g, prefix=''):",
      "    out = {}",
      "    for k, v in g.items():",
      "        if isinstance(v, h5py.Group):",
      "            out.update(datasets(v, prefix + k + '/'))",
      "        else:",
      "            out[prefix + k] = sources(v)",
      "    return out",
      "f = h5py.File(sys.argv[1], 'r')",
      "vs = f['_version_data/versions']",
      "for name in sys.argv[2:]:",
      "    mine = datasets(vs[name])",
      "    parent = vs[name].attrs['prev_version']",
      "    theirs = datasets(vs[parent]) if parent != '__first_version__' else {}",
      "    changed = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))",
      "    print(name + ':' + ','.join(changed))");

  private Path file;

  @BeforeEach
  void create() throws IOException {
    file = Files.createTempFile("h5j-log", ".h5");
    Files.delete(file);
  }

  @AfterEach
  void delete() throws IOException {
    Files.deleteIfExists(file);
  }

  @Test
  void changedDatasetsAreThoseWhoseMappingsH5pySeesChange() throws IOException {
    try (VersionedFile vf = VersionedFile.create(file)) {
      try (StagedVersion s = vf.stageVersion("v1")) {
        s.createDataset("a", DatasetSpec.of(range(40, 0)).chunks(8));
        s.createDataset("b", DatasetSpec.of(range(40, 100)).chunks(8));
        s.createDataset("sub/c", DatasetSpec.of(range(24, 200)).chunks(8));
      }
      // a: one chunk new; b: untouched; sub/c: rewritten with the values it had
      vf.commit("v2", "v1", s -> {
        s.write("a", new long[] {8}, new long[] {8}, range(8, 900));
        s.write("sub/c", new long[] {0}, new long[] {8}, range(8, 200));
      });
      // b changes, a is written back to what v1 held, a new dataset appears
      vf.commit("v3", "v2", s -> {
        s.write("b", new long[] {32}, new long[] {8}, range(8, 700));
        s.write("a", new long[] {8}, new long[] {8}, range(8, 8));
        s.createDataset("d", DatasetSpec.of(range(8, 0)).chunks(8));
      });
      vf.commit("v4", "v3", s -> { }); // nothing changed
    }
    List<String> logged = new ArrayList<>();
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      for (VersionedFile.LogEntry e : vf.log()) {
        logged.add(e.version().name() + ":" + String.join(",", e.changedDatasets()));
      }
    }
    String seen = Oracles.python(H5PY_CHANGES, file.toString(), "v1", "v2", "v3", "v4");
    assertEquals(List.of("v1:a,b,sub/c", "v2:a", "v3:a,b,d", "v4:"), List.of(seen.split("\n")),
        "h5py's view of the file (the workload is not what this test means)");
    assertEquals(List.of(seen.split("\n")), logged);
  }

  private static double[] range(int n, int from) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = from + i;
    }
    return a;
  }
}
