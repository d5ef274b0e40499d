package io.h5j.cli;

import java.io.PrintWriter;

/**
 * A progress bar on a terminal for work that may run over a second: nothing is drawn for the
 * first second (most runs end before it), and nothing at all when stderr is no terminal.
 */
final class DelayedProgress {
  private static final long DELAY_NANOS = 1_000_000_000L;

  private final ProgressBar bar;
  private final long start = System.nanoTime();
  private boolean drawn;

  private DelayedProgress(ProgressBar bar) {
    this.bar = bar;
  }

  /** A bar on {@code err} if the process has a terminal, else null. */
  static DelayedProgress onTerminal(PrintWriter err) {
    return System.console() != null ? new DelayedProgress(new ProgressBar(err)) : null;
  }

  /** Shows {@code done} of {@code total} {@code things} of {@code phase}, after a second. */
  void count(String phase, long done, long total, String things) {
    if (System.nanoTime() - start >= DELAY_NANOS) {
      drawn = true;
      bar.count(phase, done, total, things);
    }
  }

  /** Removes the bar, if one was drawn, before the command prints its result. */
  void clear() {
    if (drawn) {
      bar.clear();
    }
  }
}
