package io.h5j.spark;

import io.h5j.testing.ChannelOp;
import io.h5j.testing.RecordingChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A channel of a file or folder in a {@link FolderLog}'s folder: io.h5j.testing's
 * RecordingChannel with the folder's log as its sink, so that a fsync covers whatever the
 * writers of every file knew was written when they called it, and a folder's fsync is a
 * folder sync.
 */
final class LoggedChannel extends RecordingChannel {
  LoggedChannel(FileChannel delegate, FolderLog log, String name, boolean folder) {
    super(delegate, new Sink() {
      @Override
      public int completed() {
        return log.completed();
      }

      @Override
      public void record(ChannelOp op) {
        if (folder && op instanceof ChannelOp.Force f) {
          log.add(new FolderOp.SyncFolder(name, f.covers()));
        } else {
          log.onFile(name, op);
        }
      }

      @Override
      public String toString() {
        return "the log of " + name;
      }
    });
  }

  /** A truncate that cuts nothing leaves the file as it is: nothing to replay. */
  @Override
  public FileChannel truncate(long size) throws IOException {
    if (size >= size()) {
      if (position() > size) {
        position(size);
      }
      return this;
    }
    return super.truncate(size);
  }
}
