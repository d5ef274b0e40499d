package io.h5j.versioning;

import io.h5j.H5File;
import io.h5j.testing.CrashBudget;
import io.h5j.testing.CrashState;
import io.h5j.testing.CrashStates;
import io.h5j.testing.RecordingChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assertions;

/**
 * Runs a {@link CrashScenario}'s operation through a {@link RecordingChannel}, enumerates the
 * kill and power-cut states of the recording within the {@link CrashBudget}, writes each to a
 * file and has h5j judge it ({@link StateCheck}); a sample of each kind is judged by every
 * {@link StateOracles} reader as well. Counts go to a {@link CrashReport}.
 */
final class CrashHarness {
  private final CrashBudget budget;
  private final Path dir;
  private final CrashReport report;
  private final OracleJury jury = new OracleJury();

  CrashHarness(CrashBudget budget, Path dir, CrashReport report) {
    this.budget = budget;
    this.dir = dir;
    this.report = report;
  }

  /**
   * Writes the scenario's start file, checks that it shows the state before, runs the
   * operation on it through a recording channel and checks that the result shows the state
   * after (so that the expectations themselves are right); the recording and start bytes.
   */
  CrashStates record(CrashScenario s) throws IOException {
    Path file = dir.resolve("start.h5");
    Files.deleteIfExists(file);
    s.setup().write(file);
    requireShows(file, s, StateCheck.Outcome.BEFORE);
    byte[] initial = Files.readAllBytes(file);
    RecordingChannel rec;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      rec = new RecordingChannel(ch);
      try (VersionedFile vf = VersionedFile.of(H5File.open(file, rec, true), true)) {
        s.operation().run(vf);
      }
    }
    requireShows(file, s, StateCheck.Outcome.AFTER);
    return new CrashStates(initial, rec.operations());
  }

  private static void requireShows(Path file, CrashScenario s, StateCheck.Outcome want)
      throws IOException {
    StateCheck.Verdict v = StateCheck.check(file, s);
    // an operation that changes no version (rebuildHashTables) shows as BEFORE throughout
    boolean shown = v.outcome() == want
        || s.before().equals(s.after()) && v.outcome() == StateCheck.Outcome.BEFORE;
    Assertions.assertTrue(shown && v.ok(), s + ": the file "
        + (want == StateCheck.Outcome.BEFORE ? "before" : "after")
        + " the operation is not as the test expects: " + v);
  }

  /**
   * Every kind of state of the scenario, within the budget: all judged by h5j, an evenly
   * spread sample of each kind by the oracles too (one run of each oracle for all of them).
   */
  void run(CrashScenario s) throws IOException {
    CrashStates states = record(s);
    Map<StateOracles.Sample, String> samples = new LinkedHashMap<>();
    try {
      check(s, "kill", states.kills(budget.killStates(), budget.seed()), samples);
      check(s, "power cut", states.powerCuts(budget.powerCutTrials(), budget.seed()), samples);
      jury.judge(s.name(), samples, report);
    } finally {
      for (StateOracles.Sample sample : samples.keySet()) {
        Files.deleteIfExists(sample.file());
      }
    }
  }

  /**
   * Has h5j judge {@code states} of one kind; keeps the files of an evenly spread sample
   * (with their kind) in {@code samples} for the oracles and deletes the others.
   */
  void check(CrashScenario s, String kind, List<CrashState> states,
      Map<StateOracles.Sample, String> samples) throws IOException {
    int wanted = Math.min(budget.oracleStates(), states.size());
    int taken = 0;
    for (int i = 0; i < states.size(); i++) {
      CrashState state = states.get(i);
      Path f = state.writeTo(dir.resolve(kind.replace(' ', '-') + "-" + i + ".h5"));
      StateCheck.checkInto(report, kind, state.label(), f, s);
      // the sample takes states number (k + 1) * size / wanted - 1, k = 0 .. wanted - 1
      if (taken < wanted && i == (long) (taken + 1) * states.size() / wanted - 1) {
        taken++;
        samples.put(new StateOracles.Sample(f, state.label(), List.of(s.before(), s.after())),
            kind);
      } else {
        Files.delete(f);
      }
    }
  }

  /**
   * Ends a test: publishes the report, fails if any state had a problem, then skips or fails
   * (by the oracle rules) if a reader was missing.
   */
  void finish(String title) throws IOException {
    report.publish(title);
    Assertions.assertEquals(0, report.problemCount(), report.text());
    jury.rethrowMissing();
  }
}
