package io.h5j.repack;

import java.io.IOException;

/** A repack that failed while copying one object: names the object's path and address. */
public final class RepackException extends IOException {
  private static final long serialVersionUID = 1L;
  /** The path of the object that failed, as {@link #objectPath()} gives it. */
  private final String objectPath;

  RepackException(String objectPath, long address, Throwable cause) {
    super("cannot copy " + objectPath + " (object header at " + address + "): "
        + cause.getMessage(), cause);
    this.objectPath = objectPath;
  }

  /** The same failure told in {@code message} (e.g. naming the output, not a temporary file). */
  RepackException(RepackException e, String message) {
    super(message, e.getCause());
    this.objectPath = e.objectPath;
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
