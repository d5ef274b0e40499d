package io.h5j.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The ratios h5j / h5py of runs made in rounds, one run of each side per round, adjacent in
 * time: a change of machine load between rounds moves both sides of a ratio alike, where it
 * would move one side's median against the other's when each side ran all its runs at once.
 * The median ratio comes with a distribution-free confidence interval (order statistics of the
 * ratios, binomial coverage), so a target is called settled only when the whole interval lies
 * on one side of it.
 *
 * @param py h5py's seconds, round by round
 * @param java h5j's seconds in the same rounds
 */
record RoundRatios(List<Double> py, List<Double> java) {
  /** The interval's least coverage (it is wider when so few rounds allow no exact 90 %). */
  static final double COVERAGE = 0.90;

  RoundRatios {
    if (py.size() != java.size() || py.isEmpty()) {
      throw new IllegalArgumentException("rounds need one time per side each: " + py.size()
          + " h5py, " + java.size() + " h5j");
    }
  }

  /** h5j / h5py per round, in round order. */
  List<Double> ratios() {
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < py.size(); i++) {
      out.add(java.get(i) / py.get(i));
    }
    return out;
  }

  double median() {
    return Timing.median(ratios());
  }

  /**
   * The rank {@code k} (1-based) such that the k-th smallest and k-th largest ratios bound the
   * median with at least {@link #COVERAGE} probability, whatever the ratios' distribution:
   * the median lies below the k-th smallest of n only if fewer than k of n fair coin flips
   * come up heads. 0 when n is too small for that coverage.
   */
  int rank() {
    int n = py.size();
    int best = 0;
    for (int k = 1; 2 * k <= n; k++) {
      if (coverage(n, k) >= COVERAGE) {
        best = k;
      }
    }
    return best;
  }

  /** 1 - 2 P(Binomial(n, 1/2) < k): coverage of the interval between ranks k and n + 1 - k. */
  static double coverage(int n, int k) {
    double tail = 0;
    double term = Math.pow(0.5, n); // C(n, 0) / 2^n
    for (int i = 0; i < k; i++) {
      tail += term;
      term = term * (n - i) / (i + 1);
    }
    return 1 - 2 * tail;
  }

  private double[] sorted() {
    double[] r = ratios().stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(r);
    return r;
  }

  /** The interval's bounds, or the min and max when too few rounds give any coverage. */
  double low() {
    return sorted()[Math.max(0, rank() - 1)];
  }

  double high() {
    double[] r = sorted();
    return r[r.length - Math.max(1, rank())];
  }

  /** E.g. "median 0.83, 97.9 % interval 0.78–0.88 (2nd and 9th of 10), range 0.70–0.95". */
  String summary() {
    double[] r = sorted();
    int k = rank();
    String interval = k == 0 ? "too few rounds for an interval"
        : String.format(Locale.ROOT, "%.1f %% interval %.2f–%.2f (ranks %d and %d of %d)",
            100 * coverage(r.length, k), low(), high(), k, r.length + 1 - k, r.length);
    return String.format(Locale.ROOT, "median %.2f, %s, range %.2f–%.2f", median(), interval,
        r[0], r[r.length - 1]);
  }

  /** Whether the target {@code limit} is met, and whether the interval settles it. */
  String verdict(double limit) {
    if (rank() > 0 && high() <= limit) {
      return "met (the whole interval)";
    }
    if (rank() > 0 && low() > limit) {
      return "**not met** (the whole interval)";
    }
    return (median() <= limit ? "met by the median" : "**not met** by the median")
        + (rank() == 0 ? ", not settled (too few rounds for an interval)"
            : ", not settled (the interval straddles the target)");
  }
}
