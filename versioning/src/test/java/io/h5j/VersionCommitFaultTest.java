package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A commit that dies at its n-th write, for every n: the file still opens in h5j and in
 * libhdf5 (h5py) with every earlier version exactly as before, and the new version is either
 * absent or complete. (In package io.h5j to use the format's fault-injecting channel.)
 */
@OracleTest
class VersionCommitFaultTest {
  private static void commitV4(VersionedFile vf) throws IOException {
    vf.commit("v4", "v3", s -> {
      s.write("grid", new long[] {0, 3}, new long[] {4, 3}, new int[] {1, 2, 3, 4, 5, 6, 7, 8,
          9, 10, 11, 12});
      s.resize("grid", 13, 7);
      s.createDataset("fresh", DatasetSpec.of(new double[] {1, 2, 3, 4, 5}).chunks(2));
    });
  }

  @ParameterizedTest
  @ValueSource(strings = {"smoke-1.7.0.h5", "smoke-2.4.1.dev-5389a78.h5"})
  void everyEarlierVersionSurvivesACommitKilledAtAnyWrite(String fixture) throws Exception {
    Path source = Fixtures.dir().resolve("versioned-hdf5").resolve(fixture);
    Map<String, String> before = VersionDigests.h5j(source);
    Path good = Files.createTempFile("h5j-fault-good", ".h5");
    Files.copy(source, good, StandardCopyOption.REPLACE_EXISTING);
    good.toFile().setWritable(true);
    try (VersionedFile vf = VersionedFile.open(good)) {
      commitV4(vf);
    }
    Map<String, String> after = VersionDigests.h5j(good);
    List<Path> damaged = new ArrayList<>();
    try {
      for (int n = 1; ; n++) {
        Path f = Files.createTempFile("h5j-fault-" + n + "-", ".h5");
        Files.copy(source, f, StandardCopyOption.REPLACE_EXISTING);
        f.toFile().setWritable(true);
        damaged.add(f);
        int failAt = n;
        H5File h = H5File.openReadWrite(f, c -> new FaultyChannel(c, failAt));
        boolean failed;
        try (VersionedFile vf = VersionedFile.of(h, true)) {
          commitV4(vf);
          failed = false;
        } catch (IOException e) {
          assertTrue(e.getMessage().contains("injected fault"), e.toString());
          failed = true;
        }
        Map<String, String> now = VersionDigests.h5j(f);
        boolean hasV4 = now.keySet().stream().anyMatch(k -> k.startsWith("v4:"));
        assertEquals(hasV4 ? after : before, now, "fault at write " + n);
        if (!failed) {
          assertTrue(hasV4);
          break;
        }
        assertTrue(n < 2000, "a commit of a few chunks should not need 2000 writes");
      }
      System.out.println(fixture + ": commit killed at each of " + (damaged.size() - 1)
          + " writes");
      assertTrue(damaged.size() > 20, "the commit writes more than 20 times");
      // libhdf5 opens every damaged file and reads every version it lists
      List<String> args = new ArrayList<>();
      damaged.forEach(p -> args.add(p.toString()));
      String out = Oracles.python(String.join("\n",
          "import h5py, sys",
          "for name in sys.argv[1:]:",
          "    f = h5py.File(name, 'r')",
          "    vs = f['_version_data/versions']",
          "    for v in vs:",
          "        if v != '__first_version__' and vs[v].attrs['committed']:",
          "            vs[v].visititems(lambda n, o: o[()] if isinstance(o, h5py.Dataset) "
              + "else None)",
          "    f.close()",
          "print(len(sys.argv) - 1)"), args.toArray(new String[0]));
      assertEquals(String.valueOf(damaged.size()), out.strip());
    } finally {
      for (Path p : damaged) {
        Files.deleteIfExists(p);
      }
      Files.deleteIfExists(good);
    }
  }
}
