package io.h5j.testing;

import io.h5j.format.io.ForwardingFileChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * A file channel that records every write (position and bytes), fsync and truncate it passes
 * on, in the order they complete, for {@link CrashStates} to replay. Safe for the writer's
 * worker threads: an operation is logged after the file took it and before the call returns,
 * so whatever a thread could know was written before it called {@code force} is covered by
 * that force. Writes through a writable mapping would escape the log and are refused.
 */
public class RecordingChannel extends ForwardingFileChannel {
  /**
   * Where a channel's operations go: a log of its own, or one shared by the files of a folder.
   * A {@link ChannelOp.Force} covers the {@link #completed} operations counted before it.
   */
  public interface Sink {
    /** The number of operations recorded so far, of this sink's whole log. */
    int completed();

    void record(ChannelOp op);
  }

  /** A log of one channel's own. */
  private static final class OwnLog implements Sink {
    private final List<ChannelOp> ops = new ArrayList<>();

    @Override
    public synchronized int completed() {
      return ops.size();
    }

    @Override
    public synchronized void record(ChannelOp op) {
      ops.add(op);
    }

    synchronized List<ChannelOp> copy() {
      return List.copyOf(ops);
    }
  }

  private final Sink sink;
  /** Held across a relative write, whose position is the channel's. */
  private final Object positionLock = new Object();

  public RecordingChannel(FileChannel delegate) {
    this(delegate, new OwnLog());
  }

  /** A channel whose operations go to {@code sink}. */
  protected RecordingChannel(FileChannel delegate, Sink sink) {
    super(delegate);
    this.sink = sink;
  }

  /**
   * The operations recorded so far, oldest first.
   *
   * @throws IllegalStateException when they went to a sink given by a subclass
   */
  public List<ChannelOp> operations() {
    if (!(sink instanceof OwnLog own)) {
      throw new IllegalStateException("this channel records into " + sink);
    }
    return own.copy();
  }

  private int completed() {
    return sink.completed();
  }

  private void record(ChannelOp op) {
    sink.record(op);
  }

  /** Logs the first {@code n} bytes of {@code view} (taken before the write) at {@code at}. */
  private void recordWrite(long at, ByteBuffer view, long n) {
    if (n <= 0) {
      return;
    }
    byte[] b = new byte[(int) n];
    view.get(b);
    record(new ChannelOp.Write(at, b));
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    ByteBuffer view = src.duplicate();
    int n = super.write(src, position);
    recordWrite(position, view, n);
    return n;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    synchronized (positionLock) {
      long at = position();
      ByteBuffer view = src.duplicate();
      int n = super.write(src);
      recordWrite(at, view, n);
      return n;
    }
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    synchronized (positionLock) {
      long at = position();
      ByteBuffer[] views = new ByteBuffer[length];
      long total = 0;
      for (int i = 0; i < length; i++) {
        views[i] = srcs[offset + i].duplicate();
        total += views[i].remaining();
      }
      long n = super.write(srcs, offset, length);
      ByteBuffer joined = ByteBuffer.allocate((int) total);
      for (ByteBuffer v : views) {
        joined.put(v);
      }
      recordWrite(at, joined.flip(), n);
      return n;
    }
  }

  /**
   * Reads {@code src} here and writes it with {@link #write(ByteBuffer, long)}, so it is
   * logged; nothing past the end of the file, as {@link FileChannel#transferFrom} does.
   */
  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    if (position > size()) {
      return 0;
    }
    ByteBuffer buf = ByteBuffer.allocate((int) Math.min(count, 1 << 20));
    long done = 0;
    while (done < count) {
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
    super.truncate(size);
    record(new ChannelOp.Truncate(size));
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    int covers = completed();
    super.force(metaData);
    record(new ChannelOp.Force(covers));
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    if (mode != MapMode.READ_ONLY) {
      throw new UnsupportedOperationException("writes through a " + mode + " mapping would"
          + " not be recorded");
    }
    return super.map(mode, position, size);
  }
}
