package io.h5j.repack;

import java.io.IOException;

/** A repack that failed while copying one object: names the object's path and address. */
public final class RepackException extends IOException {
  private static final long serialVersionUID = 1L;
  /** The path of the object that failed, as {@link #objectPath()} gives it. */
  private final String objectPath;

  RepackException(String objectPath, String message, Throwable cause) {
    super(message, cause);
    this.objectPath = objectPath;
  }

  /**
   * The path of the object that could not be copied, as reached from the root.
   *
   * @return an absolute path such as {@code /a/b}
   */
  public String objectPath() {
    return objectPath;
  }
}
