package io.h5j.spark;

import io.h5j.format.io.ForwardingFileChannel;
import io.h5j.testing.ChannelOp;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;

/**
 * A channel of a file or folder in a {@link FolderLog}'s folder that logs each write,
 * truncate and fsync once the file took it (as io.h5j.testing's RecordingChannel does for
 * one file), so that a fsync covers whatever the writers knew was written when they called it.
 */
final class LoggedChannel extends ForwardingFileChannel {
  private final FolderLog log;
  private final String name;
  private final boolean folder;
  private final Object positionLock = new Object();

  LoggedChannel(FileChannel delegate, FolderLog log, String name, boolean folder) {
    super(delegate);
    this.log = log;
    this.name = name;
    this.folder = folder;
  }

  private void logWrite(long at, ByteBuffer view, long n) {
    if (n > 0) {
      byte[] b = new byte[(int) n];
      view.get(b);
      log.onFile(name, new ChannelOp.Write(at, b));
    }
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    ByteBuffer view = src.duplicate();
    int n = super.write(src, position);
    logWrite(position, view, n);
    return n;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    synchronized (positionLock) {
      long at = position();
      ByteBuffer view = src.duplicate();
      int n = super.write(src);
      logWrite(at, view, n);
      return n;
    }
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    long n = 0;
    for (int i = offset; i < offset + length; i++) {
      n += write(srcs[i]);
    }
    return n;
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    ByteBuffer buf = ByteBuffer.allocate((int) Math.min(count, 1 << 20));
    long done = 0;
    while (done < count && position <= size()) {
      buf.clear().limit((int) Math.min(buf.capacity(), count - done));
      if (src.read(buf) <= 0) {
        break;
      }
      buf.flip();
      while (buf.hasRemaining()) {
        done += write(buf, position + done);
      }
    }
    return done;
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    boolean cuts = size < size();
    super.truncate(size);
    if (cuts) {
      log.onFile(name, new ChannelOp.Truncate(size));
    }
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    int covers = log.completed();
    super.force(metaData);
    log.add(folder ? new FolderOp.SyncFolder(name, covers)
        : new FolderOp.OnFile(log.inode(name), new ChannelOp.Force(covers)));
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    if (mode != MapMode.READ_ONLY) {
      throw new UnsupportedOperationException("writes through a " + mode + " mapping would"
          + " not be logged");
    }
    return super.map(mode, position, size);
  }
}
