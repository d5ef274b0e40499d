package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.H5File;
import io.h5j.testing.ChildJvm;
import io.h5j.testing.CrashBudget;
import io.h5j.testing.CrashState;
import io.h5j.testing.CrashStates;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The four failures at the top of issue 14, one test each: a commit creating datasets killed
 * before their raw_data exists; killed between marking a version committed and making it
 * current; killed inside {@code create}; a power cut before a commit's first or second fsync.
 * The first two pick, among every kill state of the recorded commit, those in the condition
 * the issue describes (none at all is the fix, and passes); the third kills a real process
 * at random moments ({@code -Dh5j.crash.createKills=N}, 10) and at each of its writes, syncs
 * and renames (strace); the fourth tries {@code -Dh5j.crash.epochTrials=N}
 * (25) power cuts in the epoch. Tagged {@code crash}, as {@link CrashScenarioTest}.
 */
@Tag("crash")
@OracleTest
class CrashExamplesTest {
  @TempDir
  Path dir;

  private final CrashBudget budget = CrashBudget.fromSystemProperties();
  private final CrashReport report = new CrashReport();
  private final OracleJury jury = new OracleJury();

  private CrashStates recorded(CrashScenario s) throws IOException {
    return new CrashHarness(budget, dir, report).record(s);
  }

  /** The kill states of {@code states} in which {@code condition} holds, as files. */
  private List<Path> killStatesWhere(CrashStates states, Condition condition) throws IOException {
    List<Path> out = new ArrayList<>();
    List<CrashState> all = states.kills();
    for (int i = 0; i < all.size(); i++) {
      Path f = all.get(i).writeTo(dir.resolve("kill-" + i + ".h5"));
      boolean holds;
      try (H5File h = H5File.open(f)) {
        holds = condition.holds(h);
      } catch (IOException | RuntimeException e) {
        holds = false; // a file the format layer cannot read is CrashScenarioTest's to judge
      }
      if (holds) {
        out.add(f);
      } else {
        Files.delete(f);
      }
    }
    return out;
  }

  private interface Condition {
    boolean holds(H5File f) throws IOException;
  }

  /** Whether state i of n is in the oracles' evenly spread sample. */
  private boolean sampled(int i, int n) {
    int wanted = Math.min(n, budget.oracleStates());
    return wanted > 0 && (i + 1) * wanted / n != i * wanted / n;
  }

  /**
   * Judges states by h5j, and a sample of them by every oracle; fails with the report if any
   * has a problem.
   */
  private void judge(CrashScenario s, String kind, List<Path> states, String title)
      throws IOException {
    Map<StateOracles.Sample, String> samples = new LinkedHashMap<>();
    for (int i = 0; i < states.size(); i++) {
      Path f = states.get(i);
      StateCheck.checkInto(report, kind, f.getFileName().toString(), f, s);
      if (sampled(i, states.size())) {
        samples.put(new StateOracles.Sample(f, f.getFileName().toString(),
            List.of(s.before(), s.after())), kind);
      }
    }
    jury.judge(s.name(), samples, report);
    report.publish(title + ": " + states.size() + " states");
    assertEquals(0, report.problemCount(), report.text());
    jury.rethrowMissing();
  }

