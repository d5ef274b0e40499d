package io.h5j.versioning;

import io.h5j.DatasetSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * h5j's judgement of one crashed state of a file: it opens read-only and lists exactly the
 * versions of the state before the operation or of the state after it, each read whole with
 * the expected values; and on a copy, the user's next steps work: the operation again if it
 * did not happen, then one more commit.
 */
final class StateCheck {
  private StateCheck() {}

  /** Which of the two allowed states the file showed. */
  enum Outcome { BEFORE, AFTER, NEITHER, UNOPENED }

  /**
   * What h5j found: whether it opened the file, which state it showed, how many versions of
   * the state before were lost (missing, though the operation keeps them, or read wrong),
   * whether the next commit worked, and every problem.
   */
  record Verdict(Outcome outcome, int lost, boolean nextCommitWorked, List<String> problems) {
    boolean opened() {
      return outcome != Outcome.UNOPENED;
    }

    boolean ok() {
      return problems.isEmpty();
    }
  }

  private static final int[] PROBE = {3, 1, 4, 1, 5, 9, 2};

  /** {@link #check}, counted in {@code report} with the time it took. */
  static Verdict checkInto(CrashReport report, String kind, String label, Path state,
      CrashScenario s) throws IOException {
    long t0 = System.nanoTime();
    Verdict v = check(state, s);
    report.add(s.name(), kind, label, v, System.nanoTime() - t0);
    return v;
  }

  static Verdict check(Path state, CrashScenario s) throws IOException {
    Reading r = read(state, s.before(), s.after());
    if (r.outcome() == Outcome.UNOPENED) {
      return new Verdict(r.outcome(), r.lost(), false, r.problems());
    }
    List<String> problems = new ArrayList<>(r.problems());
    boolean next = nextCommitWorks(state, s, r.outcome(), problems);
    return new Verdict(r.outcome(), r.lost(), next, problems);
  }

  /**
   * What h5j reads in a state, the next commit not tried: which of the two states it shows,
   * how many versions of {@code before} were lost, and every problem.
   */
  record Reading(Outcome outcome, int lost, List<String> problems) {
    boolean ok() {
      return problems.isEmpty();
    }
  }

  /** Opens {@code state} read-only and reads every version it lists whole. */
  static Reading read(Path state, FileExpectation before, FileExpectation after) {
    List<String> problems = new ArrayList<>();
    try (VersionedFile vf = VersionedFile.openReadOnly(state)) {
      List<String> listed = vf.versions().stream().map(VersionInfo::name).sorted().toList();
      String current = vf.currentVersion();
      current = current == null ? FileExpectation.NO_VERSION : current;
      Outcome outcome = shows(before, listed, current) ? Outcome.BEFORE
          : shows(after, listed, current) ? Outcome.AFTER : Outcome.NEITHER;
      if (outcome == Outcome.NEITHER) {
        problems.add("lists " + listed + " with current " + current + "; expected "
            + names(before) + " with current " + before.current() + ", or "
            + names(after) + " with current " + after.current());
      }
      FileExpectation expected = outcome == Outcome.BEFORE ? before : after;
      int lost = 0;
      for (String v : listed) {
        FileExpectation.Version want = expected.versions().containsKey(v)
            ? expected.versions().get(v) : before.versions().get(v);
        boolean right = want != null && readsAs(vf, v, want, problems);
        if (!right && before.versions().containsKey(v)) {
          lost++;
        }
      }
      for (String v : before.versions().keySet()) {
        if (!listed.contains(v) && after.versions().containsKey(v)) {
          lost++;
          problems.add("version " + v + " is gone");
        }
      }
      return new Reading(outcome, lost, problems);
    } catch (IOException | RuntimeException e) {
      problems.add("h5j cannot open it: " + e);
      return new Reading(Outcome.UNOPENED, before.versions().size(), problems);
    }
  }

