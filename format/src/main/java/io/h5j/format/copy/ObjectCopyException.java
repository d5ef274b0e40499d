package io.h5j.format.copy;

import java.io.IOException;

/** A copy that failed on one object: names the object's path and header address. */
public final class ObjectCopyException extends IOException {
  private static final long serialVersionUID = 1L;
  private final String objectPath;

  ObjectCopyException(String objectPath, long address, Throwable cause) {
    super("cannot copy " + objectPath + " (object header at " + address + "): "
        + cause.getMessage(), cause);
    this.objectPath = objectPath;
  }

  /** The path of the object that could not be copied, as reached from the root. */
  public String objectPath() {
    return objectPath;
  }
}
