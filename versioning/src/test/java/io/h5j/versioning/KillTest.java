package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.ChildJvm;
import io.h5j.testing.CrashBudget;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14's real kill test: a child JVM ({@link KillChild}) commits, deletes versions and
 * makes new files with {@code create} in a loop ({@link KillWorkload}) and is killed with
 * SIGKILL at a random moment, {@code -Dh5j.crash.kills=N} times (50) within
 * {@code -Dh5j.crash.killSeconds=S} (150); each child goes on from what the last one left.
 * After each kill, as {@link StateCheck} judges: the main file shows the versions before or
 * after the step the child was in, each whole, and the next commit works; the file made by
 * create is absent (before its first create completed), a complete empty versioned file, or
 * one with its commit; at most one temporary file per name is left. A sample of the states is
 * judged by the libhdf5 and versioned-hdf5 oracles too. Tagged {@code crash}.
 */
@Tag("crash")
@OracleTest
class KillTest {
  private static final String MAIN = "kill test: main file";
  private static final String CREATED = "kill test: file made by create";

  @TempDir
  Path dir;

  private Path main;
  private Path fresh;
  private final CrashReport report = new CrashReport();
  /** What the main file holds after the steps that ended. */
  private FileExpectation model = FileExpectation.EMPTY;
  /** Whether a create of the second file ever completed (then it may never be missing). */
  private boolean freshMade;

  @Test
  void aWriterKilledAtRandomMomentsLeavesTheVersionsBeforeOrAfterItsStep() throws Exception {
    int kills = Integer.getInteger("h5j.crash.kills", 50);
    long deadline = System.nanoTime() + Long.getLong("h5j.crash.killSeconds", 150) * 1_000_000_000L;
    CrashBudget budget = CrashBudget.fromSystemProperties();
    Random rnd = new Random(budget.seed());
    main = dir.resolve("main.h5");
    fresh = dir.resolve("fresh.h5");
    Map<StateOracles.Sample, String> samples = new LinkedHashMap<>();
    int sampleEvery = Math.max(1, kills / Math.max(1, 2 * budget.oracleStates()));
    int done = 0;
    for (; done < kills && System.nanoTime() < deadline; done++) {
      ChildJvm child = ChildJvm.start(KillChild.class, "work", main.toString(), fresh.toString());
      child.await("ready");
      Thread.sleep(rnd.nextInt(1000));
      List<String> lines;
      try {
        lines = child.kill();
      } catch (AssertionError e) {
        problem(MAIN, "child failed", "run " + (done + 1), e.getMessage());
        reset();
        continue;
      }
      String pending = replay(lines);
      String kind = "SIGKILL " + (pending == null ? "between steps"
          : "in " + pending.replaceAll(" v\\d+$", ""));
      String label = "kill " + (done + 1) + " (" + (pending == null ? "between steps"
          : "in " + pending) + ")";
      StateOracles.Sample sample = checkMain(pending, kind, label, done % sampleEvery == 0
          ? dir.resolve("sample-" + done + ".h5") : null);
      if (sample != null) {
        samples.put(sample, kind);
      }
      checkCreated(kind, label);
      checkTemporaryFiles(kind, label);
    }
    OracleJury jury = new OracleJury();
    try {
      jury.judge(MAIN, samples, report);
    } finally {
      report.publish("kill test: " + done + " kills");
    }
    assertTrue(done >= kills, "only " + done + " of " + kills + " kills within the time limit");
    assertEquals(0, report.problemCount(), report.text());
    jury.rethrowMissing();
  }

  /** Advances the model over the steps the child ended; the step it was in, or null. */
  private String replay(List<String> lines) {
    String pending = null;
    for (String line : lines) {
      if (line.startsWith("begin ")) {
        pending = line.substring(6);
      } else if (line.startsWith("end ")) {
        String step = line.substring(4);
        if (!step.startsWith("create")) {
          model = KillWorkload.after(model, step);
        }
        freshMade |= step.equals("create fresh");
        pending = null;
      }
    }
    return pending;
  }

  /**
   * Judges the main file after a kill in step {@code pending} (null: between steps); copies
   * it to {@code sampleTo} for the oracles if given, and returns that sample.
   */
  private StateOracles.Sample checkMain(String pending, String kind, String label,
      Path sampleTo) throws IOException {
    boolean mainStep = pending != null && !pending.startsWith("create");
    FileExpectation after = mainStep ? KillWorkload.after(model, pending) : model;
    CrashScenario.Operation again = mainStep ? vf -> KillWorkload.run(vf, pending) : vf -> { };
    CrashScenario s = new CrashScenario(MAIN, null, model, after, again);
    if (!Files.exists(main)) {
      if (!model.equals(FileExpectation.EMPTY)) {
        problem(MAIN, kind, label, "the main file is gone");
      }
      return null;
    }
    StateOracles.Sample sample = null;
    if (sampleTo != null) {
      Files.copy(main, sampleTo, StandardCopyOption.REPLACE_EXISTING);
      sample = new StateOracles.Sample(sampleTo, label, List.of(model, after));
    }
    StateCheck.Verdict v = StateCheck.checkInto(report, kind, label, main, s);
    if (!v.ok()) {
      reset();
    } else if (v.outcome() == StateCheck.Outcome.AFTER) {
      model = after;
    }
    return sample;
  }

  private void checkCreated(String kind, String label) throws IOException {
    if (Files.exists(fresh)) {
      StateCheck.checkInto(report, kind, label, fresh, new CrashScenario(CREATED, null,
          FileExpectation.EMPTY, KillWorkload.FRESH,
          vf -> vf.commit("f1", null, st -> KillWorkload.write(st, 0))));
      freshMade = true;
    } else if (freshMade) {
      problem(CREATED, kind, label, "the file made by create is gone");
    }
  }

  private void checkTemporaryFiles(String kind, String label) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> parts = s.filter(p -> p.getFileName().toString().endsWith(".part")).toList();
      if (parts.size() > 2) {
        problem("kill test: temporary files", kind, label, parts.size() + " are left: " + parts);
      }
    }
  }

  private void problem(String operation, String kind, String label, String what) {
    report.add(operation, kind, label, new StateCheck.Verdict(StateCheck.Outcome.NEITHER, 0,
        false, List.of(what)));
  }

  /** After a broken state: start again from no files, so that later kills are judged too. */
  private void reset() throws IOException {
    Files.deleteIfExists(main);
    Files.deleteIfExists(fresh);
    model = FileExpectation.EMPTY;
    freshMade = false;
  }
}
