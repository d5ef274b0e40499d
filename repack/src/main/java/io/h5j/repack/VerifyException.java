package io.h5j.repack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A repack whose output, read back, does not hold what the input holds. The output was not
 * put in place (an earlier file of that name is left as it was). The message names the first
 * difference; {@link #differences()} lists all those found, up to the verifier's limit.
 */
public final class VerifyException extends IOException {
  private static final long serialVersionUID = 1L;
  /** The differences found, as {@link #differences()} gives them. */
  private final List<String> differences;

  VerifyException(Path in, Path out, List<String> differences) {
    super("verify failed: the copy of " + in + " does not hold what it holds, so " + out
        + " was not written; " + (differences.size() == 1 ? "the difference: "
        : "the first of " + differences.size() + " differences: ") + differences.get(0));
    this.differences = List.copyOf(differences);
  }

  /**
   * The differences found, one line each, naming the object and what differs.
   *
   * @return at least one line
   */
  public List<String> differences() {
    return differences;
  }
}
