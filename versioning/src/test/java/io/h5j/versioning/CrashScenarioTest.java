package io.h5j.versioning;

import io.h5j.testing.CrashBudget;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 14's guarantee under the crash simulator: for every operation of
 * {@link CrashScenarios}, every kill and power-cut state (within the {@link CrashBudget})
 * opens in h5j and shows exactly the versions before the operation or after it, each whole,
 * and the next commit works; a sample opens in h5py (libhdf5 1.10.8 and 2.0) and
 * versioned-hdf5 (both peers) the same way. Tagged {@code crash}, and run on request only
 * ({@code -Dgroups=crash -DexcludedGroups=demo}) until switched on in versioning's pom.
 */
@Tag("crash")
@OracleTest
class CrashScenarioTest {
  @TempDir
  Path dir;

  static List<CrashScenario> scenarios() {
    return CrashScenarios.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void everyCrashStateShowsTheVersionsBeforeOrAfterAndTheNextCommitWorks(CrashScenario s)
      throws IOException {
    CrashHarness harness = new CrashHarness(CrashBudget.fromSystemProperties(), dir,
        new CrashReport());
    harness.run(s);
    harness.finish(s.name());
  }
}
