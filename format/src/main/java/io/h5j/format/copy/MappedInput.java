package io.h5j.format.copy;

import io.h5j.format.io.ForwardingFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A read-only file read through memory mappings instead of a system call per read. Repack
 * reads tens of thousands of small structures (object headers, heap collections, runs of
 * chunks) from an input that does not change under it; through the mappings a read is a
 * memory copy, and {@link #view} hands out the bytes themselves to look at without copying.
 *
 * <p>The file is mapped in windows that overlap by {@link #MAX_VIEW} bytes, so that any range
 * up to that long lies whole in one window. A file that shrinks while mapped makes the JVM
 * throw {@link InternalError} on access; {@link #read(ByteBuffer, long)} reports that as an
 * {@link IOException}.
 */
final class MappedInput extends ForwardingFileChannel {
  /** Views up to this long are handed out; longer ranges are read or transferred. */
  static final int MAX_VIEW = 64 << 20;
  private static final long STEP = 1L << 30;

  private final Path path;
  private final long size;
  private final MappedByteBuffer[] windows;
  private long position;

  private MappedInput(Path path, FileChannel file) throws IOException {
    super(file);
    this.path = path;
    this.size = file.size();
    this.windows = new MappedByteBuffer[(int) ((size + STEP - 1) / STEP)];
  }

  /** Opens {@code path} for reading; its size is taken now and not asked again. */
  static MappedInput open(Path path) throws IOException {
    FileChannel file = FileChannel.open(path, StandardOpenOption.READ);
    try {
      return new MappedInput(path, file);
    } catch (IOException | RuntimeException e) {
      file.close();
      throw e;
    }
  }

  /** The file itself, for kernel-side transfers. */
  FileChannel file() {
    return delegate();
  }

  /**
   * The {@code length} bytes at {@code position} (absolute), without copying them: a read-only
   * buffer over the mapping, position 0, in big-endian order.
   *
   * @throws IllegalArgumentException if the range is longer than {@link #MAX_VIEW} or not in
   *     the file (callers check ranges first and name the structure)
   */
  ByteBuffer view(long position, int length) throws IOException {
    if (length < 0 || length > MAX_VIEW || position < 0 || position > size - length) {
      throw new IllegalArgumentException("range of " + length + " bytes at " + position
          + " is not in " + path + " (" + size + " bytes) or too long to view");
    }
    if (length == 0) {
      return ByteBuffer.allocate(0);
    }
    int w = (int) (position / STEP);
    return window(w).slice((int) (position - w * STEP), length);
  }

  private MappedByteBuffer window(int w) throws IOException {
    MappedByteBuffer m = windows[w];
    if (m == null) {
      long start = w * STEP;
      m = delegate().map(MapMode.READ_ONLY, start, Math.min(size - start, STEP + MAX_VIEW));
      windows[w] = m;
    }
    return m;
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    if (position < 0) {
      throw new IllegalArgumentException("negative position " + position);
    }
    if (position >= size) {
      return dst.hasRemaining() ? -1 : 0;
    }
    int n = (int) Math.min(Math.min(dst.remaining(), size - position), MAX_VIEW);
    int w = (int) (position / STEP);
    try {
      // an absolute bulk put: no view object per read (repack reads ~300,000 structures)
      dst.put(dst.position(), window(w), (int) (position - w * STEP), n);
    } catch (InternalError e) { // SIGBUS: the file shrank under the mapping
      throw new IOException(path + " changed while being read (at " + position + ")", e);
    }
    dst.position(dst.position() + n);
    return n;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    int n = read(dst, position);
    if (n > 0) {
      position += n;
    }
    return n;
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      int n = read(dsts[i]);
      if (n < 0) {
        return total == 0 ? -1 : total;
      }
      total += n;
      if (dsts[i].hasRemaining()) {
        break;
      }
    }
    return total;
  }

  @Override
  public long size() {
    return size;
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public FileChannel position(long newPosition) {
    if (newPosition < 0) {
      throw new IllegalArgumentException("negative position " + newPosition);
    }
    position = newPosition;
    return this;
  }

  @Override
  public void force(boolean metaData) {
    // nothing written
  }

  // writes fail as the read-only file's own do (NonWritableChannelException); closing
  // closes the file, and the mappings go when their buffers are collected
}
