package io.h5j.format.io;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * An ordered write-behind queue: writes that must not reach the file before some work still
 * running elsewhere has (the headers and superblock that point at a mapping block a worker is
 * still checksumming and writing) are held here, in order, and made in that order once the
 * work is done. The caller goes on meanwhile (encoding the next block); the file passes
 * through the same states as if it had waited. A failure of the work or of a held write drops
 * every write held after it, and every later write fails: nothing that refers to what is
 * missing ever reaches the file.
 *
 * <p>It also knows the ranges other threads are writing ({@link #busy}): a read of one waits
 * until it is written, and a read of a held write makes the held writes first, so that reads
 * see every write as made.
 */
public final class HeldWrites {
  /** Work the held writes wait for. */
  public interface Barrier {
    /** Returns once the work is done; throws its failure. */
    void await() throws IOException;
  }

  /** One held operation: a write, or making the file at least some size. */
  interface Op {
    void run() throws IOException;
  }

  /** A held operation and the range of the file it writes (absolute), for reads to see. */
  private record Held(long from, long to, Op op) {}

  /** A range another thread is writing, and what ends once it is written. */
  private record Busy(long from, long to, Barrier written) {}

  private Barrier barrier;
  private final List<Held> held = new ArrayList<>();
  /** The end of the highest range held. */
  private long end;
  private final List<Busy> busy = new ArrayList<>();
  /** Whether a read must look at {@link #held} or {@link #busy}. */
  private volatile boolean watched;
  /** What made an earlier release fail, or null. */
  private volatile IOException failed;
  /** Whether anything is held: read without the lock on every read and write. */
  private volatile boolean holding;

  HeldWrites() {}

  /** Whether writes are held now. */
  boolean holding() {
    return holding;
  }

  /** Whether a write must ask {@link #offer}: writes are held, or an earlier release failed. */
  boolean engaged() {
    return holding || failed != null;
  }

  /**
   * Holds every write from now on until {@code next} is done, after making (or dropping) the
   * writes held until now.
   */
  synchronized void holdUntil(Barrier next) throws IOException {
    release();
    barrier = next;
    holding = true;
    watched = true;
  }

  /** Marks {@code [from, to)} as being written by another thread until {@code written}. */
  synchronized void busy(long from, long to, Barrier written) {
    busy.add(new Busy(from, to, written));
    watched = true;
  }

  /** Forgets the busy range that starts at {@code from}: it is written. */
  synchronized void written(long from) {
    busy.removeIf(b -> b.from() == from);
    watched = holding || !busy.isEmpty();
  }

  /**
   * Holds {@code op}, which writes {@code [from, to)}, if writes are held; false if not (the
   * caller writes now).
   */
  synchronized boolean offer(long from, long to, Op op) throws IOException {
    checkNotFailed();
    if (!holding) {
      return false;
    }
    held.add(new Held(from, to, op));
    end = Math.max(end, to);
    return true;
  }

  /** The end of the highest range held or busy, or 0. */
  synchronized long end() {
    long e = holding ? end : 0;
    for (Busy b : busy) {
      e = Math.max(e, b.to());
    }
    return e;
  }

  /**
   * Before a read of {@code [from, to)}: waits for the busy ranges it touches, and makes the
   * held writes now if any of them touches it.
   */
  void beforeRead(long from, long to) throws IOException {
    if (!watched) {
      return;
    }
    synchronized (this) {
      for (int i = busy.size() - 1; i >= 0; i--) {
        Busy b = busy.get(i);
        if (b.from() < to && from < b.to()) {
          b.written().await();
        }
      }
      for (Held h : held) {
        if (h.from() < to && from < h.to()) {
          release();
          return;
        }
      }
    }
  }

  /** Waits for the barrier, then makes the held writes in order; nothing is held after. */
  synchronized void release() throws IOException {
    checkNotFailed();
    if (!holding) {
      return;
    }
    List<Held> ops = new ArrayList<>(held);
    Barrier b = barrier;
    held.clear();
    barrier = null;
    end = 0;
    holding = false;
    watched = !busy.isEmpty();
    try {
      b.await();
      for (Held h : ops) {
        h.op().run();
      }
    } catch (IOException e) {
      failed = e;
      throw e;
    } catch (RuntimeException e) {
      failed = new IOException("a held write failed", e);
      throw e;
    }
  }

  private void checkNotFailed() throws IOException {
    if (failed != null) {
      throw new IOException("an earlier write to this file failed, so nothing more is"
          + " written: " + failed.getMessage(), failed);
    }
  }
}
