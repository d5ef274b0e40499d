package io.h5j.spark;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Hadoop's local file system under a scheme of its own, {@value #SCHEME}{@code :}, so that a
 * path of it is no local path to h5j-spark and goes through Hadoop's {@code FileSystem} (no
 * channel, no mapping), as {@code hdfs:} would; counts the streams opened.
 */
public final class CountingLocalFileSystem extends RawLocalFileSystem {
  static final String SCHEME = "h5jlocal";
  static final AtomicLong OPENS = new AtomicLong();

  /** Makes {@code conf} map scheme {@value #SCHEME} to this class. */
  static void register(Configuration conf) {
    conf.set("fs." + SCHEME + ".impl", CountingLocalFileSystem.class.getName());
  }

  /** The URI of local file {@code file} in this file system. */
  static String uri(java.nio.file.Path file) {
    return SCHEME + "://" + file.toAbsolutePath();
  }

  @Override
  public URI getUri() {
    return URI.create(SCHEME + ":///");
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    OPENS.incrementAndGet();
    return super.open(f, bufferSize);
  }
}
