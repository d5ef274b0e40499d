package io.h5j.spark;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local scratch files of writes to Hadoop file systems ({@link HadoopTargetStore}), named
 * {@code h5j-p<pid>-<random>-<name>} in a local folder: the first scratch file this process
 * makes in a folder removes those of processes that no longer run (executors or drivers that
 * were killed), as the process id in their names proves. (The folder is this host's, and its
 * processes see each other's ids: not a folder shared by containers of separate process id
 * namespaces.)
 */
final class ScratchFiles {
  private static final String PREFIX = "h5j-p";
  private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();

  private ScratchFiles() {}

  /** A new scratch file's path for a file named {@code name}, in local folder {@code dir}. */
  static Path newFile(Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    if (SWEPT.add(dir.toAbsolutePath())) {
      removeDead(dir);
    }
    return dir.resolve(PREFIX + ProcessHandle.current().pid() + "-" + UUID.randomUUID() + "-"
        + name);
  }

  /** Removes the scratch files in {@code dir} whose process no longer runs; how many. */
  static int removeDead(Path dir) throws IOException {
    int removed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*")) {
      for (Path p : files) {
        String n = p.getFileName().toString();
        int dash = n.indexOf('-', PREFIX.length());
        long pid;
        try {
          pid = Long.parseLong(n.substring(PREFIX.length(), dash < 0 ? 0 : dash));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
          continue; // not a scratch file, or of an older build: no process to prove dead
        }
        if (Files.isRegularFile(p) && WriterId.ended(pid)) {
          try {
            removed += Files.deleteIfExists(p) ? 1 : 0;
          } catch (IOException e) {
            // another user's, in a shared folder: theirs to remove
          }
        }
      }
    }
    return removed;
  }
}