  /**
   * For a file that must show one of {@code allowed} and needs no operation redone (what a
   * create leaves): the verdict of the first it shows, else of the first.
   */
  static Verdict checkShowsOneOf(Path state, String name, List<FileExpectation> allowed)
      throws IOException {
    Verdict first = null;
    for (FileExpectation e : allowed) {
      Verdict v = check(state, new CrashScenario(name, null, e, e, vf -> { }));
      if (v.ok()) {
        return v;
      }
      first = first == null ? v : first;
    }
    return first;
  }

  private static boolean shows(FileExpectation e, List<String> listed, String current) {
    return names(e).equals(listed) && e.current().equals(current);
  }

  private static List<String> names(FileExpectation e) {
    return e.versions().keySet().stream().sorted().toList();
  }

  /** Whether version {@code v} reads as {@code want}; adds what differs to {@code problems}. */
  private static boolean readsAs(VersionedFile vf, String v, FileExpectation.Version want,
      List<String> problems) {
    int before = problems.size();
    try {
      VersionView view = vf.version(v);
      if (!view.info().parent().equals(want.parent())) {
        problems.add(v + ": parent " + view.info().parent() + ", expected " + want.parent());
      }
      List<String> paths = new ArrayList<>(new TreeSet<>(view.datasetPaths()));
      List<String> wanted = new ArrayList<>(new TreeSet<>(want.datasets().keySet()));
      if (!paths.equals(wanted)) {
        problems.add(v + ": datasets " + paths + ", expected " + wanted);
      }
      for (Map.Entry<String, FileExpectation.Data> d : want.datasets().entrySet()) {
        if (!paths.contains(d.getKey())) {
          continue;
        }
        long[] shape = view.shape(d.getKey());
        String sha = ValueDigest.of(d.getValue().dtype(), view.read(d.getKey()));
        FileExpectation.Data got = new FileExpectation.Data(d.getValue().dtype(), shape, sha);
        if (!got.equals(d.getValue())) {
          problems.add(v + ":" + d.getKey() + " reads as " + got + ", expected " + d.getValue());
        }
      }
    } catch (IOException | RuntimeException e) {
      problems.add(v + ": cannot be read whole: " + e);
    }
    return problems.size() == before;
  }

  /**
   * On a copy of the state: the operation again unless the state shows it done, which must
   * give the state after; then a commit of a new dataset on the current version.
   */
  private static boolean nextCommitWorks(Path state, CrashScenario s, Outcome outcome,
      List<String> problems) throws IOException {
    Path copy = Files.createTempFile(state.getParent(), "next-", ".h5");
    try {
      Files.copy(state, copy, StandardCopyOption.REPLACE_EXISTING);
      try (VersionedFile vf = VersionedFile.open(copy)) {
        if (outcome != Outcome.AFTER) {
          s.operation().run(vf);
          List<String> listed = vf.versions().stream().map(VersionInfo::name).sorted().toList();
          if (!listed.equals(names(s.after()))) {
            problems.add("after the operation again it lists " + listed + ", expected "
                + names(s.after()));
            return false;
          }
        }
        String parent = vf.currentVersion();
        vf.commit("probe", parent, v -> v.createDataset("crash_probe",
            DatasetSpec.of(PROBE.clone()).chunks(4)));
        int[] read = (int[]) vf.version("probe").read("crash_probe");
        if (!Arrays.equals(PROBE, read)) {
          problems.add("the next commit reads back " + Arrays.toString(read));
          return false;
        }
        boolean intact = true;
        for (Map.Entry<String, FileExpectation.Version> v : s.after().versions().entrySet()) {
          intact &= readsAs(vf, v.getKey(), v.getValue(), problems);
        }
        return intact;
      }
    } catch (IOException | RuntimeException e) {
      problems.add("the next commit" + (outcome != Outcome.AFTER ? " (the operation again)" : "")
          + " fails: " + e);
      return false;
    } finally {
      Files.deleteIfExists(copy);
    }
  }
}
