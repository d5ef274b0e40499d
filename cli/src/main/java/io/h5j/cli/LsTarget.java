package io.h5j.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What {@code h5j ls} lists: a file and an object path in it, from h5ls's {@code FILE/PATH}
 * form, where the file is the longest prefix of the argument that names an existing file.
 *
 * @param file the HDF5 file
 * @param path the object's path in it, "/" when none is given
 */
record LsTarget(Path file, String path) {
  /**
   * @param argument {@code FILE} or {@code FILE/PATH}
   * @param path the separate PATH argument, or null when there is none
   */
  static LsTarget of(String argument, String path) {
    if (path != null || Files.isRegularFile(Path.of(argument))) {
      return new LsTarget(Path.of(argument), path == null ? "/" : path);
    }
    for (int cut = argument.lastIndexOf('/'); cut > 0; cut = argument.lastIndexOf('/', cut - 1)) {
      Path prefix = Path.of(argument.substring(0, cut));
      if (Files.isRegularFile(prefix)) {
        return new LsTarget(prefix, argument.substring(cut));
      }
    }
    return new LsTarget(Path.of(argument), "/"); // opening it says what is wrong
  }
}
