package io.h5j;

import io.h5j.format.io.ForwardingFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;

/** A file channel whose n-th write (and every write after it) fails, as a full disk would. */
class FaultyChannel extends ForwardingFileChannel {
  private final int failAt;
  private int writes;
  private long bytes;

  FaultyChannel(FileChannel inner, int failAt) {
    super(inner);
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
    int n = super.write(src, position);
    bytes += n;
    return n;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    count();
    int n = super.write(src);
    bytes += n;
    return n;
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    count();
    long n = super.write(srcs, offset, length);
    bytes += n;
    return n;
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    count();
    super.truncate(size);
    return this;
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    count();
    long n = super.transferFrom(src, position, count);
    bytes += n;
    return n;
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) {
    throw new UnsupportedOperationException("writes through a mapping would miss the faults");
  }
}
