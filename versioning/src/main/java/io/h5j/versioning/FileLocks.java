package io.h5j.versioning;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The locks that let one writer and any number of readers in other processes share a
 * versioned file: POSIX record locks ({@link FileChannel#lock}, fcntl on Linux) on three bytes
 * far beyond the end of any HDF5 file, which libhdf5 neither reads nor locks.
 *
 * <ul>
 *   <li>{@code WRITER}: held exclusively by the one process that has the file open to add
 *       versions, for as long as it has it open; a second writer is refused at once.
 *   <li>{@code DATA}: held exclusively while a writer changes the file (a commit, a delete,
 *       a rebuild: from its first write to its last flush), and shared by a reader for the
 *       length of one read.
 *   <li>{@code TURNSTILE}: the writer takes it before {@code DATA} and readers pass through
 *       it (take and drop it) before taking {@code DATA}, so that a stream of overlapping
 *       readers cannot starve a waiting writer.
 * </ul>
 *
 * <p>Record locks belong to a process and a file, and closing any channel of the file drops
 * them all. So there is one object per file per JVM, counted by the {@link VersionedFile}s
 * that use it: its channel is the one they all read and write through, and it is closed only
 * when the last of them is; between themselves, threads of one JVM take a read-write lock.
 */
final class FileLocks {
  /** Where the lock bytes lie: 2^62, beyond any file a file system holds. */
  static final long BASE = 1L << 62;
  private static final long WRITER = BASE;
  private static final long TURNSTILE = BASE + 1;
  private static final long DATA = BASE + 2;

  /** Test switch: false makes every lock a no-op, to show what readers see without them. */
  static volatile boolean enabled = true;

  private static final Map<Object, FileLocks> OPEN = new HashMap<>();

  private final Object key;
  private final Path path;
  private final FileChannel channel;
  private final boolean writable;
  private final ReentrantReadWriteLock inJvm = new ReentrantReadWriteLock(true);
  private int users;
  private int sharedHolders;
  private FileLock sharedLock;
  private FileLock turnstileLock;
  private FileLock dataLock;
  private FileLock writerLock;
  private boolean writerClaimed;

  private FileLocks(Object key, Path path, FileChannel channel, boolean writable) {
    this.key = key;
    this.path = path;
    this.channel = channel;
    this.writable = writable;
  }

  /** The locks of the file at {@code path}, shared with its other users in this JVM. */
  static FileLocks acquire(Path path) throws IOException {
    Object key = keyOf(path);
    synchronized (OPEN) {
      FileLocks l = OPEN.get(key);
      if (l == null) {
        FileChannel c;
        boolean rw = true;
        try {
          c = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (FileSystemException | UnsupportedOperationException e) {
          // not writable here (permissions, a read-only mount): readers still lock
          c = FileChannel.open(path, StandardOpenOption.READ);
          rw = false;
        }
        l = new FileLocks(key, path, c, rw);
        OPEN.put(key, l);
      }
      l.users++;
      return l;
    }
  }

  private static Object keyOf(Path path) throws IOException {
    Object k = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    return k != null ? k : path.toRealPath();
  }

  /** Done with the file: the last user closes the channel. */
  void release() throws IOException {
    synchronized (OPEN) {
      if (--users == 0) {
        OPEN.remove(key);
        channel.close();
      }
    }
  }

  /** The channel every user of this file in this JVM reads and writes through. */
  FileChannel channel() {
    return channel;
  }

  boolean writable() {
    return writable;
  }

  /**
   * Claims the file for writing, for as long as the caller has it open: refused if another
   * process or another {@link VersionedFile} of this JVM has claimed it.
   */
  synchronized void claimWriter() throws IOException {
    if (!writable) {
      throw new java.nio.file.AccessDeniedException(path.toString(), null,
          "the file cannot be opened for writing");
    }
    if (writerClaimed) {
      throw new IllegalStateException(path + " is already open to add versions in this JVM;"
          + " h5j allows one writer at a time: close the other VersionedFile first");
    }
    if (enabled) {
      FileLock l = channel.tryLock(WRITER, 1, false);
      if (l == null) {
        throw new IllegalStateException(path + " is open to add versions in another process;"
            + " h5j allows one writer at a time: close it there first");
      }
      writerLock = l;
    }
    writerClaimed = true;
  }

  /** Gives up the claim of {@link #claimWriter()}. */
  synchronized void releaseWriter() throws IOException {
    FileLock l = writerLock;
    writerLock = null;
    writerClaimed = false;
    release(l);
  }

  /** Waits until no writer changes the file, and keeps writers out until {@link #unlockShared}. */
  void lockShared() throws IOException {
    inJvm.readLock().lock();
    try {
      synchronized (this) {
        if (sharedHolders == 0 && enabled) {
          FileLock gate = channel.lock(TURNSTILE, 1, true);
          try {
            sharedLock = channel.lock(DATA, 1, true);
          } finally {
            gate.release();
          }
        }
        sharedHolders++;
      }
    } catch (IOException | RuntimeException e) {
      inJvm.readLock().unlock();
      throw e;
    }
  }

  void unlockShared() throws IOException {
    try {
      synchronized (this) {
        if (--sharedHolders == 0 && sharedLock != null) {
          FileLock l = sharedLock;
          sharedLock = null;
          release(l);
        }
      }
    } finally {
      inJvm.readLock().unlock();
    }
  }

  /** Waits until no reader reads the file, and keeps readers out until {@link #unlockExclusive}. */
  void lockExclusive() throws IOException {
    inJvm.writeLock().lock();
    try {
      synchronized (this) {
        if (enabled) {
          turnstileLock = channel.lock(TURNSTILE, 1, false);
          try {
            dataLock = channel.lock(DATA, 1, false);
          } catch (IOException | RuntimeException e) {
            release(turnstileLock);
            turnstileLock = null;
            throw e;
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      inJvm.writeLock().unlock();
      throw e;
    }
  }

  void unlockExclusive() throws IOException {
    try {
      synchronized (this) {
        FileLock d = dataLock;
        FileLock t = turnstileLock;
        dataLock = null;
        turnstileLock = null;
        try {
          release(d);
        } finally {
          release(t);
        }
      }
    } finally {
      inJvm.writeLock().unlock();
    }
  }

  /** Whether this thread may change the file now (it holds the exclusive lock). */
  boolean heldExclusively() {
    return inJvm.isWriteLockedByCurrentThread();
  }

  private static void release(FileLock l) throws IOException {
    if (l != null && l.isValid()) {
      l.release();
    }
  }
}
