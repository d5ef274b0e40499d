package io.h5j.repack;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * A file written behind: positional writes that follow each other (repack allocates its
 * output from the end, so nearly all do) are queued and go to the file together in one
 * gathering write, instead of one system call each. Small writes are copied into a staging
 * buffer; {@link #writeRetained} queues a buffer itself (a view of the mapped input), so that
 * its bytes are copied once, by the kernel.
 *
 * <p>What is queued is written before anything that could observe or reorder it: a write
 * elsewhere, a read or mapping of the queued range, truncate, force, transfers and close.
 * The size includes what is queued. An error of a queued write surfaces from the call that
 * writes it; the repack then fails and its temporary output is deleted.
 */
final class BatchedOutput extends FileChannel {
  /** Linux's IOV_MAX: buffers per gathering write. */
  private static final int MAX_BUFFERS = 1024;
  private static final int STAGING = 1 << 20;
  /** Writes this long or longer are not worth staging. */
  private static final int STAGE_AT_MOST = STAGING / 4;

  private final FileChannel file;
  private final ByteBuffer[] queued = new ByteBuffer[MAX_BUFFERS];
  private int count;
  /** File positions of the first queued byte and just after the last one. */
  private long start;
  private long end;
  private final ByteBuffer staging = ByteBuffer.allocateDirect(STAGING);
  /** Whether the last queued buffer is the staged bytes just before the staging position. */
  private boolean lastStaged;

  private BatchedOutput(FileChannel file) {
    this.file = file;
  }

  /** Opens an existing file for reading and writing. */
  static BatchedOutput open(Path path) throws IOException {
    return new BatchedOutput(FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE));
  }

  /**
   * The file itself, for kernel-side transfers, once everything queued is written (writes
   * through it must not overlap what is queued afterwards).
   */
  FileChannel flushedFile() throws IOException {
    flush();
    return file;
  }

  /**
   * Queues {@code src}'s remaining bytes for {@code position} without copying them; the
   * caller does not change them until they are written (the next flush).
   */
  void writeRetained(ByteBuffer src, long position) throws IOException {
    int n = src.remaining();
    if (n == 0) {
      return;
    }
    follow(position);
    queued[count++] = src.slice();
    lastStaged = false;
    src.position(src.limit());
    queue(n);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    int n = src.remaining();
    if (n >= STAGE_AT_MOST) {
      flush();
      return file.write(src, position);
    }
    if (n == 0) {
      return 0;
    }
    if (staging.remaining() < n) {
      flush();
    }
    follow(position);
    int at = staging.position();
    staging.put(src);
    if (lastStaged) { // extends the staged bytes queued last
      ByteBuffer last = queued[count - 1];
      queued[count - 1] = staging.slice(at - last.remaining(), last.remaining() + n);
    } else {
      queued[count++] = staging.slice(at, n);
      lastStaged = true;
    }
    queue(n);
    return n;
  }

  /** Makes {@code position} the end of what is queued, writing the queue if it is not. */
  private void follow(long position) throws IOException {
    if (count > 0 && position != end) {
      flush();
    }
    if (count == 0) {
      start = position;
      end = position;
    }
  }

  private void queue(int n) throws IOException {
    end += n;
    if (count == MAX_BUFFERS) {
      flush();
    }
  }

  /** Writes everything queued, in one gathering write where the kernel takes it all. */
  void flush() throws IOException {
    if (count == 0) {
      return;
    }
    file.position(start);
    int first = 0;
    while (first < count) {
      file.write(queued, first, count - first);
      while (first < count && !queued[first].hasRemaining()) {
        first++;
      }
    }
    Arrays.fill(queued, 0, count, null);
    count = 0;
    lastStaged = false;
    staging.clear();
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    flush();
    return file.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    flush();
    return file.write(srcs, offset, length);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    if (count > 0 && position < end && position + dst.remaining() > start) {
      flush();
    }
    return file.read(dst, position);
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    flush();
    return file.read(dst);
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    flush();
    return file.read(dsts, offset, length);
  }

  @Override
  public long size() throws IOException {
    long size = file.size();
    return count > 0 ? Math.max(size, end) : size;
  }

  @Override
  public long position() throws IOException {
    return file.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    file.position(newPosition);
    return this;
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    flush();
    file.truncate(size);
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    flush();
    file.force(metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target)
      throws IOException {
    return flushedFile().transferTo(position, count, target);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    return flushedFile().transferFrom(src, position, count);
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return flushedFile().map(mode, position, size);
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return file.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return file.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    try {
      flush();
    } finally {
      file.close();
    }
  }
}
