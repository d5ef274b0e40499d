package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interop scenario h5j writes (every dtype and rank, strings, groups, a branch, a shrink
 * and a growth, a dataset with no stored chunk, deleteVersions and rebuildHashTables, then more
 * commits), judged by h5py through {@code tools/versioned-hdf5-check/check.py}, checks clean:
 * no layout rule is broken by h5j's own upkeep, and every chunk hashes to its row; verified
 * reads of every version return what unverified ones do.
 */
@OracleTest
class ScenarioCheckTest {
  private static final Path CHECK = Path.of("..", "tools", "versioned-hdf5-check", "check.py");

  @TempDir
  Path dir;

  @Test
  void theScenarioChecksClean() throws IOException {
    Path file = dir.resolve("scenario.h5");
    Path manifest = dir.resolve("scenario.json");
    assertEquals(List.of(), InteropMain.write(file, manifest));
    assertEquals(List.of(), InteropMain.extend(file, manifest));
    String judged = Oracles.python(Files.readString(CHECK), "verify", file.toString(),
        manifest.toString(), "--reader", "h5py");
    assertTrue(judged.contains("every version matched"), judged);
    try (VersionedFile plain = VersionedFile.openReadOnly(file);
        VersionedFile verified = VersionedFile.openReadOnly(file).verifyChunkHashes(true)) {
      CheckReport r = plain.check();
      assertEquals(List.of(), r.findings());
      assertTrue(r.chunksVerified() > 20, "chunks hashed: " + r.chunksVerified());
      for (VersionInfo v : plain.versions()) {
        for (String p : plain.version(v.name()).datasetPaths()) {
          assertArrayEquals(plain.version(v.name()).readBytes(p),
              verified.version(v.name()).readBytes(p), v.name() + ":" + p);
        }
      }
    }
  }
}
