package io.h5j.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Warm-up plus N timed repetitions of one operation, in this JVM. */
final class Timing {
  private Timing() {}

  /** An operation that returns a check value. */
  interface Op {
    Object run() throws Exception;
  }

  /** Runs before each repetition, outside the timed region. */
  interface Before {
    void run() throws Exception;
  }

  /**
   * Times of one operation.
   *
   * @param warmup seconds of the warm-up iterations, first one first
   * @param times seconds of the measured iterations
   */
  record Result(List<Double> warmup, List<Double> times, Object check) {
    double median() {
      return Timing.median(times);
    }

    double first() {
      return warmup.isEmpty() ? times.get(0) : warmup.get(0);
    }
  }

  static Result measure(int warmup, int reps, Before before, Op op) throws Exception {
    List<Double> w = new ArrayList<>();
    List<Double> t = new ArrayList<>();
    Object check = null;
    for (int i = 0; i < warmup + reps; i++) {
      if (before != null) {
        before.run();
      }
      long t0 = System.nanoTime();
      check = op.run();
      double s = (System.nanoTime() - t0) / 1e9;
      (i < warmup ? w : t).add(s);
    }
    return new Result(w, t, check);
  }

  /**
   * Two operations measured in alternation (a, b, a, b, ...), each after its own warm-ups:
   * on a shared machine both see the same load.
   *
   * @return the results of {@code a} and of {@code b}
   */
  static Result[] alternate(int warmup, int reps, Before beforeA, Op a, Before beforeB, Op b)
      throws Exception {
    Result[] ra = new Result[warmup + reps];
    Result[] rb = new Result[warmup + reps];
    for (int i = 0; i < warmup + reps; i++) {
      ra[i] = measure(0, 1, beforeA, a);
      rb[i] = measure(0, 1, beforeB, b);
    }
    return new Result[] {merge(ra, warmup), merge(rb, warmup)};
  }

  private static Result merge(Result[] runs, int warmup) {
    List<Double> w = new ArrayList<>();
    List<Double> t = new ArrayList<>();
    for (int i = 0; i < runs.length; i++) {
      (i < warmup ? w : t).add(runs[i].times().get(0));
    }
    return new Result(w, t, runs[runs.length - 1].check());
  }

  static double median(List<Double> xs) {
    double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(a);
    int n = a.length;
    return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
  }
}
