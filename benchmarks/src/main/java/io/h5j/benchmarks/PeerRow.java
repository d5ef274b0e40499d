package io.h5j.benchmarks;

import io.h5j.benchmarks.Contender.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One row of issue 19's table: its contenders measured in alternating rounds (each round runs
 * every contender once, the order reversed every other round, so a trend in the machine's
 * load and the effect of which run came just before fall on all sides alike), then h5j's
 * median, each peer's, and the per-round ratios h5j / best peer and h5j / floor, each with its
 * median, range and interval ({@link RoundRatios}), against the goals.
 */
final class PeerRow {
  /**
   * A goal of the issue: h5j's time at most {@code limit} times the best peer's (or the
   * floor's).
   */
  record Goal(Role against, double limit, String text) {}

  final String id;
  final String label;
  final List<Contender> contenders = new ArrayList<>();
  final List<Goal> goals = new ArrayList<>();
  final List<String> notes = new ArrayList<>();
  /** Units of work per run (e.g. reads) and their name: medians are also given per unit. */
  private long units = 1;
  private String unit = "";
  /** Whether the contenders' checks must agree (not for, e.g., file sizes of commits). */
  private boolean sameChecks = true;
  /** What differing checks are (e.g. "file bytes"), printed beside each median. */
  private String checkName;
  /** A goal on h5j's check over the best peer's (file size), or null. */
  private Double checkGoal;
  /** Consecutive runs of a contender per round; the round's time is their median. */
  private int repeats = 1;
  /** Warm-up rounds this row runs at least. */
  private int minWarmup = 0;

  PeerRow(String id, String label) {
    this.id = id;
    this.label = label;
  }

  PeerRow add(Contender c) {
    contenders.add(c);
    return this;
  }

  PeerRow goal(Role against, double limit, String text) {
    goals.add(new Goal(against, limit, text));
    return this;
  }

  PeerRow perUnit(long units, String unit) {
    this.units = units;
    this.unit = unit;
    return this;
  }

  /** The checks differ by design (they are reported, e.g. as file sizes, not compared). */
  PeerRow checksDiffer(String what) {
    sameChecks = false;
    checkName = what;
    return this;
  }

  /**
   * Each round runs each contender {@code k} times in a row and counts their median: an
   * operation of a few milliseconds, run once per round, would be timed mostly on cold code
   * (the JVM's interpreter, Python's first calls) rather than as a program doing it again.
   * Such rows also warm up for at least {@code warmup} rounds: the listing reached its steady
   * time only after some 30 runs.
   */
  PeerRow repeats(int k, int warmup) {
    if (k < 1 || warmup < 0) {
      throw new IllegalArgumentException("repeats " + k + ", warm-up " + warmup);
    }
    repeats = k;
    minWarmup = warmup;
    return this;
  }

  /** A goal: h5j's check value at most {@code limit} times the best peer's (file sizes). */
  PeerRow checkGoal(double limit) {
    checkGoal = limit;
    return this;
  }

