package io.h5j.cli;

import io.h5j.versioning.VersionedFile;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * The one line a command that changes a versioned file prints when the change has to wait
 * for libhdf5 programs (h5py readers) to close the file: without it the command would sit
 * still for the whole wait, then fail. A progress bar on stderr is cleared first, so that the
 * line stands on its own.
 */
final class LockWaitNotice {
  private LockWaitNotice() {}

  /**
   * Makes {@code vf} tell {@code err} of each wait.
   *
   * @param file the file as the user named it
   * @param bar the bar drawn on {@code err}, or null
   */
  static VersionedFile on(VersionedFile vf, Path file, PrintWriter err, DelayedProgress bar) {
    return vf.onLibhdf5LockWait(holders -> {
      if (bar != null) {
        bar.clear();
      }
      err.println("h5j: waiting for " + file + " to be closed by " + holders + " (h5j changes"
          + " it only when no libhdf5 program has it open)");
      err.flush();
    });
  }
}
