package io.h5j.format.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Puts a whole file at its final name so that a crash or a power cut leaves either no file
 * (or the one that was there) or the complete new one: the new file is written under a
 * hidden temporary name in the same folder, synced by its writer, renamed over the final name
 * in one step, and the folder is synced so that the rename itself survives a power cut.
 * Temporary files of writers that died are found by their name, which holds the writer's
 * process id, and removed by the next writer of the same final name.
 */
public final class DurableFiles {
  private DurableFiles() {}

  private static final String SUFFIX = ".part";

  /**
   * A fresh temporary name beside {@code target}: {@code .NAME.PID.N.part}. Named, not made
   * by {@link Files#createTempFile}, which would give the file owner-only permissions.
   */
  public static Path temporaryBeside(Path target) {
    Path t = target.toAbsolutePath();
    return t.resolveSibling("." + t.getFileName() + "." + ProcessHandle.current().pid() + "."
        + System.nanoTime() + SUFFIX);
  }

  /**
   * Removes the temporary files that writers of {@code target} left when they died (their
   * process no longer runs); files of live writers, this one included, stay. Returns how many
   * were removed.
   */
  public static int removeAbandoned(Path target) throws IOException {
    Path t = target.toAbsolutePath();
    Pattern own = Pattern.compile("\\." + Pattern.quote(t.getFileName().toString())
        + "\\.(\\d+)\\.\\d+" + Pattern.quote(SUFFIX));
    int removed = 0;
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(t.getParent(),
        "." + escapeGlob(t.getFileName().toString()) + ".*" + SUFFIX)) {
      for (Path p : dir) {
        Matcher m = own.matcher(p.getFileName().toString());
        if (!m.matches()) {
          continue;
        }
        long pid;
        try {
          pid = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
          continue;
        }
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
          continue;
        }
        if (Files.deleteIfExists(p)) {
          removed++;
        }
      }
    }
    return removed;
  }

  private static String escapeGlob(String name) {
    return name.replaceAll("([\\\\*?\\[\\]{}])", "\\\\$1");
  }

  /**
   * Renames the complete, already synced file {@code temp} over {@code target} in one step
   * and syncs the folder, so that the new name is durable when this returns.
   */
  public static void moveIntoPlace(Path temp, Path target) throws IOException {
    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    syncFolder(target.toAbsolutePath().getParent());
  }

  /** Makes the names in {@code folder} (a rename, a new or removed file) durable. */
  public static void syncFolder(Path folder) throws IOException {
    try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
      dir.force(true);
    }
  }
}
