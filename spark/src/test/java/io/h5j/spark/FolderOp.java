package io.h5j.spark;

import io.h5j.testing.ChannelOp;

/**
 * One operation a {@link RecordingFileSystem} saw complete in the recorded folder, named
 * relative to it ({@code /} between names): a change of a file's bytes, or of a folder's
 * names, or a sync that makes earlier ones durable. Files are numbered (inodes), so that a
 * rename or a second name keeps the bytes written under the first.
 */
sealed interface FolderOp {
  /** The folder an entry {@code name} is in; "" for the recorded folder itself. */
  static String parent(String name) {
    int slash = name.lastIndexOf('/');
    return slash < 0 ? "" : name.substring(0, slash);
  }

  /** A write, truncate or fsync of file {@code inode} (a fsync's covers counts this log). */
  record OnFile(int inode, ChannelOp op) implements FolderOp {
    @Override
    public String toString() {
      return op + " of file #" + inode;
    }
  }

  /** A new file {@code inode} named {@code name}. */
  record Create(String name, int inode) implements FolderOp {
    @Override
    public String toString() {
      return "create " + name + " (file #" + inode + ")";
    }
  }

  /** A new folder. */
  record Mkdir(String name) implements FolderOp {
    @Override
    public String toString() {
      return "mkdir " + name;
    }
  }

  /** A file or (empty) folder removed. */
  record Remove(String name) implements FolderOp {
    @Override
    public String toString() {
      return "remove " + name;
    }
  }

  /** {@code from} renamed to {@code to}, replacing it; {@code inode} -1 for a folder. */
  record Rename(String from, String to, int inode) implements FolderOp {
    @Override
    public String toString() {
      return "rename " + from + " to " + to;
    }
  }

  /** A fsync of folder {@code name}, making durable the first {@code covers} operations' names. */
  record SyncFolder(String name, int covers) implements FolderOp {
    @Override
    public String toString() {
      return "sync of folder '" + name + "' covering the first " + covers + " operations";
    }
  }

  /** Whether this is a sync (it changes nothing itself). */
  default boolean isSync() {
    return this instanceof SyncFolder || this instanceof OnFile f && f.op() instanceof ChannelOp.Force;
  }
}