  @Test
  void aCommitCreatingDatasetsKilledBeforeTheirRawDataExistsCanBeDoneAgain() throws IOException {
    CrashScenario s = CrashScenarios.firstCommit();
    List<Path> dangling = killStatesWhere(recorded(s), f -> {
      for (String name : List.of("ints", "floats", "names", "sub/deep")) {
        String g = "/_version_data/" + name;
        if (f.root().contains(g) && !f.group(g).contains("raw_data")) {
          return true;
        }
      }
      return false;
    });
    for (int i = 0; i < dangling.size(); i++) {
      if (!sampled(i, dangling.size())) {
        continue;
      }
      Path f = dangling.get(i);
      Path copy = dir.resolve("peer-" + f.getFileName());
      Files.copy(f, copy, StandardCopyOption.REPLACE_EXISTING);
      Oracles.Run r = VersionedHdf5Peers.run(VersionedHdf5Peers.Peer.V2, String.join("\n",
          "import sys, h5py, numpy as np",
          "from versioned_hdf5 import VersionedHDF5File",
          "with h5py.File(sys.argv[1], 'r+') as f:",
          "    with VersionedHDF5File(f).stage_version('v1') as g:",
          "        g.create_dataset('ints', data=np.arange(84, dtype='<i4').reshape(12, 7),"
              + " chunks=(4, 3), fillvalue=-1)",
          "        g.create_dataset('floats', data=np.arange(50) * 0.5, chunks=(8,))",
          "        g.create_dataset('names', data=np.array(['n'] * 10, dtype=object),"
              + " dtype=h5py.string_dtype(), chunks=(4,))",
          "        g.create_dataset('sub/deep', data=np.arange(5.0), chunks=(2,))",
          "print('committed')"), copy.toString());
      report.addOracle(s.name(), "kill, raw_data missing: versioned-hdf5 commits",
          f.getFileName().toString(), StateOracles.VH5_V2, r.exitCode() == 0 ? List.of()
              : List.of("versioned-hdf5 cannot commit the datasets: " + lastLine(r.stderr())));
      Files.delete(copy);
    }
    judge(s, "kill, raw_data missing", dangling, "commit killed before raw_data exists");
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (!lines[i].contains("dealloc") && !lines[i].startsWith("Exception ignored")) {
        return lines[i];
      }
    }
    return text;
  }

  @Test
  void aCommitKilledBetweenCommittedAndCurrentVersionShowsOneOrTheOther() throws IOException {
    CrashScenario s = CrashScenarios.laterCommit();
    List<Path> between = killStatesWhere(recorded(s), f -> {
      var versions = f.group("/_version_data/versions");
      if (!versions.contains("v2") || !versions.group("v2").attributes().contains("committed")) {
        return false;
      }
      Object committed = versions.group("v2").attributes().get("committed");
      boolean isCommitted = Boolean.TRUE.equals(committed) || "TRUE".equals(committed)
          || committed instanceof Number n && n.longValue() != 0;
      return isCommitted && !"v2".equals(versions.attributes().get("current_version"));
    });
    judge(s, "kill, committed but not current", between,
        "commit killed between committed and current_version");
  }

  @Test
  void aKillInsideCreateLeavesNoFileThePreviousOneOrACompleteEmptyOne() throws Exception {
    Path target = dir.resolve("made.h5");
    CrashScenarios.h5jFile(target, 1);
    FileExpectation previous = FileExpectation.EMPTY.withCommit("v1", FileExpectation.NO_VERSION,
        FileExpectation.data(CrashScenarios.modelV1()));
    int kills = Integer.getInteger("h5j.crash.createKills", 10);
    Random rnd = new Random(budget.seed());
    Map<StateOracles.Sample, String> samples = new LinkedHashMap<>();
    String name = "create, over a file with one version";
    for (int k = 0; k < kills; k++) {
      ChildJvm child = ChildJvm.start(KillChild.class, "create", target.toString());
      child.await("ready");
      Thread.sleep(200 + rnd.nextInt(800));
      List<String> lines = child.kill();
      boolean replaced = lines.contains("end create");
      String label = "kill " + (k + 1) + " after " + lines.stream()
          .filter(l -> l.equals("end create")).count() + " creates";
      List<FileExpectation> allowed = replaced ? List.of(FileExpectation.EMPTY)
          : List.of(previous, FileExpectation.EMPTY);
      if (!Files.exists(target)) {
        report.add(name, "SIGKILL in create", label, new StateCheck.Verdict(
            StateCheck.Outcome.UNOPENED, 1, false, List.of("no file at the final name")));
        CrashScenarios.h5jFile(target, 1);
        continue;
      }
      report.add(name, "SIGKILL in create", label, StateCheck.checkShowsOneOf(target, name,
          allowed));
      Path copy = Files.copy(target, dir.resolve("create-" + k + ".h5"));
      samples.put(new StateOracles.Sample(copy, label, allowed), "SIGKILL in create");
      if (replaced || showsNoVersion(target)) {
        previous = FileExpectation.EMPTY; // the old file is gone for good
      }
      try (Stream<Path> parts = Files.list(dir)) {
        long n = parts.filter(p -> p.getFileName().toString().endsWith(".part")).count();
        if (n > 1) {
          report.add(name, "SIGKILL in create", label, new StateCheck.Verdict(
              StateCheck.Outcome.NEITHER, 0, true, List.of(n + " temporary files are left")));
        }
      }
    }
    VersionedFile.create(target).close(); // removes what the killed creates left
    try (Stream<Path> parts = Files.list(dir)) {
      assertEquals(List.of(), parts.filter(p -> p.getFileName().toString().endsWith(".part"))
          .toList(), "temporary files of killed creates are removed by the next create");
    }
    jury.judge(name, samples, report);
    report.publish("killed inside create: " + kills + " kills");
    assertEquals(0, report.problemCount(), report.text());
    jury.rethrowMissing();
  }

  /**
   * The third failure made certain: a child creating the file once is killed (by strace, on
   * entering the call) at each of its positioned writes, syncs and renames in turn, so that
   * no kill depends on timing. Every state shows the previous file or the complete new one.
   */
  @Test
  void aKillAtEachWriteSyncOrRenameOfCreateLeavesThePreviousFileOrTheNewOne() throws Exception {
    Oracles.requireStrace();
    Path target = dir.resolve("at-calls.h5");
    Path previousFile = dir.resolve("previous.h5");
    CrashScenarios.h5jFile(previousFile, 1);
    FileExpectation previous = FileExpectation.EMPTY.withCommit("v1", FileExpectation.NO_VERSION,
        FileExpectation.data(CrashScenarios.modelV1()));
    String name = "create, killed at each call";
    Map<StateOracles.Sample, String> samples = new LinkedHashMap<>();
    int kills = 0;
    for (String call : List.of("pwrite64", "fsync", "rename")) {
      for (int n = 1; ; n++) {
        Files.copy(previousFile, target, StandardCopyOption.REPLACE_EXISTING);
        if (!createKilledAt(target, call, n)) {
          assertEquals(call.equals("pwrite64"), n > 10, "a create makes more than 10 writes, and"
              + " no more than 2 syncs and one rename: it ended before " + call + " " + n);
          break;
        }
        kills++;
        String label = "SIGKILL entering " + call + " " + n;
        report.add(name, "SIGKILL at a call", label, StateCheck.checkShowsOneOf(target, name,
            List.of(previous, FileExpectation.EMPTY)));
        if (n % 8 == 1) {
          Path copy = Files.copy(target, dir.resolve("at-" + call + "-" + n + ".h5"));
          samples.put(new StateOracles.Sample(copy, label, List.of(previous,
              FileExpectation.EMPTY)), "SIGKILL at a call");
        }
      }
    }
    jury.judge(name, samples, report);
    report.publish("killed at each call of create: " + kills + " kills");
    assertEquals(0, report.problemCount(), report.text());
    jury.rethrowMissing();
  }

  /**
   * Runs {@code create-once target} under strace, killed on entering its {@code n}-th {@code
   * call}: whether that happened (false: the child created the file and ended first).
   */
  private static boolean createKilledAt(Path target, String call, int n) throws Exception {
    Process p = new ProcessBuilder(Oracles.STRACE.toString(), "-f", "-qq", "-o", "/dev/null",
        "-e", "trace=" + call, "-e", "inject=" + call + ":signal=KILL:when=" + n,
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto",
        "-cp", System.getProperty("java.class.path"), KillChild.class.getName(), "create-once",
        target.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("create-once under strace did not end in 120 s: " + out);
    }
    if (p.exitValue() == 0) {
      if (!out.contains("end create")) {
        throw new AssertionError("create-once ended without creating: " + out);
      }
      return false;
    }
    if (out.contains("end create") || p.exitValue() != 128 + 9) {
      throw new AssertionError("create-once was not killed inside create (exit "
          + p.exitValue() + "): " + out);
    }
    return true;
  }

  private static boolean showsNoVersion(Path file) {
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      return vf.versions().isEmpty();
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  @ParameterizedTest(name = "before fsync {0}")
  @ValueSource(ints = {1, 2})
  void aPowerCutBeforeTheCommitsFirstOrSecondFsyncLosesNoVersion(int epoch) throws IOException {
    CrashScenario s = CrashScenarios.laterCommit();
    List<CrashState> cuts = recorded(s).powerCuts(epoch, Integer.getInteger(
        "h5j.crash.epochTrials", 25), budget.seed());
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < cuts.size(); i++) {
      files.add(cuts.get(i).writeTo(dir.resolve("cut-" + i + ".h5")));
    }
    judge(s, "power cut before fsync " + epoch, files, "power cut before the commit's fsync "
        + epoch);
  }
}
