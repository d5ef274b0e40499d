package io.h5j.versioning;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One operation to crash: how to make the file it starts from, what the file holds before
 * and after it, and the operation itself (run again as the retry after a crash that left the
 * file as it was before). The setup is null for states that come from elsewhere (a killed
 * process's file in {@link KillTest}).
 */
record CrashScenario(String name, Setup setup, FileExpectation before, FileExpectation after,
    Operation operation) {
  /** Writes the file the operation starts from. */
  interface Setup {
    void write(Path file) throws IOException;
  }

  /** The change under test, on a writable versioned file. */
  interface Operation {
    void run(VersionedFile vf) throws IOException;
  }

  @Override
  public String toString() {
    return name;
  }
}
