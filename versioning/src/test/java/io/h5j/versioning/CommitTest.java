package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Versions made by h5j read back as the model says, and h5py finds versioned-hdf5's layout. */
@OracleTest
class CommitTest {
  private Path file;
  private final Map<String, LayoutOracle.ModelVersion> model = new LinkedHashMap<>();

  @BeforeEach
  void setUp() throws IOException {
    file = Files.createTempFile("h5j-commit", ".h5");
  }

  @AfterEach
  void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  private static double[] arange(int n, double from) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = from + i;
    }
    return a;
  }

  private static int[] ints(double[] a) {
    return Arrays.stream(a).mapToInt(x -> (int) x).toArray();
  }

  private Map<String, ModelArray> copyOf(String version) {
    Map<String, ModelArray> out = new LinkedHashMap<>();
    model.get(version).datasets().forEach((k, v) -> out.put(k, v.copy()));
    return out;
  }

  private void assertVersionsMatchModel(VersionedFile vf) throws IOException {
    for (Map.Entry<String, LayoutOracle.ModelVersion> e : model.entrySet()) {
      VersionView v = vf.version(e.getKey());
      assertEquals(e.getValue().parent(), v.info().parent());
      assertEquals(e.getValue().datasets().keySet().stream().sorted().toList(),
          v.datasetPaths().stream().sorted().toList(), e.getKey());
      for (Map.Entry<String, ModelArray> d : e.getValue().datasets().entrySet()) {
        ModelArray m = d.getValue();
        assertArrayEquals(m.shape, v.shape(d.getKey()), e.getKey() + ":" + d.getKey());
        Object got = v.read(d.getKey());
        if (got instanceof int[] g) {
          assertArrayEquals((int[]) m.javaArray(), g, e.getKey() + ":" + d.getKey());
        } else {
          assertArrayEquals((double[]) m.javaArray(), (double[]) got, 0,
              e.getKey() + ":" + d.getKey());
        }
      }
    }
  }

  /** Rows of a hash table in use, read with the format API alone. */
  private long hashRows(String path) throws IOException {
    try (H5File h = H5File.open(file)) {
      return ((Number) h.dataset("/_version_data/" + path + "/hash_table").attributes()
          .get("largest_index")).longValue();
    }
  }

  @Test
  void versionsBranchesAndDeduplication() throws IOException {
    try (VersionedFile vf = VersionedFile.create(file)) {
      assertNull(vf.currentVersion());
      Map<String, ModelArray> v1 = new LinkedHashMap<>();
      try (StagedVersion s = vf.stageVersion("v1")) {
        s.createDataset("grid", DatasetSpec.of(ints(arange(70, 0))).shape(10, 7).chunks(4, 3)
            .fillValue(-1));
        ModelArray grid = new ModelArray("<i4", new long[] {10, 7}, -1);
        grid.write(new long[] {0, 0}, new long[] {10, 7}, arange(70, 0));
        v1.put("grid", grid);
        s.createDataset("sub/x", DatasetSpec.of(arange(5, 1)).chunks(2));
        ModelArray x = new ModelArray("<f8", new long[] {5}, 0);
        x.write(new long[] {0}, new long[] {5}, arange(5, 1));
        v1.put("sub/x", x);
        s.createDataset("zeros", DatasetSpec.empty(Datatypes.FLOAT64, 8).chunks(4));
        v1.put("zeros", new ModelArray("<f8", new long[] {8}, 0));
        s.setAttribute("", "note", "first");
        s.setAttribute("grid", "units", "m");
      }
      model.put("v1", new LayoutOracle.ModelVersion("__first_version__", v1));
      assertEquals("v1", vf.currentVersion());
      assertEquals(9, hashRows("grid"));

      Map<String, ModelArray> v2 = copyOf("v1");
      try (StagedVersion s = vf.stageVersion("v2")) {
        double[] hundreds = new double[12];
        Arrays.fill(hundreds, 100);
        s.write("grid", new long[] {0, 0}, new long[] {4, 3}, ints(hundreds));
        v2.get("grid").write(new long[] {0, 0}, new long[] {4, 3}, hundreds);
        s.write("grid", new long[] {9, 6}, new long[] {1, 1}, new int[] {200});
        v2.get("grid").write(new long[] {9, 6}, new long[] {1, 1}, new double[] {200});
        s.resize("grid", 12, 7);
        v2.get("grid").resize(new long[] {12, 7});
        s.write("zeros", new long[] {0}, new long[] {2}, new double[] {7, 7});
        v2.get("zeros").write(new long[] {0}, new long[] {2}, new double[] {7, 7});
        s.delete("sub");
        v2.remove("sub/x");
        s.createDataset("y", DatasetSpec.empty(Datatypes.INT32, 3, 3).chunks(2, 2)
            .fillValue(5));
        v2.put("y", new ModelArray("<i4", new long[] {3, 3}, 5));
        assertEquals("m", s.attributes("grid").get("units"));
      }
      model.put("v2", new LayoutOracle.ModelVersion("v1", v2));

      long before = hashRows("grid");
      Map<String, ModelArray> v3 = copyOf("v1");
      try (StagedVersion s = vf.stageVersion("v3", "v1")) {
        // chunk (0,0) rewritten with the values it had in v1: de-duplicated
        int[] same = (int[]) s.read("grid", new long[] {0, 0}, new long[] {4, 3});
        s.write("grid", new long[] {0, 0}, new long[] {4, 3}, same.clone());
        // a full chunk of the fill value: neither stored nor mapped
        int[] fills = new int[12];
        Arrays.fill(fills, -1);
        s.write("grid", new long[] {4, 0}, new long[] {4, 3}, fills);
        double[] fillsD = new double[12];
        Arrays.fill(fillsD, -1);
        v3.get("grid").write(new long[] {4, 0}, new long[] {4, 3}, fillsD);
      }
      model.put("v3", new LayoutOracle.ModelVersion("v1", v3));
      assertEquals(before, hashRows("grid"), "nothing new to store in v3");
      assertEquals(List.of("v1", "v2", "v3"), vf.versions().stream().map(VersionInfo::name)
          .toList());
      assertEquals("first", vf.version("v1").info().attributes().get("note"));
      assertEquals("m", vf.version("v3").attributes("grid").get("units"));
      assertEquals("v1", vf.version("v2", 1).name());
      assertVersionsMatchModel(vf);
      assertEquals(List.of(List.of(4L, 0L)), vf.diff("grid", "v1", "v3").stream()
          .map(o -> List.of(o[0], o[1])).toList());
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      assertVersionsMatchModel(vf);
    }
    LayoutOracle.check(file, "v3", model);
  }

  @Test
  void compactMappingsOnRequest() throws IOException {
    try (VersionedFile vf = VersionedFile.create(file).compactMappings(true)) {
      vf.commit("a", null, s -> s.createDataset("d", DatasetSpec.of(arange(10, 0)).chunks(3)));
      vf.commit("b", "a", s -> s.write("d", new long[] {4}, new long[] {1}, new double[] {-4}));
    }
    try (H5File h = H5File.open(file)) {
      var block = h.dataset("/_version_data/versions/b/d").virtualMappings();
      assertEquals(1, block.version(), "HDF5 2.0 block encoding");
      assertEquals(4, block.count());
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      double[] want = arange(10, 0);
      assertArrayEquals(want, (double[]) vf.version("a").read("d"), 0);
      want[4] = -4;
      assertArrayEquals(want, (double[]) vf.version("b").read("d"), 0);
    }
  }

  @Test
  void refusedNamesAndFailedEditsLeaveTheFileAsItWas() throws IOException {
    try (VersionedFile vf = VersionedFile.create(file)) {
      vf.commit("a", null, s -> s.createDataset("d", DatasetSpec.of(arange(6, 0)).chunks(4)));
    }
    byte[] before = Files.readAllBytes(file);
    try (VersionedFile vf = VersionedFile.open(file)) {
      assertThrows(IllegalArgumentException.class, () -> vf.stageVersion("a"));
      assertThrows(IllegalArgumentException.class, () -> vf.stageVersion("x/y"));
      assertThrows(IllegalArgumentException.class, () -> vf.stageVersion("__first_version__"));
      assertThrows(IllegalArgumentException.class, () -> vf.stageVersion("b", "nope"));
      IOException thrown = assertThrows(IOException.class, () -> vf.commit("b", "a", s -> {
        s.write("d", new long[] {0}, new long[] {1}, new double[] {9});
        throw new IOException("the caller changed its mind");
      }));
      assertEquals("the caller changed its mind", thrown.getMessage());
      assertThrows(IllegalArgumentException.class, () -> vf.commit("c", "a",
          s -> s.write("d", new long[] {5}, new long[] {2}, new double[] {1, 2})));
      // try-with-resources: the edit's exception ends the block; close() must not commit
      IllegalArgumentException edit = assertThrows(IllegalArgumentException.class, () -> {
        try (StagedVersion s = vf.stageVersion("d", "a")) {
          s.write("d", new long[] {0}, new long[] {1}, new double[] {7});
          s.write("d", new long[] {5}, new long[] {2}, new double[] {1, 2}); // beyond the shape
        }
      });
      assertEquals(1, edit.getSuppressed().length, "close() reports the dropped version");
      assertTrue(edit.getSuppressed()[0] instanceof IllegalStateException);
      // the caller caught the failed edit and went on: commit() still refuses
      StagedVersion caught = vf.stageVersion("e", "a");
      assertThrows(IllegalArgumentException.class, () -> caught.resize("nope", 3));
      caught.write("d", new long[] {0}, new long[] {1}, new double[] {8});
      IllegalStateException refused = assertThrows(IllegalStateException.class, caught::commit);
      assertTrue(refused.getCause() instanceof IllegalArgumentException, refused.toString());
      assertEquals(List.of("a"), vf.versions().stream().map(VersionInfo::name).toList());
    }
    // opening and closing read-write rewrites the superblock; the content stays the same
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      assertEquals("a", vf.currentVersion());
      assertArrayEquals(arange(6, 0), (double[]) vf.version("a").read("d"), 0);
    }
    assertEquals(before.length, Files.size(file));
  }
}
