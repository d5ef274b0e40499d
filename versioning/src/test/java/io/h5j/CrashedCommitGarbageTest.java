package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What crashed commits leave is reused, not leaked: 100 commits, each in a session of its own
 * and each dying at a random write, then one that completes, grow a versioned-hdf5 file by no
 * more than that last commit alone grows a copy of it; every earlier version reads as before
 * throughout. (In package io.h5j to use the format's fault-injecting channel.)
 */
@OracleTest
class CrashedCommitGarbageTest {
  @TempDir
  Path dir;

  private static void commit(VersionedFile vf, String name, int seed) throws IOException {
    vf.commit(name, "v3", s -> {
      int[] block = new int[12];
      java.util.Arrays.fill(block, seed);
      s.write("grid", new long[] {4, 0}, new long[] {4, 3}, block);
      s.resize("grid", 14, 7);
      s.createDataset("more", DatasetSpec.of(new double[] {seed, 2, 3, 4, 5, 6, 7}).chunks(3));
    });
  }

  @Test
  void hundredCrashedCommitsCostNoMoreThanTheLargest() throws Exception {
    Path source = Fixtures.dir().resolve("versioned-hdf5").resolve("smoke-2.4.1.dev-5389a78.h5");
    Path reference = dir.resolve("reference.h5");
    Files.copy(source, reference);
    FaultyChannel[] counting = new FaultyChannel[1];
    H5File r = H5File.openReadWrite(reference,
        c -> counting[0] = new FaultyChannel(c, Integer.MAX_VALUE));
    try (VersionedFile vf = VersionedFile.of(r, true)) {
      commit(vf, "v4", 1);
    }
    int writes = counting[0].writes();
    assertTrue(writes > 20, "a commit writes more than 20 times: " + writes);
    long oneCommit = Files.size(reference) - Files.size(source);
    Path f = dir.resolve("crashed.h5");
    Files.copy(source, f);
    Map<String, String> before = VersionDigests.h5j(f);
    Random rnd = new Random(14);
    int crashes = 0;
    while (crashes < 100) {
      int failAt = 1 + rnd.nextInt(writes - 1);
      H5File h = H5File.openReadWrite(f, c -> new FaultyChannel(c, failAt));
      try (VersionedFile vf = VersionedFile.of(h, true)) {
        commit(vf, "v4", 1);
        throw new AssertionError("the commit ended although its write " + failAt + " of "
            + writes + " failed");
      } catch (IOException e) {
        assertTrue(e.getMessage().contains("injected fault"), e.toString());
        crashes++;
      }
      assertEquals(before, VersionDigests.h5j(f), "after crash " + crashes);
    }
    try (VersionedFile vf = VersionedFile.open(f)) {
      commit(vf, "v4", 1);
    }
    long growth = Files.size(f) - Files.size(source);
    assertTrue(growth <= oneCommit, "100 crashed commits and one complete grew the file by "
        + growth + " bytes; the complete one alone by " + oneCommit);
    assertEquals(VersionDigests.h5j(reference), VersionDigests.h5j(f));
    // libhdf5 reads the same versions in both
    java.util.List<Map<String, String>> byH5py = VersionDigests.h5py(java.util.List.of(
        reference, f));
    assertEquals(byH5py.get(0), byH5py.get(1));
    assertEquals(VersionDigests.h5j(f), byH5py.get(1));
  }
}
