package io.h5j.cli;

import java.io.PrintWriter;

/**
 * A progress bar on a terminal for work that may run over a second: nothing is drawn for the
 * first second (most runs end before it), and nothing at all when stderr is no terminal
 * ({@link Terminal}). {@code H5J_PROGRESS_DELAY_MS} sets the delay (tests draw at once).
 */
final class DelayedProgress {
  private static final long DELAY_NANOS = delayNanos();

  private final ProgressBar bar;
  private final long start = System.nanoTime();
  private boolean drawn;

  private DelayedProgress(ProgressBar bar) {
    this.bar = bar;
  }

  /** A bar on {@code err} if stderr is a terminal, else null. */
  static DelayedProgress onTerminal(PrintWriter err) {
    return onTerminal(err, "");
  }

  /** A bar on {@code err} whose line starts with {@code label}, if stderr is a terminal. */
  static DelayedProgress onTerminal(PrintWriter err, String label) {
    return Terminal.stderr() ? new DelayedProgress(new ProgressBar(err, label)) : null;
  }

  private static long delayNanos() {
    String ms = System.getenv("H5J_PROGRESS_DELAY_MS");
    try {
      return ms == null ? 1_000_000_000L : Math.max(0, Long.parseLong(ms.trim())) * 1_000_000L;
    } catch (NumberFormatException e) {
      return 1_000_000_000L;
    }
  }

  private boolean due() {
    if (System.nanoTime() - start >= DELAY_NANOS) {
      drawn = true;
    }
    return drawn;
  }

  /** Shows objects and bytes done of {@code totalBytes}, after the delay. */
  void update(long objects, long bytes, long totalBytes) {
    if (due()) {
      bar.update(objects, bytes, totalBytes);
    }
  }

  /** Shows a running count of {@code things} of {@code phase} whose total is unknown. */
  void running(String phase, long done, String things) {
    if (due()) {
      bar.running(phase, done, things);
    }
  }

  /** Shows {@code done} of {@code total} {@code things} of {@code phase}, after a second. */
  void count(String phase, long done, long total, String things) {
    if (due()) {
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
