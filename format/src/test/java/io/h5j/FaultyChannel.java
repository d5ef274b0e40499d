package io.h5j;

import io.h5j.format.io.ForwardingFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file channel whose n-th write (and every write after it) fails, as a full disk would.
 * Worker threads write chunks at once: the counts are atomic, so that no write is lost from
 * them and the n-th write is the n-th whatever the threads' timing.
 */
public class FaultyChannel extends ForwardingFileChannel {
  private final int failAt;
  private final AtomicInteger writes = new AtomicInteger();
  private final AtomicLong bytes = new AtomicLong();

  public FaultyChannel(FileChannel inner, int failAt) {
    super(inner);
    this.failAt = failAt;
  }

  public int writes() {
    return writes.get();
  }

  /** Bytes written so far (with a fault never reached, this channel just counts). */
  long bytesWritten() {
    return bytes.get();
  }

  private void count() throws IOException {
    int n = writes.incrementAndGet();
    if (n >= failAt) {
      throw new IOException("injected fault at write " + n);
    }
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    count();
    int n = super.write(src, position);
    bytes.addAndGet(n);
    return n;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    count();
    int n = super.write(src);
    bytes.addAndGet(n);
    return n;
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    count();
    long n = super.write(srcs, offset, length);
    bytes.addAndGet(n);
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
    bytes.addAndGet(n);
    return n;
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) {
    throw new UnsupportedOperationException("writes through a mapping would miss the faults");
  }
}
