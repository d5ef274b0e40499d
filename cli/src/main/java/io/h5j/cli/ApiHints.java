package io.h5j.cli;

import java.util.Map;

/**
 * Rewords the advice in h5j's library messages, which names Java methods for programs, as
 * what a user of the command can do instead. A message without such advice is unchanged.
 */
final class ApiHints {
  /** Each library hint, as the message ends with it, and what the command line says instead. */
  private static final Map<String, String> HINTS = Map.of(
      "; list members with links()", "; 'h5j ls FILE GROUP' lists what the group holds",
      "; H5File.fillMissingVirtualSources(true) reads the fill value instead, as libhdf5 does",
      "; put the source file there, or set HDF5_VDS_PREFIX to the folder that holds it");

  private ApiHints() {}

  /** {@code message} with every library hint in it reworded for the command line. */
  static String reword(String message) {
    if (message == null) {
      return null;
    }
    String m = message;
    for (Map.Entry<String, String> h : HINTS.entrySet()) {
      m = m.replace(h.getKey(), h.getValue());
    }
    return m;
  }
}
