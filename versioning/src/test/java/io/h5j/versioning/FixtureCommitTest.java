package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.H5File;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * h5j commits on top of files versioned-hdf5 wrote: chunks equal to stored ones reuse their
 * slots (the file's own hash tables de-duplicate them), new ones take new slots, and h5py
 * finds every old and new version as expected.
 */
@OracleTest
class FixtureCommitTest {
  private static long hashRows(Path file, String path) throws IOException {
    try (H5File h = H5File.open(file)) {
      return ((Number) h.dataset("/_version_data/" + path + "/hash_table").attributes()
          .get("largest_index")).longValue();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"smoke-1.7.0.h5", "smoke-2.4.1.dev-5389a78.h5"})
  void commitsOnTopDeduplicateAgainstTheFilesHashTables(String name) throws IOException {
    JsonNode entry = VersionedFixtures.entry(name);
    Path file = VersionedFixtures.copy(name);
    try {
      Map<String, LayoutOracle.ModelVersion> model = LayoutOracleTest.expectation(entry);
      JsonNode v3 = entry.get("versions").get(2);
      ModelArray grid = null;
      ModelArray nested = null;
      for (JsonNode d : v3.get("datasets")) {
        if (d.get("path").asText().equals("grid")) {
          grid = VersionedFixtures.fromManifest(d);
        } else {
          nested = VersionedFixtures.fromManifest(d);
        }
      }
      long gridRows = hashRows(file, "grid");
      long nestedRows = hashRows(file, "sub/nested");
      // v1's first chunk, rows 0-3 and columns 0-2 of arange(70).reshape(10, 7)
      int[] v1Chunk = {0, 1, 2, 7, 8, 9, 14, 15, 16, 21, 22, 23};
      int[] fresh = {-5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16};
      try (VersionedFile vf = VersionedFile.open(file)) {
        assertEquals("v3", vf.currentVersion());
        try (StagedVersion s = vf.stageVersion("v4")) {
          s.write("grid", new long[] {0, 3}, new long[] {4, 3}, v1Chunk);
          s.write("grid", new long[] {4, 3}, new long[] {4, 3}, fresh);
          s.write("sub/nested", new double[] {1, 2, 3, 4, 5});
        }
      }
      grid.write(new long[] {0, 3}, new long[] {4, 3}, toDouble(v1Chunk));
      grid.write(new long[] {4, 3}, new long[] {4, 3}, toDouble(fresh));
      nested.values = new double[] {1, 2, 3, 4, 5};
      model.put("v4", new LayoutOracle.ModelVersion("v3", Map.of("grid", grid,
          "sub/nested", nested)));
      assertEquals(gridRows + 1, hashRows(file, "grid"), "only the fresh chunk is new");
      assertEquals(nestedRows + 3, hashRows(file, "sub/nested"));
      try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
        assertArrayEquals((int[]) grid.javaArray(), (int[]) vf.version("v4").read("grid"));
        assertEquals(List.of("grid", "sub/nested"), vf.log().get(3).changedDatasets());
      }
      LayoutOracle.check(file, "v4", model, false);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static double[] toDouble(int[] a) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i];
    }
    return d;
  }
}
