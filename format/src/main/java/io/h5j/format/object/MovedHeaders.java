package io.h5j.format.object;

import io.h5j.format.message.MessageType;

/**
 * What an atomic flush must know of a header before writing it anew at another address:
 * whether anything refers to it by address other than links (it then cannot move), and how
 * many hard links lead to it (each must be pointed at the copy).
 */
final class MovedHeaders {
  private MovedHeaders() {}

  /**
   * Objects that other objects refer to by address outside of links cannot move: a committed
   * datatype (datasets share it by address) and a dimension scale or a dataset with scales
   * attached (their REFERENCE_LIST and DIMENSION_LIST attributes hold object references).
   */
  static void refuseUnmovable(ObjectHeader h, java.nio.file.Path file) {
    boolean datatype = false;
    boolean dataspace = false;
    for (StoredMessage m : h.messages()) {
      datatype |= m.type() == MessageType.DATATYPE;
      dataspace |= m.type() == MessageType.DATASPACE;
      if (m.type() == MessageType.ATTRIBUTE
          && (startsWithName(m.body(), "REFERENCE_LIST")
              || startsWithName(m.body(), "DIMENSION_LIST"))) {
        throw new IllegalStateException("the object at " + h.address() + " in " + file
            + " takes part in dimension scales, whose object references would point at its"
            + " old place if an atomic flush moved it; change it in a file opened without"
            + " atomic flushes");
      }
    }
    if (datatype && !dataspace) {
      throw new IllegalStateException("the committed datatype at " + h.address() + " in "
          + file + " is shared by address; an atomic flush cannot move it: change it"
          + " in a file opened without atomic flushes");
    }
  }

  /** Whether an attribute message body (version 1-3) names {@code name}. */
  private static boolean startsWithName(byte[] body, String name) {
    if (body.length < 8) {
      return false;
    }
    int nameSize = (body[2] & 0xff) | (body[3] & 0xff) << 8;
    int at = body[0] == 3 ? 9 : 8;
    byte[] n = name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    if (nameSize != n.length + 1 || body.length < at + n.length) {
      return false;
    }
    for (int i = 0; i < n.length; i++) {
      if (body[at + i] != n[i]) {
        return false;
      }
    }
    return true;
  }

  /** The hard link count of an object: its header says so (1 if it does not). */
  static int linkCount(ObjectHeader h) {
    return LinkCounts.of(h);
  }

}
