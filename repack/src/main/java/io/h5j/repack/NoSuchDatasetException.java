package io.h5j.repack;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A filter or layout change names a path where the input has no dataset (nothing there, or
 * a group or committed datatype), as h5repack refuses it. Thrown before anything is written.
 */
public final class NoSuchDatasetException extends IOException {
  private static final long serialVersionUID = 1L;
  /** The path named by the change, as {@link #objectPath()} gives it. */
  private final String objectPath;

  NoSuchDatasetException(Path in, String objectPath, String found) {
    super(in + " has " + found + " at " + objectPath + ", no dataset to change");
    this.objectPath = objectPath;
  }

  /**
   * The path named by the change, as given (absolute).
   *
   * @return a path such as {@code /a/b}
   */
  public String objectPath() {
    return objectPath;
  }
}
