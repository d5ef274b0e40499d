package io.h5j.format;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;

/**
 * The bytes of a file that h5j reads by position, wherever they are stored: a file of another
 * file system (Hadoop's {@code FileSystem}: HDFS, S3, ...), an object in memory, a test's fake.
 * {@link io.h5j.H5File#open(ByteSource)} reads an HDF5 file from one. Local files need none:
 * {@link io.h5j.H5File#open(java.nio.file.Path)} reads them through a {@code FileChannel},
 * memory-mapped where that pays.
 *
 * <p>The bytes must not change while the source is open. Reads may come from several threads
 * at once. Over a store where each request is costly, wrap the source in a
 * {@link CachingByteSource}, which turns many small reads into few large ones.
 *
 * <pre>{@code
 * ByteSource s = CachingByteSource.of(myStoreSource);
 * try (H5File f = H5File.open(s)) {
 *   double[] x = (double[]) f.dataset("x").read();
 * }
 * }</pre>
 */
public interface ByteSource extends Closeable {
  /**
   * What the source is called in messages (a URI or a path): errors about its bytes name it.
   *
   * @return the source's name
   */
  String name();

  /**
   * The number of bytes in the source.
   *
   * @return its size in bytes
   * @throws IOException if the store cannot say
   */
  long size() throws IOException;

  /**
   * Fills the remaining bytes of {@code dst} with the source's bytes from {@code position} on,
   * advancing {@code dst}'s position to its limit.
   *
   * @param position where in the source to start, 0 or more
   * @param dst where the bytes go
   * @throws java.io.EOFException if the source ends before {@code dst} is full
   * @throws IOException if the store fails to read
   */
  void readFully(long position, ByteBuffer dst) throws IOException;

  /**
   * The source of another file that {@code name} names from this one, as HDF5 external links
   * and virtual dataset sources name files: relative to this source's folder, or absolute;
   * null when there is no such file or this kind of source cannot tell. The caller closes it.
   * By default there is none.
   *
   * @param name a file name, relative or absolute
   * @return that file's source, or null
   * @throws IOException if the store fails to say
   */
  default @Nullable ByteSource sibling(String name) throws IOException {
    return null;
  }
}
