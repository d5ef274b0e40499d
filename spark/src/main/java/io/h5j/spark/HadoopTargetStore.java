package io.h5j.spark;

import io.h5j.H5File;
import io.h5j.versioning.VersionedFile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.spark.SparkEnv;
import org.jspecify.annotations.Nullable;

/**
 * The files of a write to a Hadoop file system ({@code hdfs://}, {@code s3a://}, ...), which
 * cannot rewrite a file in place: each file is written to a local scratch file (in Spark's
 * local folder: {@code SPARK_LOCAL_DIRS}, else {@code spark.local.dir}, else
 * {@code java.io.tmpdir}; {@link ScratchFiles}), uploaded under a hidden temporary name beside
 * its final one ({@code .NAME.<pid>@<host>.<random>.tmp}, synced to the data nodes' disks
 * where the stream can, {@code hsync}) and renamed to it. The target is put over the old one
 * by {@link HadoopReplace}: one atomic rename on HDFS; elsewhere the old file is kept aside
 * until the new one is in place, so a kill at any moment leaves one of them to read. A
 * versioned file is copied to a local file, given its version there and uploaded whole; the replace fails
 * when the original changed meanwhile (its length or modification time), which catches a
 * concurrent writer unless it changes the file between that check and the rename. A name
 * node records each rename durably before it returns, so the folders need no sync.
 *
 * @param files the Hadoop configuration, on the driver and the executors
 * @param folder the target's folder, as a URI
 * @param target the target file's name in it
 */
