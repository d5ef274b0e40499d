package io.h5j.format.io;

import io.h5j.format.ByteSource;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A local file's channel as a {@link ByteSource}: what {@link FileAccess} reads through when
 * it has a channel. Closing it leaves the channel open (FileAccess owns the channel).
 */
final class ChannelSource implements ByteSource {
  private final FileChannel channel;
  private final String name;

  ChannelSource(FileChannel channel, String name) {
    this.channel = channel;
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long size() throws IOException {
    return channel.size();
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    long at = position;
    while (dst.hasRemaining()) {
      int n = channel.read(dst, at);
      if (n < 0) {
        throw new EOFException(name + " ends at position " + at + ", " + dst.remaining()
            + " bytes short of the read from " + position);
      }
      at += n;
    }
  }

  @Override
  public void close() {
    // the channel is FileAccess's to close
  }
}
