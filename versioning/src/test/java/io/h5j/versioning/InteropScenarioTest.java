package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The h5py half of {@code tools/versioned-hdf5-check} (versioned-hdf5 itself cannot run in
 * CI): h5j writes the scenario, and the tool's check.py, reading through h5py alone, replays
 * the manifest with numpy and compares every version; then h5j commits on top and check.py
 * reads again. A manifest that disagrees with the file must make check.py fail.
 */
@OracleTest
class InteropScenarioTest {
  private static final Path CHECK = Path.of("..", "tools", "versioned-hdf5-check", "check.py");
  private Path file;
  private Path manifest;

  @BeforeEach
  void setUp() throws IOException {
    file = Files.createTempFile("h5j-interop", ".h5");
    manifest = Files.createTempFile("h5j-interop", ".json");
  }

  @AfterEach
  void tearDown() throws IOException {
    Files.deleteIfExists(file);
    Files.deleteIfExists(manifest);
  }

  @Test
  void h5pyReadsEveryVersionH5jWritesAndExtends() throws IOException {
    assertEquals(List.of(), InteropMain.write(file, manifest));
    String first = checkPy("verify");
    assertTrue(first.contains("every version matched"), first);
    assertTrue(first.contains("h5j_generation present"), first);

    assertEquals(List.of(), InteropMain.extend(file, manifest));
    String second = checkPy("verify");
    assertTrue(second.contains("every version matched"), second);
  }

  @Test
  void checkPyFailsOnAWrongExpectation() throws IOException {
    assertEquals(List.of(), InteropMain.write(file, manifest));
    Files.writeString(manifest, Files.readString(manifest).replace("\"seed\" : 3", "\"seed\" : 2"));
    Oracles.requireH5py();
    Oracles.Run r = Oracles.run(List.of(Oracles.PYTHON, "-c", Files.readString(CHECK), "verify",
        file.toString(), manifest.toString(), "--reader", "h5py"));
    assertEquals(1, r.exitCode(), r.stdout() + r.stderr());
    assertTrue(r.stdout().contains("MISMATCH b1:cube"), r.stdout());
  }

  private String checkPy(String command) throws IOException {
    return Oracles.python(Files.readString(CHECK), command, file.toString(),
        manifest.toString(), "--reader", "h5py");
  }
}
