package io.h5j.testing;

/**
 * One operation a {@link RecordingChannel} saw complete on a file, in the order they
 * completed. Replayed over the file's bytes at the start by {@link FileImage}.
 */
public sealed interface ChannelOp {
  /** Bytes that reached the file at {@code position}, whichever call wrote them. */
  record Write(long position, byte[] bytes) implements ChannelOp {
    public long end() {
      return position + bytes.length;
    }

    @Override
    public String toString() {
      return "write " + bytes.length + " B at " + position;
    }
  }

  /**
   * A completed fsync. It made durable the first {@code covers} operations of the log: those
   * that had completed when it was called (writes that completed while it ran are not covered).
   */
  record Force(int covers) implements ChannelOp {
    @Override
    public String toString() {
      return "fsync of the first " + covers + " operations";
    }
  }

  /** The file cut to {@code size} bytes (a larger size leaves the file as it is, as in Java). */
  record Truncate(long size) implements ChannelOp {
    @Override
    public String toString() {
      return "truncate to " + size;
    }
  }
}
