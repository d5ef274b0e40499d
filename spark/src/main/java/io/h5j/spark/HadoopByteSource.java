package io.h5j.spark;

import io.h5j.format.ByteSource;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.jspecify.annotations.Nullable;

/**
 * A file of one of Hadoop's file systems (HDFS, S3A, ...) as h5j's {@link ByteSource}:
 * positional {@code readFully} on one {@link FSDataInputStream}, opened on the first read.
 * Its length is the one the file system listed when the source was made.
 */
final class HadoopByteSource implements ByteSource {
  private final FileSystem fs;
  private final Path path;
  private final long length;
  private final Configuration conf;
  private @Nullable FSDataInputStream in;

  private HadoopByteSource(FileSystem fs, FileStatus status, Configuration conf) {
    this.fs = fs;
    this.path = status.getPath();
    this.length = status.getLen();
    this.conf = conf;
  }

  /** The file at {@code path}; throws FileNotFoundException when it is none (or a folder). */
  static HadoopByteSource open(Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    return of(fs, fs.getFileStatus(path), conf);
  }

  /** The file {@code s} describes; throws FileNotFoundException when it is a folder. */
  static HadoopByteSource of(FileSystem fs, FileStatus s, Configuration conf)
      throws FileNotFoundException {
    if (!s.isFile()) {
      throw new FileNotFoundException(s.getPath() + " is not a file");
    }
    return new HadoopByteSource(fs, s, conf);
  }

  @Override
  public String name() {
    return path.toString();
  }

  @Override
  public long size() {
    return length;
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    FSDataInputStream s = stream();
    int n = dst.remaining();
    if (dst.hasArray()) {
      s.readFully(position, dst.array(), dst.arrayOffset() + dst.position(), n);
      dst.position(dst.limit());
    } else {
      byte[] b = new byte[n];
      s.readFully(position, b, 0, n);
      dst.put(b);
    }
  }

  private synchronized FSDataInputStream stream() throws IOException {
    if (in == null) {
      in = fs.open(path);
    }
    return in;
  }

  /** Relative names from this file's folder, as HDF5 external links and VDS sources mean. */
  @Override
  public @Nullable ByteSource sibling(String name) throws IOException {
    Path p = new Path(name);
    if (!p.isAbsolute() && p.toUri().getScheme() == null) {
      p = new Path(path.getParent(), p);
    }
    try {
      return open(p, conf);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /** Closes the stream; the file system is Hadoop's shared instance and stays open. */
  @Override
  public synchronized void close() throws IOException {
    if (in != null) {
      in.close();
      in = null;
    }
  }
}
