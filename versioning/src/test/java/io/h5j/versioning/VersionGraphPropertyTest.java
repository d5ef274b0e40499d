package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.DatasetSpec;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random version graphs: each step stages a version on a random earlier one (or a new root),
 * applies random writes, resizes, deletes and creations, then commits it or fails inside the
 * edit (nothing committed); or deletes a random version (rebuilding the hash tables after
 * some deletions). After each step every version reads back as the model holds it;
 * at the end h5py checks the whole file against the layout and the model.
 */
@OracleTest
class VersionGraphPropertyTest {
  private static final String[] PATHS = {"a", "b", "g/c"};

  /** The fixed per-path facts: one raw_data per path means one chunk shape. */
  private record PathSpec(long[] chunks, double fill) {}

  @Property(tries = 25)
  void everyVersionReadsAsTheModel(
      @ForAll @Size(min = 1, max = 10) List<@IntRange(min = 0, max = 1_000_000) Integer> steps)
      throws IOException {
    Path file = Files.createTempFile("h5j-graph", ".h5");
    Map<String, LayoutOracle.ModelVersion> model = new LinkedHashMap<>();
    Map<String, PathSpec> specs = new HashMap<>();
    String current = "__first_version__";
    try (VersionedFile vf = VersionedFile.create(file)) {
      int n = 0;
      for (int step : steps) {
        Random rnd = new Random(step);
        if (model.size() >= 2 && rnd.nextInt(6) == 0) {
          List<String> names = new ArrayList<>(model.keySet());
          String gone = names.get(rnd.nextInt(names.size()));
          vf.deleteVersions(gone);
          String up = model.remove(gone).parent();
          model.replaceAll((k, v) -> v.parent().equals(gone)
              ? new LayoutOracle.ModelVersion(up, v.datasets()) : v);
          if (current.equals(gone)) {
            current = up;
          }
          if (rnd.nextBoolean()) {
            vf.rebuildHashTables();
          }
          for (Map.Entry<String, LayoutOracle.ModelVersion> e : model.entrySet()) {
            check(vf, e.getKey(), e.getValue());
          }
          continue;
        }
        String name = "v" + n++;
        List<String> names = new ArrayList<>(model.keySet());
        String parent = names.isEmpty() || rnd.nextInt(8) == 0 ? null
            : names.get(rnd.nextInt(names.size()));
        Map<String, ModelArray> ds = new LinkedHashMap<>();
        if (parent != null) {
          model.get(parent).datasets().forEach((k, v) -> ds.put(k, v.copy()));
        }
        boolean fail = rnd.nextInt(10) == 0;
        int edits = 1 + rnd.nextInt(4);
        try {
          vf.commit(name, parent, s -> {
            for (int e = 0; e < edits; e++) {
              edit(s, ds, specs, rnd);
            }
            if (fail) {
              throw new IllegalStateException("edit failed on purpose");
            }
          });
        } catch (IllegalStateException expected) {
          assertEquals("edit failed on purpose", expected.getMessage());
        }
        if (!fail) {
          model.put(name, new LayoutOracle.ModelVersion(parent == null ? "__first_version__"
              : parent, ds));
          current = name;
        }
        assertEquals(model.keySet().stream().sorted().toList(),
            vf.versions().stream().map(VersionInfo::name).sorted().toList());
        if (model.containsKey(current)) {
          check(vf, current, model.get(current));
          String other = new ArrayList<>(model.keySet()).get(rnd.nextInt(model.size()));
          check(vf, other, model.get(other));
        }
      }
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      for (Map.Entry<String, LayoutOracle.ModelVersion> e : model.entrySet()) {
        check(vf, e.getKey(), e.getValue());
      }
    }
    if (!model.isEmpty()) {
      LayoutOracle.check(file, current, model);
    }
    Files.deleteIfExists(file);
  }

  private static void check(VersionedFile vf, String version, LayoutOracle.ModelVersion m)
      throws IOException {
    VersionView v = vf.version(version);
    assertEquals(m.parent(), v.info().parent());
    assertEquals(m.datasets().keySet().stream().sorted().toList(),
        v.datasetPaths().stream().sorted().toList(), version);
    for (Map.Entry<String, ModelArray> d : m.datasets().entrySet()) {
      assertArrayEquals(d.getValue().shape, v.shape(d.getKey()), version + ":" + d.getKey());
      assertArrayEquals(d.getValue().values, (double[]) v.read(d.getKey()), 0,
          version + ":" + d.getKey());
    }
  }

  private static long[] randomShape(Random rnd, int rank) {
    long[] s = new long[rank];
    for (int d = 0; d < rank; d++) {
      s[d] = 1 + rnd.nextInt(11);
    }
    return s;
  }

  private static void edit(StagedVersion s, Map<String, ModelArray> ds,
      Map<String, PathSpec> specs, Random rnd) throws IOException {
    int kind = rnd.nextInt(10);
    List<String> present = new ArrayList<>(ds.keySet());
    if (present.isEmpty() || kind >= 7) {
      String p = PATHS[rnd.nextInt(PATHS.length)];
      if (ds.containsKey(p)) {
        return;
      }
      PathSpec spec = specs.computeIfAbsent(p, k -> {
        int rank = 1 + rnd.nextInt(2);
        long[] c = new long[rank];
        for (int d = 0; d < rank; d++) {
          c[d] = 1 + rnd.nextInt(4);
        }
        double[] fills = {0, -1, 2.5};
        return new PathSpec(c, fills[rnd.nextInt(3)]);
      });
      long[] shape = randomShape(rnd, spec.chunks().length);
      s.createDataset(p, DatasetSpec.empty(Datatypes.FLOAT64, shape).chunks(spec.chunks())
          .fillValue(spec.fill()));
      ds.put(p, new ModelArray("<f8", shape, spec.fill()));
      return;
    }
    String p = present.get(rnd.nextInt(present.size()));
    ModelArray m = ds.get(p);
    if (kind == 5) {
      long[] shape = randomShape(rnd, m.shape.length);
      s.resize(p, shape);
      m.resize(shape);
      return;
    }
    if (kind == 6) {
      s.delete(p);
      ds.remove(p);
      return;
    }
    long[] start = new long[m.shape.length];
    long[] extent = new long[m.shape.length];
    int count = 1;
    for (int d = 0; d < start.length; d++) {
      start[d] = rnd.nextInt((int) m.shape[d]);
      extent[d] = 1 + rnd.nextInt((int) (m.shape[d] - start[d]));
      count *= extent[d];
    }
    double[] values = new double[count];
    double[] palette = {0, 1, 2, m.fill};
    for (int i = 0; i < count; i++) {
      values[i] = palette[rnd.nextInt(palette.length)];
    }
    s.write(p, start, extent, values);
    m.write(start, extent, values);
  }
}