  /** What one measurement of this row gave. */
  record Result(PeerRow row, List<List<Double>> times, List<Object> checks, String loadBefore,
      String loadAfter, int warmup, int rounds, int repeats) {
    private int index(Role role) {
      int best = -1;
      for (int i = 0; i < row.contenders.size(); i++) {
        Contender c = row.contenders.get(i);
        if (c.role() == role && !c.once() && (best < 0
            || Timing.median(times.get(i)) < Timing.median(times.get(best)))) {
          best = i;
        }
      }
      return best;
    }

    /** h5j / the best contender of {@code role} per round, or null when there is none. */
    RoundRatios ratios(Role role) {
      int j = index(Role.H5J);
      int p = index(role);
      return j < 0 || p < 0 ? null : new RoundRatios(times.get(p), times.get(j));
    }

    String against(Role role) {
      int p = index(role);
      return p < 0 ? "—" : row.contenders.get(p).name();
    }

    /** The row of the summary table. */
    String tableLine() {
      List<String> medians = new ArrayList<>();
      for (int i = 0; i < row.contenders.size(); i++) {
        medians.add(row.contenders.get(i).name() + " " + time(Timing.median(times.get(i)))
            + (row.contenders.get(i).once() ? " (one run)" : "")
            + (row.checkName == null || checks.get(i) == null ? ""
                : String.format(Locale.ROOT, " (%s %,d)", row.checkName,
                    Math.round(Double.parseDouble(checks.get(i).toString())))));
      }
      List<String> verdicts = new ArrayList<>();
      for (Goal g : row.goals) {
        RoundRatios r = ratios(g.against());
        verdicts.add(g.text() + ": " + (r == null ? "**no " + g.against().name().toLowerCase(
            Locale.ROOT) + " measured**" : r.verdict(g.limit())));
      }
      int j = index(Role.H5J);
      int p = index(Role.PEER);
      if (row.checkGoal != null && j >= 0 && p >= 0) {
        double r = Double.parseDouble(checks.get(j).toString())
            / Double.parseDouble(checks.get(p).toString());
        verdicts.add(String.format(Locale.ROOT, "%s ≤ %.2f of the peer's: %.2f, %s",
            row.checkName, row.checkGoal, r, r <= row.checkGoal ? "met" : "**not met**"));
      }
      return "| " + row.label + " | " + String.join("; ", medians) + " | "
          + ratioCell(Role.PEER) + earlierCell() + " | " + ratioCell(Role.FLOOR) + " | "
          + String.join("; ", verdicts) + " | " + loadBefore + " → " + loadAfter + " |";
    }

    /** "; after / before M (range)" when the row timed an earlier build, else nothing. */
    private String earlierCell() {
      return ratios(Role.EARLIER) == null ? "" : "; after / before " + ratioCell(Role.EARLIER);
    }

    private String ratioCell(Role role) {
      RoundRatios r = ratios(role);
      if (r == null) {
        return "—";
      }
      double[] sorted = r.ratios().stream().mapToDouble(Double::doubleValue).sorted().toArray();
      return String.format(Locale.ROOT, "%s (vs %s; range %s–%s)", ratio(r.median()),
          against(role), ratio(sorted[0]), ratio(sorted[sorted.length - 1]));
    }

    /** Every time, round by round, and the ratios' summaries, as Markdown list items. */
    String rawLines() {
      StringBuilder sb = new StringBuilder();
      sb.append("- ").append(row.label).append(String.format(Locale.ROOT,
          " (%d round%s%s%s; load %s before, %s after):%n", rounds, rounds == 1 ? "" : "s",
          warmup == 0 ? ", no warm-up" : " after " + warmup + " warm-up",
          repeats == 1 ? "" : ", each time the median of " + repeats + " runs in a row",
          loadBefore, loadAfter));
      for (int i = 0; i < row.contenders.size(); i++) {
        List<String> ms = new ArrayList<>();
        for (double s : times.get(i)) {
          ms.add(String.format(Locale.ROOT, "%.1f", s * 1e3));
        }
        sb.append("  - ").append(row.contenders.get(i).name()).append(" ms: ")
            .append(String.join(" ", ms));
        if (!row.sameChecks) {
          sb.append("; check ").append(checks.get(i));
        }
        sb.append('\n');
      }
      for (Role role : List.of(Role.PEER, Role.FLOOR, Role.EARLIER)) {
        RoundRatios r = ratios(role);
        if (r != null) {
          List<String> each = new ArrayList<>();
          for (double x : r.ratios()) {
            each.add(String.format(Locale.ROOT, "%.3f", x));
          }
          sb.append("  - h5j / ").append(against(role)).append(": ").append(r.summary())
              .append("; per round ").append(String.join(" ", each)).append('\n');
        }
      }
      if (row.sameChecks && checks.stream().anyMatch(c -> c != null)) {
        sb.append("  - every run's check value agreed: ").append(checks.stream()
            .filter(c -> c != null).findFirst().get()).append('\n');
      }
      for (String n : row.notes) {
        sb.append("  - ").append(n).append('\n');
      }
      return sb.toString();
    }

    private String time(double seconds) {
      String t = CompareWithH5py.fmt(seconds);
      return row.units > 1 ? t + " (" + CompareWithH5py.fmt(seconds / row.units) + "/"
          + row.unit + ")" : t;
    }

    private static String ratio(double x) {
      return x >= 0.1 ? String.format(Locale.ROOT, "%.2f", x)
          : String.format(Locale.ROOT, "1/%.0f", 1 / x);
    }
  }

  /**
   * Runs {@code warmup} uncounted rounds (or the row's own, when more), then {@code rounds}
   * counted ones.
   */
  Result measure(int requestedWarmup, int rounds) throws Exception {
    int warmup = Math.max(requestedWarmup, minWarmup);
    String loadBefore = load();
    int n = contenders.size();
    List<List<Double>> times = new ArrayList<>();
    List<Object> checks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      times.add(new ArrayList<>());
      checks.add(null);
    }
    Object reference = null;
    for (int r = 0; r < warmup + rounds; r++) {
      for (int k = 0; k < n; k++) {
        int i = r % 2 == 0 ? k : n - 1 - k;
        Contender c = contenders.get(i);
        if (c.once() && r != warmup) {
          continue;
        }
        List<Double> runs = new ArrayList<>();
        for (int k2 = 0; k2 < repeats; k2++) {
          if (c.before() != null) {
            c.before().run();
          }
          Contender.Run run = c.run().run();
          runs.add(run.seconds());
          checks.set(i, run.check());
          if (sameChecks && run.check() != null) {
            if (reference == null) {
              reference = run.check();
            } else if (!sameValue(reference, run.check())) {
              throw new IllegalStateException(label + ", round " + r + ": " + c.name()
                  + " gave check value " + run.check() + " where an earlier run gave "
                  + reference + "; the comparison would be meaningless");
            }
          }
        }
        if (r >= warmup) {
          times.get(i).add(Timing.median(runs));
        }
      }
      System.err.printf(Locale.ROOT, "[peers] %s: round %d of %d done, load %s%n", id, r + 1,
          warmup + rounds, MachineFacts.loadAverage());
    }
    return new Result(this, times, checks, loadBefore, load(), warmup, rounds, repeats);
  }

  /** The 1-minute load average (as uptime prints it first). */
  private static String load() {
    return MachineFacts.loadAverage().split(" ")[0];
  }

  /** Checks from Java (numbers) and Python (JSON text) compared as exact integers or doubles. */
  static boolean sameValue(Object a, Object b) {
    String x = a.toString();
    String y = b.toString();
    try {
      return Long.parseLong(x) == Long.parseLong(y);
    } catch (NumberFormatException notIntegers) {
      try {
        return Double.parseDouble(x) == Double.parseDouble(y);
      } catch (NumberFormatException notNumbers) {
        return x.equals(y);
      }
    }
  }
}
