package io.h5j;

import io.h5j.format.H5FormatException;
import java.io.IOException;

/**
 * Where calls into the engine leave the API: a format error found there gets the path of
 * the file it was found in, here and nowhere else, so that the engine need not know it.
 */
final class EngineCalls {
  /** A call that returns a value. */
  @FunctionalInterface
  interface Call<T> {
    T run() throws IOException;
  }

  /** A call that returns nothing. */
  @FunctionalInterface
  interface Action {
    void run() throws IOException;
  }

  private EngineCalls() {}

  /** {@code call}'s result; a format error it throws names {@code file}. */
  static <T> T call(H5File file, Call<T> call) throws IOException {
    try {
      return call.run();
    } catch (H5FormatException e) {
      throw e.inFile(file.path());
    }
  }

  /** Runs {@code action}; a format error it throws names {@code file}. */
  static void run(H5File file, Action action) throws IOException {
    try {
      action.run();
    } catch (H5FormatException e) {
      throw e.inFile(file.path());
    }
  }
}
