package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * h5j's judgement of a state passes the states before and after an operation and fails
 * anything else, counting the versions lost.
 */
@OracleTest
class StateCheckTest {
  @TempDir
  Path dir;

  private final CrashScenario commit = CrashScenarios.laterCommit();

  @Test
  void theStatesAfterAndBeforeTheCommitPassAndTheCommitIsRedoneOnTheOne() throws IOException {
    Path after = dir.resolve("after.h5");
    CrashScenarios.h5jFile(after, 2);
    StateCheck.Verdict v = StateCheck.check(after, commit);
    assertEquals(new StateCheck.Verdict(StateCheck.Outcome.AFTER, 0, true, List.of()), v);
    Path before = dir.resolve("before.h5");
    CrashScenarios.h5jFile(before, 1);
    v = StateCheck.check(before, commit);
    assertEquals(new StateCheck.Verdict(StateCheck.Outcome.BEFORE, 0, true, List.of()), v);
  }

  @Test
  void aVersionThatReadsWrongIsLost() throws IOException {
    Path file = dir.resolve("after.h5");
    CrashScenarios.h5jFile(file, 2);
    Map<String, FileExpectation.Version> wrong = new LinkedHashMap<>(commit.after().versions());
    FileExpectation.Version v1 = wrong.get("v1");
    Map<String, FileExpectation.Data> ds = new LinkedHashMap<>(v1.datasets());
    ds.put("ints", new FileExpectation.Data("<i4", new long[] {12, 7}, "0".repeat(64)));
    wrong.put("v1", new FileExpectation.Version(v1.parent(), ds));
    FileExpectation after = new FileExpectation("v2", wrong);
    CrashScenario s = new CrashScenario("wrong", null, commit.before(), after, vf -> { });
    StateCheck.Verdict v = StateCheck.check(file, s);
    assertEquals(StateCheck.Outcome.AFTER, v.outcome());
    assertEquals(1, v.lost());
    assertTrue(v.problems().get(0).startsWith("v1:ints reads as <i4[12, 7]"), v.toString());
  }

  @Test
  void aFileMissingTheVersionBeforeShowsNeitherAndLosesIt() throws IOException {
    Path empty = dir.resolve("empty.h5");
    CrashScenarios.h5jFile(empty, 0);
    StateCheck.Verdict v = StateCheck.check(empty, commit);
    assertEquals(StateCheck.Outcome.NEITHER, v.outcome());
    assertEquals(1, v.lost());
    assertFalse(v.nextCommitWorked(), "the commit on v1 cannot be redone: " + v);
  }

  @Test
  void bytesThatAreNoVersionedFileAreUnopened() throws IOException {
    Path junk = Files.write(dir.resolve("junk.h5"), new byte[4096]);
    StateCheck.Verdict v = StateCheck.check(junk, commit);
    assertEquals(StateCheck.Outcome.UNOPENED, v.outcome());
    assertEquals(1, v.lost());
  }
}