record HadoopTargetStore(SparkFiles files, String folder, String target)
    implements TargetStore {
  private static final String TEMP_SUFFIX = ".tmp";

  private Path path(String name) {
    return name.isEmpty() ? new Path(folder) : new Path(new Path(folder), name);
  }

  private FileSystem fs() throws IOException {
    return new Path(folder).getFileSystem(files.hadoopConf());
  }

  @Override
  public String where(String name) {
    return path(name).toString();
  }

  /** Whether {@code name} exists; the target also while a replace keeps it aside. */
  @Override
  public boolean exists(String name) throws IOException {
    return name.equals(target) ? status(name) != null : fs().exists(path(name));
  }

  @Override
  public List<String> list(String dir) throws IOException {
    try {
      return Arrays.stream(fs().listStatus(path(dir))).map(s -> s.getPath().getName()).sorted()
          .toList();
    } catch (FileNotFoundException e) {
      return List.of();
    }
  }

  @Override
  public void delete(String name) throws IOException {
    fs().delete(path(name), true);
  }

  @Override
  public java.nio.file.Path scratch(String name) throws IOException {
    return ScratchFiles.newFile(java.nio.file.Path.of(localDir()), path(name).getName());
  }

  /** Spark's first local folder on this machine, where scratch files belong. */
  private static String localDir() {
    String dirs = System.getenv("SPARK_LOCAL_DIRS");
    if (dirs == null || dirs.isBlank()) {
      SparkEnv env = SparkEnv.get();
      dirs = env != null ? env.conf().get("spark.local.dir", null) : null;
    }
    if (dirs == null || dirs.isBlank()) {
      return System.getProperty("java.io.tmpdir");
    }
    return dirs.split(",")[0].trim();
  }

  @Override
  public void publish(java.nio.file.Path written, String name) throws IOException {
    try {
      Path temp = upload(written, name);
      if (!fs().rename(temp, path(name))) {
        fs().delete(temp, false);
        throw new IOException("hdf5: cannot rename " + temp + " to " + path(name));
      }
    } finally {
      Files.deleteIfExists(written);
    }
  }

  /** Copies {@code written} beside {@code name} under a hidden temporary name, synced. */
  private Path upload(java.nio.file.Path written, String name) throws IOException {
    Path dst = path(name);
    Path temp = new Path(dst.getParent(), "." + dst.getName() + "."
        + WriterId.current().token() + "." + UUID.randomUUID() + TEMP_SUFFIX);
    FileSystem fs = fs();
    try (InputStream in = Files.newInputStream(written);
        FSDataOutputStream out = fs.create(temp, false)) {
      in.transferTo(out);
      if (out.hasCapability(StreamCapabilities.HSYNC)) {
        out.hsync(); // on the data nodes' disks, not only in their memory
      }
    } catch (IOException | RuntimeException e) {
      fs.delete(temp, false);
      throw e;
    }
    return temp;
  }

  @Override
  public void discard(java.nio.file.Path written, String name) throws IOException {
    Files.deleteIfExists(written);
  }

  @Override
  public void syncFolder(String dir) {
    // a name node logs each rename durably before it answers
  }

  @Override
  public H5File open(String name) throws IOException {
    return H5File.open(files.source(path(name).toString()));
  }

  /**
   * Finishes a killed replace of the target ({@link HadoopReplace#recover}), then removes the
   * uploads beside the target whose writer is {@code dead} and the dead writers' part folders
   * ({@link Leftovers}).
   */
  @Override
  public void removeLeftovers(Predicate<WriterId> dead) throws IOException {
    HadoopReplace.recover(fs(), path(target));
    String prefix = "." + target + ".";
    for (String name : list("")) {
      if (name.startsWith(prefix) && name.endsWith(TEMP_SUFFIX)) {
        String rest = name.substring(prefix.length(), name.length() - TEMP_SUFFIX.length());
        int dot = rest.lastIndexOf('.');
        WriterId w = dot < 0 ? null : WriterId.parse(rest.substring(0, dot));
        if (w != null && dead.test(w)) {
          delete(name);
        }
      }
    }
    Leftovers.removeDeadJobs(this, dead);
  }

  @Override
  public void create(String name, FileBody<H5File> body) throws IOException {
    java.nio.file.Path local = scratch(name);
    try {
      H5File f = H5File.create(local).syncOnClose(false); // a scratch copy: the upload syncs
      try {
        body.write(f);
      } catch (IOException | RuntimeException e) {
        f.closeWithoutFlush();
        throw e;
      }
      f.close();
      replace(local, name, null);
    } finally {
      Files.deleteIfExists(local);
    }
  }

  @Override
  public void edit(String name, FileBody<VersionedFile> body) throws IOException {
    java.nio.file.Path local = scratch(name);
    try {
      FileStatus before = status(name);
      if (before != null) {
        try (InputStream in = fs().open(before.getPath())) {
          Files.copy(in, local, StandardCopyOption.REPLACE_EXISTING);
        }
        WriteEvents.report(WriteEvents.Kind.COPIED, name);
      }
      try (VersionedFile vf = before != null ? VersionedFile.open(local)
          : VersionedFile.create(local)) {
        body.write(vf);
      }
      replace(local, name, before == null ? Unchanged.ABSENT : new Unchanged(before));
    } finally {
      Files.deleteIfExists(local);
    }
  }

  /** The file at {@code name}, or the old one a replace of it keeps aside; null: neither. */
  private @Nullable FileStatus status(String name) throws IOException {
    return HadoopReplace.status(fs(), path(name));
  }

  /**
   * Uploads {@code local} and renames it over {@code name}; with {@code expect}, only if
   * {@code name} is still as it was when {@code local} was copied from it.
   */
  private void replace(java.nio.file.Path local, String name, @Nullable Unchanged expect)
      throws IOException {
    Path temp = upload(local, name);
    try {
      if (expect != null) {
        expect.check(status(name), where(name));
      }
      HadoopReplace.replace(fs(), temp, path(name));
      WriteEvents.report(WriteEvents.Kind.PLACED, name);
    } catch (IOException | RuntimeException e) {
      fs().delete(temp, false);
      throw e;
    }
  }

  /** The length and modification time a file had, or that it did not exist (null status). */
  private record Unchanged(@Nullable FileStatus was) {
    static final Unchanged ABSENT = new Unchanged(null);

    void check(@Nullable FileStatus now, String where) {
      boolean same = was == null ? now == null : now != null && now.getLen() == was.getLen()
          && now.getModificationTime() == was.getModificationTime();
      if (!same) {
        throw new IllegalStateException("hdf5: " + where + " changed while this write added"
            + " its version (" + describe(was) + " then, " + describe(now) + " now): another"
            + " writer? The version was not added; write it again");
      }
    }

    private static String describe(@Nullable FileStatus s) {
      return s == null ? "absent" : s.getLen() + " bytes, modified at "
          + java.time.Instant.ofEpochMilli(s.getModificationTime());
    }
  }
}
