package io.h5j.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.jspecify.annotations.Nullable;

/**
 * Puts a complete file at its name on a Hadoop file system, over the file there, so that a
 * kill at any moment leaves the old file or the new one to be found. HDFS renames over a file
 * in one step ({@link DistributedFileSystem#rename(Path, Path, Options.Rename...)} with
 * {@code OVERWRITE}). Other file systems (object stores, local or network folders through
 * Hadoop) cannot, and a delete then a rename would lose the old file to a kill between them:
 * there the old file is first renamed to a kept name beside it ({@link #kept}), the new one to
 * the name, and the kept one deleted last. So at every moment either the name holds the file
 * that is current, or it is absent and the kept name holds the old one: readers look there
 * ({@link #status}), and the next replace or write of the name puts it back
 * ({@link #recover}). A name and its kept name both present mean the name is current (the
 * kept one was not deleted yet, or an object store's copy of it was made and the original's
 * delete not).
 */
final class HadoopReplace {
  private HadoopReplace() {}

  /** Where a replace keeps the old file of {@code target}: {@code .NAME.h5j-old} beside it. */
  static Path kept(Path target) {
    return new Path(target.getParent(), "." + target.getName() + ".h5j-old");
  }

  /**
   * The file that is current at {@code target}: the target, else the old file a killed replace
   * kept; null when neither is there. A replace that finishes between the two looks is
   * looked for once more.
   */
  static @Nullable FileStatus status(FileSystem fs, Path target) throws IOException {
    for (int attempt = 0; attempt < 2; attempt++) {
      FileStatus s = statusOf(fs, target);
      if (s == null) {
        s = statusOf(fs, kept(target));
      }
      if (s != null) {
        return s;
      }
    }
    return null;
  }

  private static @Nullable FileStatus statusOf(FileSystem fs, Path p) throws IOException {
    try {
      return fs.getFileStatus(p);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /**
   * Finishes what a killed replace of {@code target} left: the old file it kept goes back to
   * the name when the name is empty, else (the name holding the current file) is deleted.
   */
  static void recover(FileSystem fs, Path target) throws IOException {
    Path kept = kept(target);
    if (statusOf(fs, kept) == null) {
      return;
    }
    if (statusOf(fs, target) != null) {
      fs.delete(kept, false);
    } else if (!fs.rename(kept, target)) {
      throw new IOException("hdf5: cannot put back " + kept + " (the old file a killed write"
          + " kept) at " + target);
    }
  }

  /** Renames the complete file {@code temp} to {@code target}, over what is there. */
  static void replace(FileSystem fs, Path temp, Path target) throws IOException {
    if (fs instanceof DistributedFileSystem dfs) {
      dfs.rename(temp, target, Options.Rename.OVERWRITE); // one step on the name node
      return;
    }
    recover(fs, target);
    Path kept = kept(target);
    boolean old = statusOf(fs, target) != null;
    if (old && !fs.rename(target, kept)) {
      throw new IOException("hdf5: cannot rename " + target + " to " + kept + " to replace it");
    }
    if (!fs.rename(temp, target)) {
      if (old) {
        fs.rename(kept, target);
      }
      throw new IOException("hdf5: cannot rename " + temp + " to " + target);
    }
    if (old) {
      fs.delete(kept, false);
    }
  }
}
