package io.h5j.cli;

import java.io.PrintWriter;

/**
 * One self-overwriting line on a terminal: what is being done, objects, bytes, rate and time
 * left, redrawn at most five times a second.
 */
final class ProgressBar {
  private static final long REDRAW_NANOS = 200_000_000L;
  private static final int WIDTH = 24;

  private final PrintWriter err;
  private final String label;
  private final long start = System.nanoTime();
  private long lastDraw;
  private int lastLength;

  ProgressBar(PrintWriter err) {
    this(err, "");
  }

  /** A bar whose line starts with {@code label} (e.g. "verifying"). */
  ProgressBar(PrintWriter err, String label) {
    this.err = err;
    this.label = label.isEmpty() ? "" : label + " ";
  }

  void update(long objects, long bytes, long total) {
    long now = System.nanoTime();
    // the end is drawn however soon it comes: the work is done, and the bar says so
    if (now - lastDraw < REDRAW_NANOS && (total <= 0 || bytes < total)) {
      return;
    }
    lastDraw = now;
    double seconds = Math.max(1e-3, (now - start) / 1e9);
    double rate = bytes / seconds;
    double fraction = total <= 0 ? 0 : Math.min(1, (double) bytes / total);
    int filled = (int) (fraction * WIDTH);
    String left = rate > 0 && total > bytes
        ? String.format("%.0f s left", (total - bytes) / rate) : "";
    String line = label + String.format("[%s%s] %3.0f%% %d objects, %s of %s, %s/s %s",
        "#".repeat(filled), " ".repeat(WIDTH - filled), fraction * 100, objects, bytes(bytes),
        bytes(total), bytes((long) rate), left);
    draw(line);
  }

  /**
   * A count of {@code total} things (no bytes, no time left) of a later phase of the work,
   * e.g. "checking", "12 of 40 objects", on the same line.
   */
  void count(String phase, long done, long total, String things) {
    long now = System.nanoTime();
    if (now - lastDraw < REDRAW_NANOS) {
      return;
    }
    lastDraw = now;
    double fraction = total <= 0 ? 0 : Math.min(1, (double) done / total);
    int filled = (int) (fraction * WIDTH);
    draw(label + phase + " " + String.format("[%s%s] %3.0f%% %d of %d %s", "#".repeat(filled),
        " ".repeat(WIDTH - filled), fraction * 100, done, total, things));
  }

  /** A running count of things whose total is unknown, e.g. "checking 1200 objects". */
  void running(String phase, long done, String things) {
    long now = System.nanoTime();
    if (now - lastDraw < REDRAW_NANOS) {
      return;
    }
    lastDraw = now;
    draw(label + phase + " " + done + " " + things);
  }

  void clear() {
    draw("");
    err.print('\r');
    err.flush();
  }

  private void draw(String line) {
    String pad = lastLength > line.length() ? " ".repeat(lastLength - line.length()) : "";
    err.print("\r" + line + pad);
    err.flush();
    lastLength = line.length();
  }

  /** A byte count for people: 1.4 GiB, 512 KiB, 10 B. */
  static String bytes(long n) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = n;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? n + " B" : String.format("%.1f %s", v, units[u]);
  }
}
