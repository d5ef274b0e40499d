package io.h5j.repack;

import io.h5j.format.CheckReport;
import io.h5j.format.Problem;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A repack whose output failed the structural check run before it is put in place: libhdf5
 * could not have read it. The output was not written (an earlier file of that name is left
 * as it was). This is a fault of the repack, not of the input, unless the input is damaged in
 * a way the copy carried over.
 */
public final class OutputCheckException extends IOException {
  private static final long serialVersionUID = 1L;
  /** Problems named in the message; the report holds them all. */
  private static final int LISTED = 10;

  private final transient CheckReport report;

  OutputCheckException(Path in, Path out, CheckReport report) {
    super(describe(in, out, report));
    this.report = report;
  }

  private static String describe(Path in, Path out, CheckReport report) {
    StringBuilder s = new StringBuilder("the copy of " + in + " failed its structural check ("
        + report.problemCount() + (report.problemCount() == 1 ? " problem" : " problems")
        + "), so " + out + " was not written:");
    int n = 0;
    for (Problem p : report.problems()) {
      if (n++ == LISTED) {
        break;
      }
      s.append("\n  ").append(p);
    }
    if (report.problemCount() > LISTED) {
      s.append("\n  ... and ").append(report.problemCount() - LISTED).append(" more");
    }
    return s.toString();
  }

  /**
   * What the check found; its offsets are those of the output that was not kept.
   *
   * @return the report of the output check
   */
  public CheckReport report() {
    return report;
  }
}
