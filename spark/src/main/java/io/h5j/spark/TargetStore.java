package io.h5j.spark;

import io.h5j.H5File;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * Where a write puts its files: the target file and its part files, each named relative to
 * the target's folder ({@code out.h5}, {@code out.h5.parts/<query id>/part-0-7.h5}, with
 * {@code /} between names), in a local folder ({@link LocalTargetStore}: files are written in
 * place) or on any Hadoop file system ({@link HadoopTargetStore}: files are written to local
 * scratch files and uploaded, since HDFS and object stores cannot rewrite a file in place).
 * The driver makes it; the tasks carry it to the executors.
 */
interface TargetStore extends Serializable {
  /** The store of the folder holding {@code path} (a local path or a Hadoop URI). */
  static TargetStore forTarget(String path) {
    if (SparkFiles.isLocal(path)) {
      Path p = SparkFiles.local(path).toAbsolutePath();
      return new LocalTargetStore(p.getParent().toString(), p.getFileName().toString());
    }
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
    return new HadoopTargetStore(SparkFiles.forExecutors(), p.getParent().toString(),
        p.getName());
  }

  /** The name of the target file in its folder. */
  String target();

  /** The file or folder {@code name}, as messages give it (its full path or URI). */
  String where(String name);

  /** Whether file or folder {@code name} exists. */
  boolean exists(String name) throws IOException;

  /** The names in folder {@code dir}, sorted; none when it does not exist. */
  List<String> list(String dir) throws IOException;

  /** Deletes file or folder {@code name} with everything in it, if it exists. */
  void delete(String name) throws IOException;

  /** A local file, not yet there, to write the file that {@link #publish} puts at {@code name}. */
  Path scratch(String name) throws IOException;

  /**
   * Puts the complete, closed file {@code written} (from {@link #scratch}) at {@code name}, its
   * bytes durable: once this returns, a power cut loses neither them nor the name.
   */
  void publish(Path written, String name) throws IOException;

  /** Removes what an abandoned write of {@code name} into {@code written} left. */
  void discard(Path written, String name) throws IOException;

  /**
   * Makes durable the names of the files published in folder {@code dir}, and of that folder
   * and its parents up to the target's folder: called before the target maps them.
   */
  void syncFolder(String dir) throws IOException;

  /**
   * Before a write of the target, on the driver: finishes what a killed write of it left
   * half done, and removes the temporary files beside it and the part folders of writers that
   * are {@code dead} ({@link WriterId#provablyDead}, but for a test), never a part folder the
   * target maps.
   */
  void removeLeftovers(Predicate<WriterId> dead) throws IOException;

  /** Opens the (published) file {@code name} to read. */
  H5File open(String name) throws IOException;

  /**
   * Creates file {@code name} by {@code body}; it takes the place of what is at {@code name}
   * in one step once {@code body} returned and the file is complete. When {@code body} or the
   * write fails, {@code name} keeps what it had.
   */
  void create(String name, FileBody<H5File> body) throws IOException;

  /**
   * Changes the versioned file {@code name} by {@code body} (which commits a version),
   * creating the file when it does not exist. A failure before the commit leaves the file as
   * it was.
   */
  void edit(String name, FileBody<VersionedFile> body) throws IOException;

  /** Writes or changes an open file. */
  @FunctionalInterface
  interface FileBody<T> {
    /** Writes into {@code file}, which the store closes. */
    void write(T file) throws IOException;
  }
}
