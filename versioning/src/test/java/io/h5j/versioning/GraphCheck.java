package io.h5j.versioning;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The check after each step of a fuzzed graph: h5j reads every version of the file
 * ({@link StateCheck#read}) and must find the model after the step, or (a crashed step) the
 * model before or after it; then each reader peer reads every version it lists through
 * versioned-hdf5 ({@link StateOracles}, one forked child per check) and must find the same
 * one h5j found.
 */
final class GraphCheck {
  private GraphCheck() {}

  /** Which state h5j found, and the problems per reader (none: all read it as the model). */
  record Result(StateCheck.Outcome outcome, Map<String, List<String>> problems) {
    boolean ok() {
      return problems.isEmpty();
    }
  }

  static Result check(Path file, FileExpectation before, FileExpectation after, boolean crashed,
      List<StateOracles> readers, String label, FuzzCounts counts) throws IOException {
    Map<String, List<String>> problems = new LinkedHashMap<>();
    long t0 = System.nanoTime();
    StateCheck.Reading h5j = StateCheck.read(file, before, after);
    counts.add("ms reading by h5j", (System.nanoTime() - t0) / 1_000_000);
    List<String> mine = new java.util.ArrayList<>(h5j.problems());
    if (!crashed && h5j.outcome() == StateCheck.Outcome.BEFORE && !before.equals(after)) {
      mine.add("h5j reads the versions before the step: the step is not in the file");
    }
    if (!mine.isEmpty()) {
      problems.put("h5j", mine);
    }
    List<FileExpectation> seen = switch (h5j.outcome()) {
      case BEFORE -> List.of(before);
      case AFTER -> List.of(after);
      default -> crashed ? List.of(before, after) : List.of(after);
    };
    for (StateOracles o : readers) {
      long t1 = System.nanoTime();
      List<String> found = o.judge(List.of(new StateOracles.Sample(file, label, seen)))
          .get(file);
      counts.add("ms reading by " + o.name(), (System.nanoTime() - t1) / 1_000_000);
      if (!found.isEmpty()) {
        problems.put(o.toString(), found);
      }
    }
    return new Result(h5j.outcome(), problems);
  }
}
