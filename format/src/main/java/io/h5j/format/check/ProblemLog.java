package io.h5j.format.check;

import io.h5j.format.H5FormatException;
import io.h5j.format.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The problems of one check: all are counted, the first {@code max} kept (so that a file
 * damaged everywhere costs bounded memory). A step that fails with a format error, or with
 * an exception no malformed input should cause, becomes a problem and the check goes on
 * elsewhere; real I/O errors end the check.
 */
final class ProblemLog {
  /** A piece of checking that may find the file malformed. */
  interface Step {
    void run() throws IOException;
  }

  private final int max;
  private final List<Problem> kept = new ArrayList<>();
  private long count;

  ProblemLog(int max) {
    this.max = max;
  }

  void add(String path, String structure, long offset, String detail) {
    count++;
    if (kept.size() < max) {
      kept.add(new Problem(path, structure, offset, detail));
    }
  }

  void add(String path, H5FormatException e) {
    add(path, e.structure(), e.offset(), e.detail());
  }

  /**
   * Runs {@code step}; a format error it throws, or a runtime exception (a decoder that
   * should have said more precisely what is wrong), is logged as a problem of
   * {@code structure} at {@code offset}. Returns whether the step completed.
   */
  boolean attempt(String path, String structure, long offset, Step step) throws IOException {
    try {
      step.run();
      return true;
    } catch (H5FormatException e) {
      add(path, e);
    } catch (RuntimeException e) {
      add(path, structure, offset, "does not decode (" + e + ")");
    }
    return false;
  }

  List<Problem> kept() {
    return kept;
  }

  long count() {
    return count;
  }
}
