package io.h5j.versioning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts per operation and kind of crash: states tried, opened by h5j, shown right (the
 * versions before or after, each read whole), next commit working, versions lost; and per
 * oracle, states judged and passed; and the mean time h5j's judgement of a state took. Keeps
 * the first problems, with the state they were in.
 */
final class CrashReport {
  private static final int KEPT_PROBLEMS = 12;

  private static final class Row {
    int tried;
    int opened;
    int right;
    int nextCommit;
    int lost;
    long nanos;
    final Map<StateOracles, int[]> oracles = new EnumMap<>(StateOracles.class);
  }

  private final Map<String, Row> rows = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();
  private int problemCount;

  private Row row(String operation, String kind) {
    return rows.computeIfAbsent(operation + " | " + kind, k -> new Row());
  }

  synchronized void add(String operation, String kind, String label, StateCheck.Verdict v) {
    add(operation, kind, label, v, 0);
  }

  /** Counts one state h5j judged, in {@code nanos} nanoseconds. */
  synchronized void add(String operation, String kind, String label, StateCheck.Verdict v,
      long nanos) {
    Row r = row(operation, kind);
    r.nanos += nanos;
    r.tried++;
    r.opened += v.opened() ? 1 : 0;
    r.right += v.opened() && v.outcome() != StateCheck.Outcome.NEITHER && v.lost() == 0 ? 1 : 0;
    r.nextCommit += v.nextCommitWorked() ? 1 : 0;
    r.lost += v.lost();
    if (!v.ok()) {
      problem(operation, label, "h5j", v.problems());
    }
  }

  synchronized void addOracle(String operation, String kind, String label, StateOracles o,
      List<String> found) {
    int[] n = row(operation, kind).oracles.computeIfAbsent(o, k -> new int[2]);
    n[0]++;
    n[1] += found.isEmpty() ? 1 : 0;
    if (!found.isEmpty()) {
      problem(operation, label, o.toString(), found);
    }
  }

  private void problem(String operation, String label, String who, List<String> found) {
    problemCount++;
    if (problems.size() < KEPT_PROBLEMS) {
      problems.add(operation + ", " + label + "\n    " + who + ": " + String.join("\n    "
          + who + ": ", found.subList(0, Math.min(4, found.size()))));
    }
  }

  synchronized int problemCount() {
    return problemCount;
  }

  /** The counts as a table, then the first problems. */
  synchronized String text() {
    StringBuilder sb = new StringBuilder(String.format("%-64s %6s %6s %6s %6s %6s %7s  %s%n",
        "operation | crash", "tried", "opened", "right", "next", "lost", "ms/each",
        "oracles (passed/judged)"));
    rows.forEach((k, r) -> {
      StringBuilder o = new StringBuilder();
      r.oracles.forEach((oracle, n) -> o.append(oracle).append(' ').append(n[1]).append('/')
          .append(n[0]).append("; "));
      sb.append(String.format("%-64s %6d %6d %6d %6d %6d %7d  %s%n", k, r.tried, r.opened,
          r.right, r.nextCommit, r.lost, r.tried == 0 ? 0 : r.nanos / 1_000_000 / r.tried, o));
    });
    if (problemCount > 0) {
      sb.append(problemCount).append(" states with problems; the first:\n");
      problems.forEach(p -> sb.append("  ").append(p).append('\n'));
    }
    return sb.toString();
  }

  /** Whether this JVM wrote to the report file yet: a test run starts it afresh. */
  private static boolean started;

  /**
   * Prints the report and adds it to {@code target/crash-report.txt}, which holds the reports
   * of the latest test run.
   */
  void publish(String title) throws IOException {
    String text = "== " + title + "\n" + text();
    System.out.println(text);
    Path out = Path.of("target", "crash-report.txt");
    if (Files.isDirectory(out.getParent())) {
      synchronized (CrashReport.class) {
        Files.writeString(out, text + "\n", StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            started ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        started = true;
      }
    }
  }
}
