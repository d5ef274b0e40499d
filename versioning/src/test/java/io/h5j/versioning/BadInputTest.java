package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.H5File;
import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Damaged or unsupported versioned files: a clear error, and the file as it was. */
@OracleTest
class BadInputTest {
  private Path file;

  @AfterEach
  void tearDown() throws IOException {
    if (file != null) {
      Files.deleteIfExists(file);
    }
  }

  private Path smokeWith(FormatEdit edit) throws IOException {
    file = VersionedFixtures.copy("smoke-1.7.0.h5");
    try (H5File h = H5File.openReadWrite(file)) {
      edit.apply(h);
    }
    return file;
  }

  private interface FormatEdit {
    void apply(H5File h) throws IOException;
  }

  @ParameterizedTest
  @ValueSource(longs = {2, 3, 5})
  void otherDataVersionsAreRefusedWithTheReason(long dataVersion) throws IOException {
    smokeWith(h -> h.group("/_version_data/versions").attributes().put("data_version",
        dataVersion));
    byte[] before = Files.readAllBytes(file);
    H5FormatException e = assertThrows(H5FormatException.class, () -> VersionedFile.open(file));
    assertTrue(e.getMessage().contains("data_version " + dataVersion), e.getMessage());
    assertThrows(H5FormatException.class, () -> VersionedFile.openReadOnly(file));
    assertArrayEquals(before, Files.readAllBytes(file));
  }

  @Test
  void notAVersionedFile() throws IOException {
    file = Files.createTempFile("h5j-plain", ".h5");
    H5File.create(file).close();
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> VersionedFile.openReadOnly(file));
    assertTrue(e.getMessage().contains("_version_data/versions"), e.getMessage());
  }

  @Test
  void aVersionGroupWithoutItsParentIsNamed() throws IOException {
    smokeWith(h -> h.group("/_version_data/versions/v2").attributes().remove("prev_version"));
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      H5FormatException e = assertThrows(H5FormatException.class, vf::versions);
      assertTrue(e.getMessage().contains("/_version_data/versions/v2"), e.getMessage());
    }
  }

  @Test
  void aHashTableClaimingMoreRowsThanItHasIsRefusedBeforeAnyWrite() throws IOException {
    smokeWith(h -> h.dataset("/_version_data/grid/hash_table").attributes()
        .put("largest_index", 15L));
    byte[] before = Files.readAllBytes(file);
    try (VersionedFile vf = VersionedFile.open(file)) {
      H5FormatException e = assertThrows(H5FormatException.class, () -> vf.commit("v4", "v3",
          s -> s.write("grid", new long[] {0, 0}, new long[] {1, 1}, new int[] {42})));
      assertTrue(e.getMessage().contains("/_version_data/grid/hash_table"), e.getMessage());
      assertTrue(e.getMessage().contains("15"), e.getMessage());
      assertEquals("v3", vf.currentVersion());
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      assertEquals(3, vf.versions().size());
    }
    assertEquals(before.length, Files.size(file));
  }

  /**
   * The trace of an interrupted Python commit: raw_data and hash_table hold rows past
   * largest_index. They are ignored (a tail hash is never trusted) and overwritten.
   */
  @Test
  void aHashTableTailPastLargestIndexIsIgnoredAndOverwritten() throws IOException {
    file = VersionedFixtures.copy("smoke-1.7.0.h5");
    int[] c = {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
    Oracles.python(String.join("\n",
        "import h5py, hashlib, sys, numpy as np",
        "f = h5py.File(sys.argv[1], 'r+')",
        "ht = f['_version_data/grid/hash_table']",
        "raw = f['_version_data/grid/raw_data']",
        "assert ht.attrs['largest_index'] == 14 and raw.shape == (56, 3)",
        "c = np.full((4, 3), 7, dtype='<i4')",
        "h = hashlib.sha256(c.tobytes() + b'(4, 3)').digest()",
        "ht.resize((16,))",
        "ht[14] = (np.frombuffer(h, 'u1'), (56, 60))",
        "ht[15] = (np.zeros(32, 'u1') + 1, (60, 64))",
        "raw.resize((64, 3))",
        "raw[56:64] = 999",
        "f.close()"), file.toString());
    try (VersionedFile vf = VersionedFile.open(file)) {
      vf.commit("v4", "v3", s -> s.write("grid", new long[] {0, 0}, new long[] {4, 3}, c));
      int[] grid = (int[]) vf.version("v4").read("grid", io.h5j.Selection.box(
          new long[] {0, 0}, new long[] {4, 3}));
      assertArrayEquals(c, grid);
    }
    Map<String, LayoutOracle.ModelVersion> model = LayoutOracleTest.expectation(
        VersionedFixtures.entry("smoke-1.7.0.h5"));
    Map<String, ModelArray> v4 = new LinkedHashMap<>(model.get("v3").datasets());
    ModelArray grid = null;
    for (var d : VersionedFixtures.entry("smoke-1.7.0.h5").get("versions").get(2)
        .get("datasets")) {
      if (d.get("path").asText().equals("grid")) {
        grid = VersionedFixtures.fromManifest(d);
      }
    }
    grid.write(new long[] {0, 0}, new long[] {4, 3}, new double[] {7, 7, 7, 7, 7, 7, 7, 7, 7,
        7, 7, 7});
    v4.put("grid", grid);
    model.put("v4", new LayoutOracle.ModelVersion("v3", v4));
    LayoutOracle.check(file, "v4", model, false);
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "ht = f['_version_data/grid/hash_table']",
        "print(int(ht.attrs['largest_index']), [int(x) for x in ht[14]['shape']],",
        "      f['_version_data/versions/v4/grid'][0:4, 0:3].tolist()[0])"), file.toString());
    assertEquals("15 [56, 60] [7, 7, 7]", out.strip());
  }
}
