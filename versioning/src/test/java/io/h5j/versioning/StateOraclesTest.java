package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * crash_state_oracle.py, under each reader, passes a file that shows an allowed state and
 * fails one whose values, versions or bytes are not as expected, state by state.
 */
@OracleTest
class StateOraclesTest {
  @TempDir
  Path dir;

  /** {@code e} with the digest of version {@code v}'s dataset {@code path} replaced. */
  private static FileExpectation withWrongDigest(FileExpectation e, String v, String path) {
    Map<String, FileExpectation.Version> versions = new LinkedHashMap<>(e.versions());
    FileExpectation.Version ver = versions.get(v);
    Map<String, FileExpectation.Data> ds = new LinkedHashMap<>(ver.datasets());
    FileExpectation.Data d = ds.get(path);
    ds.put(path, new FileExpectation.Data(d.dtype(), d.shape(), "0".repeat(64)));
    versions.put(v, new FileExpectation.Version(ver.parent(), ds));
    return new FileExpectation(e.current(), versions);
  }

  @ParameterizedTest
  @EnumSource(StateOracles.class)
  void theOracleFailsWhatIsNotAnAllowedState(StateOracles oracle) throws IOException {
    oracle.require();
    CrashScenario s = CrashScenarios.laterCommit();
    Path good = dir.resolve("good.h5");
    CrashScenarios.h5jFile(good, 2);
    Path wrongNames = Files.copy(good, dir.resolve("names.h5"));
    Path wrongVersions = Files.copy(good, dir.resolve("versions.h5"));
    Path cut = Files.copy(good, dir.resolve("cut.h5"));
    try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
      f.setLength(f.length() / 3);
    }
    Map<Path, List<String>> found = oracle.judge(List.of(
        new StateOracles.Sample(good, "good", List.of(s.before(), s.after())),
        new StateOracles.Sample(wrongNames, "wrong digest", List.of(s.before(),
            withWrongDigest(s.after(), "v2", "names"))),
        new StateOracles.Sample(wrongVersions, "before only", List.of(s.before())),
        new StateOracles.Sample(cut, "cut", List.of(s.before(), s.after()))));
    assertEquals(List.of(), found.get(good));
    assertTrue(found.get(wrongNames).toString().contains("v2:names"), found.toString());
    assertTrue(found.get(wrongVersions).toString().contains("lists ['v1', 'v2']"),
        found.toString());
    assertTrue(found.get(cut).get(0).startsWith("cannot open"), found.toString());
  }
}
