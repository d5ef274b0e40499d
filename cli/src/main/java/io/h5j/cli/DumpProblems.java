package io.h5j.cli;

import java.io.PrintWriter;

/**
 * What a dump could not read, told on stderr as it happens, naming the object and the file;
 * the dump goes on, and its exit code says whether anything was left out. A progress bar on
 * stderr is cleared before each line, which would otherwise be glued to the bar's (the bar
 * comes back with its next update).
 */
final class DumpProblems {
  private final PrintWriter err;
  private final String file;
  private final DelayedProgress bar;
  private final boolean debug = System.getenv("H5J_DEBUG") != null;
  private int count;

  /**
   * @param file the file as the user named it
   * @param bar the bar drawn on {@code err}, or null
   */
  DumpProblems(PrintWriter err, String file, DelayedProgress bar) {
    this.err = err;
    this.file = file;
    this.bar = bar;
  }

  /** @param what the object, e.g. {@code dataset /a/b} or {@code attribute "x" of /a} */
  void report(String what, ReadFailure failure) {
    report(what, "", failure);
  }

  /** @param extent how much was dumped, e.g. {@code " past element 10 of 20"} */
  void report(String what, String extent, ReadFailure failure) {
    count++;
    if (bar != null) {
      bar.clear();
    }
    err.println("h5j: could not dump " + what + " of " + file + extent + ": "
        + failure.reason());
    if (debug && failure.cause() != null) { // where it failed, for bug reports
      failure.cause().printStackTrace(err);
    }
    err.flush();
  }

  int count() {
    return count;
  }
}
