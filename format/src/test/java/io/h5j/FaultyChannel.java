package io.h5j;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/** A file channel whose n-th write (and every write after it) fails, as a full disk would. */
class FaultyChannel extends FileChannel {
  private final FileChannel inner;
  private final int failAt;
  private int writes;
  private long bytes;

  FaultyChannel(FileChannel inner, int failAt) {
    this.inner = inner;
    this.failAt = failAt;
  }

  int writes() {
    return writes;
  }

  /** Bytes written so far (with a fault never reached, this channel just counts). */
  long bytesWritten() {
    return bytes;
  }

  private void count() throws IOException {
    if (++writes >= failAt) {
      throw new IOException("injected fault at write " + writes);
    }
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    count();
    int n = inner.write(src, position);
    bytes += n;
    return n;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    count();
    int n = inner.write(src);
    bytes += n;
    return n;
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    count();
    long n = inner.write(srcs, offset, length);
    bytes += n;
    return n;
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    count();
    inner.truncate(size);
    return this;
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    count();
    long n = inner.transferFrom(src, position, count);
    bytes += n;
    return n;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    return inner.read(dst);
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    return inner.read(dsts, offset, length);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    return inner.read(dst, position);
  }

  @Override
  public long position() throws IOException {
    return inner.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    inner.position(newPosition);
    return this;
  }

  @Override
  public long size() throws IOException {
    return inner.size();
  }

  @Override
  public void force(boolean metaData) throws IOException {
    inner.force(metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target)
      throws IOException {
    return inner.transferTo(position, count, target);
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    throw new UnsupportedOperationException("not used by h5j");
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return inner.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return inner.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    inner.close();
  }
}
