package io.h5j.versioning;

import java.io.IOException;

/**
 * A change of a versioned file (a commit, {@link VersionedFile#deleteVersions},
 * {@link VersionedFile#rebuildHashTables}) was refused because another program kept the file
 * open longer than the writer would wait (see {@link VersionedFile#libhdf5LockWait}): nothing
 * was written, and the same change may be tried again.
 */
public final class FileInUseException extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * A refused change, described for a person.
   *
   * @param message what was refused and which file, with the wait that ran out
   */
  public FileInUseException(String message) {
    super(message);
  }
}
