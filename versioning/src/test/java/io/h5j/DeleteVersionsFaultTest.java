package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A deleteVersions that dies at its n-th write, for every n: the file still opens in h5j and
 * in libhdf5 (h5py); every version kept reads exactly as before, and the versions deleted
 * are either all there, exactly as before, or all gone. (In package io.h5j to use the
 * format's fault-injecting channel.)
 */
@OracleTest
class DeleteVersionsFaultTest {
  private static final Set<String> DROPPED = Set.of("v1", "v4");

  /** A versioned-hdf5 fixture plus versions written by h5j, so that the delete compacts. */
  private static Path source(String fixture) throws IOException {
    Path f = Files.createTempFile("h5j-delfault-src", ".h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5").resolve(fixture), f,
        StandardCopyOption.REPLACE_EXISTING);
    f.toFile().setWritable(true);
    try (VersionedFile vf = VersionedFile.open(f)) {
      vf.commit("v4", "v3", s -> {
        s.write("grid", new long[] {0, 3}, new long[] {4, 3}, new int[] {1, 2, 3, 4, 5, 6, 7,
            8, 9, 10, 11, 12});
        s.resize("grid", 13, 7);
        s.createDataset("fresh", DatasetSpec.of(new double[] {1, 2, 3, 4, 5}).chunks(2));
      });
      vf.commit("v5", "v4", s -> s.write("fresh", new long[] {0}, new long[] {2},
          new double[] {-1, -2}));
    }
    return f;
  }

  private static long rawRows(Path file, String path) throws IOException {
    try (H5File h = H5File.open(file)) {
      return h.dataset("/_version_data/" + path + "/raw_data").shape()[0];
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"smoke-1.7.0.h5", "smoke-2.4.1.dev-5389a78.h5"})
  void everyVersionSurvivesADeleteKilledAtAnyWrite(String fixture) throws Exception {
    Path source = source(fixture);
    Map<String, String> before = VersionDigests.h5j(source);
    Path good = Files.createTempFile("h5j-delfault-good", ".h5");
    Files.copy(source, good, StandardCopyOption.REPLACE_EXISTING);
    try (VersionedFile vf = VersionedFile.open(good)) {
      vf.deleteVersions(DROPPED.toArray(new String[0]));
    }
    Map<String, String> after = VersionDigests.h5j(good);
    assertEquals(VersionDigests.only(before, Set.of("v2", "v3", "v5")), after);
    assertTrue(rawRows(good, "grid") < rawRows(source, "grid"),
        "the delete compacts raw_data, so the test covers moving chunks");
    List<Path> damaged = new ArrayList<>();
    List<Map<String, String>> expected = new ArrayList<>();
    try {
      for (int n = 1; ; n++) {
        Path f = Files.createTempFile("h5j-delfault-" + n + "-", ".h5");
        Files.copy(source, f, StandardCopyOption.REPLACE_EXISTING);
        damaged.add(f);
        int failAt = n;
        H5File h = H5File.openReadWrite(f, c -> new FaultyChannel(c, failAt));
        boolean failed;
        try (VersionedFile vf = VersionedFile.of(h, true)) {
          vf.deleteVersions(DROPPED.toArray(new String[0]));
          failed = false;
        } catch (IOException e) {
          assertTrue(e.getMessage().contains("injected fault"), e.toString());
          failed = true;
        }
        Map<String, String> now = VersionDigests.h5j(f);
        boolean dropped = now.keySet().stream().noneMatch(k -> k.startsWith("v1:"));
        assertEquals(dropped ? after : before, now, "fault at write " + n);
        expected.add(now);
        if (!failed) {
          assertTrue(dropped);
          break;
        }
        assertTrue(n < 5000, "a delete of a small file should not need 5000 writes");
      }
      System.out.println(fixture + ": deleteVersions killed at each of "
          + (damaged.size() - 1) + " writes");
      assertTrue(damaged.size() > 20, "the delete writes more than 20 times");
      assertNotEquals(before, after);
      // libhdf5 opens every damaged file and reads each version exactly as h5j does
      assertEquals(expected, VersionDigests.h5py(damaged));
    } finally {
      for (Path p : damaged) {
        Files.deleteIfExists(p);
      }
      Files.deleteIfExists(good);
      Files.deleteIfExists(source);
    }
  }
}
