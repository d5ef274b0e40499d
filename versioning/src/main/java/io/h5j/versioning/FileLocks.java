package io.h5j.versioning;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jspecify.annotations.Nullable;

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
 *
 * <p>libhdf5 (h5py, h5dump, versioned-hdf5) sees none of these: it takes flock(2) on the whole
 * file, shared to read and exclusive to write, for as long as it has the file open. So the
 * writer also holds that lock ({@link Libhdf5FileLock}): shared while it has the file open,
 * which keeps libhdf5 writers out and lets libhdf5 readers in, and exclusive while it changes
 * the file, so that a libhdf5 reader opens the file before or after a change, never during
 * one (during one its open fails with errno 11, and it may retry). Java cannot take that lock
 * itself (see {@link Libhdf5FileLock} for why a helper process holds it), so the writer takes
 * it only where {@link Libhdf5Locking} asks and it can be taken; a libhdf5 writer already
 * holding the file is seen in /proc/locks before any helper starts. No lock here waits without
 * bound for libhdf5: the shared lock is tried once, the exclusive one waits a given time.
 */
final class FileLocks {
  /** Where the lock bytes lie: 2^62, beyond any file a file system holds. */
  static final long BASE = 1L << 62;
  private static final long WRITER = BASE;
  private static final long TURNSTILE = BASE + 1;
  private static final long DATA = BASE + 2;

  /** Test switch: false makes every lock a no-op, to show what readers see without them. */
  static volatile boolean enabled = true;

