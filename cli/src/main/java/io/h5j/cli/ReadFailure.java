package io.h5j.cli;

import io.h5j.format.H5FormatException;
import java.io.IOException;

/**
 * Why something in a file could not be read: the reason in words for the command line (no
 * Java names), and the exception behind it for {@code H5J_DEBUG}.
 */
record ReadFailure(String reason, Throwable cause) {
  static ReadFailure of(Throwable e) {
    return new ReadFailure(reason(e), e);
  }

  /** A failure with no exception behind it. */
  static ReadFailure of(String reason) {
    return new ReadFailure(reason, null);
  }

  /**
   * Whether {@code e}'s message says what is wrong with the input, as h5j's exceptions of
   * these kinds do; any other (a {@code NullPointerException}, one without a message) is a bug.
   */
  static boolean explains(Throwable e) {
    return e instanceof H5FormatException || e.getMessage() != null && (e instanceof IOException
        || e instanceof UnsupportedOperationException || e instanceof IllegalArgumentException
        || e instanceof IllegalStateException);
  }

  private static String reason(Throwable e) {
    if (explains(e)) {
      return ApiHints.reword(e.getMessage());
    }
    return "h5j failed on it unexpectedly (a bug: run again with H5J_DEBUG=1 for the details"
        + " to report)";
  }
}
