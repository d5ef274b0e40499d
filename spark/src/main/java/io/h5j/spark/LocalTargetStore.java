package io.h5j.spark;

import io.h5j.H5File;
import io.h5j.format.io.DurableFiles;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The files of a write to a local (or NFS) folder, written in place: a part file is forced to
 * disk and its folder synced when published; the target is written under a temporary name and
 * renamed over the old one by {@link H5File#createReplacing}; a versioned file takes its new
 * version in place (the versioning layer's commits are crash-safe), and a new one is made
 * with its first version under a temporary name and renamed into place.
 *
 * @param folder the target's folder, absolute
 * @param target the target file's name in it
 */
record LocalTargetStore(String folder, String target) implements TargetStore {
  /**
   * The file system the store's paths are in, hence every channel, rename and sync of a local
   * write (h5j's own included): the default one, but a test's that logs them all to replay
   * crashes (SparkWriteCrashTest). No other use.
   */
  static volatile FileSystem files = FileSystems.getDefault();

  private Path path(String name) {
    return files.getPath(folder).resolve(name);
  }

  @Override
  public String where(String name) {
    return path(name).toString();
  }

  @Override
  public boolean exists(String name) {
    return Files.exists(path(name));
  }

  @Override
  public List<String> list(String dir) throws IOException {
    if (!Files.isDirectory(path(dir))) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(path(dir))) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Override
  public void delete(String name) throws IOException {
    Path p = path(name);
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }

  /** The file itself: written where it stays, with no copy. */
  @Override
  public Path scratch(String name) throws IOException {
    Path p = path(name);
    Files.createDirectories(p.getParent());
    return p;
  }

  @Override
  public void publish(Path written, String name) throws IOException {
    try (FileChannel c = FileChannel.open(written, StandardOpenOption.WRITE)) {
      c.force(true);
    }
    WriteEvents.report(WriteEvents.Kind.FORCED, name);
    // this task's own entry, also where the folder is shared (NFS) and the driver's sync
    // would not reach it
    String dir = parent(name);
    syncOne(dir);
  }

  @Override
  public void discard(Path written, String name) throws IOException {
    Files.deleteIfExists(written);
  }

  @Override
  public void syncFolder(String dir) throws IOException {
    for (String d = dir; d != null; d = d.isEmpty() ? null : parent(d)) {
      syncOne(d);
    }
  }

  private void syncOne(String dir) throws IOException {
    try (FileChannel c = FileChannel.open(path(dir), StandardOpenOption.READ)) {
      c.force(true);
    }
    WriteEvents.report(WriteEvents.Kind.FOLDER_SYNCED, dir);
  }

  /** The folder of {@code name}; "" for the target's folder. */
  private static String parent(String name) {
    int slash = name.lastIndexOf('/');
    return slash < 0 ? "" : name.substring(0, slash);
  }

  @Override
  public H5File open(String name) throws IOException {
    return H5File.open(path(name));
  }

  /**
   * Removes the temporary files of dead writers of the target (by their process ids, as
   * {@link DurableFiles#removeAbandoned} proves them dead: {@code dead} does not change that)
   * and the dead writers' part folders ({@link Leftovers}).
   */
  @Override
  public void removeLeftovers(Predicate<WriterId> dead) throws IOException {
    if (Files.isDirectory(path(""))) {
      DurableFiles.removeAbandoned(path(target));
    }
    Leftovers.removeDeadJobs(this, dead);
  }

  @Override
  public void create(String name, FileBody<H5File> body) throws IOException {
    Files.createDirectories(path(""));
    H5File f = H5File.createReplacing(path(name));
    try {
      body.write(f);
    } catch (IOException | RuntimeException e) {
      f.closeWithoutFlush(); // removes the temporary file
      throw e;
    }
    f.close(); // syncs, renames over name, syncs the folder
    WriteEvents.report(WriteEvents.Kind.PLACED, name);
  }

  @Override
  public void edit(String name, FileBody<VersionedFile> body) throws IOException {
    Path p = path(name);
    if (Files.exists(p)) {
      try (VersionedFile vf = VersionedFile.open(p)) {
        body.write(vf);
      }
      return;
    }
    // a new file takes its name only once its version is committed, so that a crash leaves
    // no file or the file with the version, never one with none; the temporary name is the
    // one H5File.createReplacing gives, so that the next write of the name removes one that a
    // killed write left (removeLeftovers)
    Path temp = DurableFiles.temporaryBeside(p);
    try {
      try (VersionedFile vf = VersionedFile.create(temp)) {
        body.write(vf);
      }
      Files.move(temp, p, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    syncOne(parent(name));
    WriteEvents.report(WriteEvents.Kind.PLACED, name);
  }
}