  /** System property that sets {@link Libhdf5Locking}'s default ("false": off). */
  static final String LIBHDF5_LOCKING = Libhdf5Locking.PROPERTY;
  /** The flock command the writer runs: a test seam, to play a system without it. */
  static volatile Path flockCommand = Libhdf5FileLock.FLOCK;
  private static final System.Logger LOG = System.getLogger(FileLocks.class.getName());
  /** System property: how long a change waits for libhdf5 readers to close the file (ms). */
  static final String LIBHDF5_WAIT = "h5j.libhdf5LockWaitMillis";
  static final Duration DEFAULT_LIBHDF5_WAIT = Duration.ofSeconds(5);

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
  /** The writer's flock lock as libhdf5 sees it, or null (no writer, or switched off). */
  private @Nullable Libhdf5FileLock libhdf5;
  private boolean libhdf5Exclusive;

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
   * process or another {@link VersionedFile} of this JVM has claimed it, or if a libhdf5
   * program has it open to write (seen in /proc/locks, without starting anything, or by
   * flock). libhdf5's lock is then taken as {@code libhdf5Locking} says.
   */
  synchronized void claimWriter(Libhdf5Locking libhdf5Locking) throws IOException {
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
      try {
        if (libhdf5Locking != Libhdf5Locking.OFF) {
          libhdf5 = claimLibhdf5(libhdf5Locking);
        }
      } catch (IOException | RuntimeException e) {
        writerLock = null;
        release(l);
        throw e;
      }
    }
    writerClaimed = true;
  }

  /** Whether the writer holds libhdf5's flock lock (see {@link Libhdf5Locking}). */
  synchronized boolean holdsLibhdf5() {
    return libhdf5 != null;
  }

  /** How long a change waits for libhdf5 readers by default ({@value #LIBHDF5_WAIT}). */
  static Duration defaultLibhdf5Wait() {
    Long ms = Long.getLong(LIBHDF5_WAIT);
    return ms != null && ms >= 0 ? Duration.ofMillis(ms) : DEFAULT_LIBHDF5_WAIT;
  }

  /**
   * Takes libhdf5's lock shared for the writer, refused if a libhdf5 writer has the file;
   * null, with a warning logged, where it cannot be taken and {@code mode} allows that.
   */
  private @Nullable Libhdf5FileLock claimLibhdf5(Libhdf5Locking mode) throws IOException {
    List<FlockHolders.Holder> now = FlockHolders.of(path);
    if (now.stream().anyMatch(FlockHolders.Holder::exclusive)) {
      throw libhdf5WriterHasIt(FlockHolders.describe(now)); // seen without starting the helper
    }
    Path flock = flockCommand;
    String why = Libhdf5FileLock.unavailable(path, flock);
    if (why != null && mode == Libhdf5Locking.BEST_EFFORT) {
      LOG.log(System.Logger.Level.WARNING, "writing " + path + " without libhdf5's lock: " + why
          + "; libhdf5 programs (h5py, h5dump) that open the file meanwhile may read a change"
          + " half done. Libhdf5Locking.OFF (or -Dh5j.libhdf5Locking=false) silences this");
      return null;
    }
    Libhdf5FileLock l = Libhdf5FileLock.open(path, flock); // names why, if it cannot
    try {
      if (!l.tryShared()) {
        throw libhdf5WriterHasIt(l.holders());
      }
      return l;
    } catch (IOException | RuntimeException e) {
      l.close();
      throw e;
    }
  }

  private IllegalStateException libhdf5WriterHasIt(String holders) {
    return new IllegalStateException(path + " is open for writing in a libhdf5 program ("
        + holders + "; h5py, versioned-hdf5 and other libhdf5 writers hold an exclusive"
        + " flock on the file while they have it open): close it there first");
  }

  /** Gives up the claim of {@link #claimWriter}. */
  synchronized void releaseWriter() throws IOException {
    FileLock l = writerLock;
    Libhdf5FileLock h = libhdf5;
    writerLock = null;
    libhdf5 = null;
    libhdf5Exclusive = false;
    writerClaimed = false;
    try {
      release(l);
    } finally {
      if (h != null) {
        h.close();
      }
    }
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

  /**
   * Waits until no reader reads the file, and keeps readers out until {@link #unlockExclusive}:
   * {@code waiting} is told who holds the file if libhdf5 readers are to be waited for;
   * h5j readers, and, for the writer, libhdf5 readers too, waiting for those at most
   * {@code libhdf5Wait}; if they keep the file open longer, nothing is locked and a
   * {@link FileInUseException} names them.
   */
  void lockExclusive(Duration libhdf5Wait, java.util.function.Consumer<String> waiting)
      throws IOException {
    lockExclusive();
    try {
      synchronized (this) {
        if (libhdf5 != null && !exclusiveLibhdf5(libhdf5Wait, waiting)) {
          String who = libhdf5.holders();
          boolean back = libhdf5.tryShared(); // the conversion gave up the shared lock
          throw new FileInUseException(path + " is open in a libhdf5 program (" + who + ")"
              + " that did not close it within " + libhdf5Wait.toMillis() + " ms; h5j changes"
              + " a file only while no libhdf5 reader has it open (libhdf5 does not see a"
              + " change as it happens). Nothing was written; close it there and try again"
              + (back ? "" : " (a libhdf5 writer has the file now)"));
        }
        libhdf5Exclusive = libhdf5 != null;
      }
    } catch (IOException | RuntimeException e) {
      unlockExclusive();
      throw e;
    }
  }

  /**
   * Takes libhdf5's lock exclusively, first without waiting, so that {@code waiting} hears of
   * a wait before it starts; false if it could not be taken within {@code wait}.
   */
  private boolean exclusiveLibhdf5(Duration wait, java.util.function.Consumer<String> waiting)
      throws IOException {
    if (wait.isZero()) {
      return libhdf5.exclusive(wait);
    }
    if (libhdf5.exclusive(Duration.ZERO)) {
      return true;
    }
    waiting.accept(libhdf5.holders()); // the failed try left no lock of ours: others hold it
    return libhdf5.exclusive(wait);
  }

  /**
   * Waits until no h5j reader reads the file, and keeps them out until {@link #unlockExclusive};
   * libhdf5 readers are not waited for (for a flush that writes nothing new).
   */
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
          if (libhdf5Exclusive) {
            libhdf5Exclusive = false;
            // back to shared; false only if a libhdf5 writer took the file in the instant the
            // conversion left it free: then no lock is held, and the next change waits for it
            libhdf5.tryShared();
          }
        } finally {
          try {
            release(d);
          } finally {
            release(t);
          }
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
