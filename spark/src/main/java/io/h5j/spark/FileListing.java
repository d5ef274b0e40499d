package io.h5j.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The files a load path names: the file itself; every {@code *.h5} and {@code *.hdf5} file
 * of a directory (not of its subdirectories); or the files a glob matches, with Hadoop's
 * {@link FileSystem#globStatus} semantics ({@code *}, {@code ?}, {@code [ab]}, {@code {a,b}}).
 * A local path (no scheme) is listed on the local file system whatever Hadoop's default one
 * is, as {@link SparkFiles} opens it.
 *
 * @param files the files, sorted by path; a directory's or a glob's as Hadoop qualifies them
 *     ({@code file:/data/a.h5}, {@code hdfs://nn/data/a.h5})
 * @param many whether the path is a directory or a glob, whose table has a {@code file} column
 */
record FileListing(List<String> files, boolean many) {
  FileListing {
    files = List.copyOf(files);
  }

  /** The files {@code path} names, listed with {@code conf}. */
  static FileListing of(String path, Configuration conf) throws IOException {
    Path p = new Path(path);
    FileSystem fs = SparkFiles.isLocal(path) ? FileSystem.getLocal(conf) : p.getFileSystem(conf);
    p = fs.makeQualified(p);
    FileStatus status;
    try {
      status = fs.getFileStatus(p);
    } catch (FileNotFoundException e) {
      status = null;
    }
    if (status != null && status.isDirectory()) {
      List<String> files = new ArrayList<>();
      for (FileStatus s : sorted(fs.listStatus(p))) {
        String name = s.getPath().getName().toLowerCase(Locale.ROOT);
        if (s.isFile() && (name.endsWith(".h5") || name.endsWith(".hdf5"))) {
          files.add(s.getPath().toString());
        }
      }
      if (files.isEmpty()) {
        throw new IllegalArgumentException("hdf5: directory " + path
            + " holds no *.h5 or *.hdf5 file");
      }
      return new FileListing(files, true);
    }
    if (status != null || !isGlob(path)) {
      // a file, or nothing: opening it says what is wrong, as for any single file
      return new FileListing(List.of(path), false);
    }
    FileStatus[] matched = fs.globStatus(p);
    List<String> files = new ArrayList<>();
    if (matched != null) {
      for (FileStatus s : sorted(matched)) {
        if (s.isFile()) {
          files.add(s.getPath().toString());
        }
      }
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("hdf5: no file matches " + path);
    }
    return new FileListing(files, true);
  }

  private static boolean isGlob(String path) {
    for (char c : new char[] {'*', '?', '[', '{'}) {
      if (path.indexOf(c) >= 0) {
        return true;
      }
    }
    return false;
  }

  private static List<FileStatus> sorted(FileStatus[] in) {
    List<FileStatus> out = new ArrayList<>(List.of(in));
    out.sort(Comparator.comparing(s -> s.getPath().toString()));
    return out;
  }
}
