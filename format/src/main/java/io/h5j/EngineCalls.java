package io.h5j;

import io.h5j.format.H5FormatException;
import java.io.IOException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Where calls into the engine leave the API, and the one place that makes a shared
 * {@link H5File} safe to use from several threads.
 *
 * <p>A format error found in a call gets the path of the file it was found in, here and
 * nowhere else, so that the engine need not know it.
 *
 * <p>Every call holds the file's call lock, so calls through one file run one at a time. The
 * engine keeps unsynchronized caches (object headers in an access-ordered map, chunk indexes
 * and their lazily built lookups, heaps, each dataset's decoded state) that single-threaded
 * reads pay nothing for; two calls at once corrupt them and return wrong values without an
 * exception. Serializing at this one entry point makes every cache safe at once, costs one
 * uncontended lock per call, and keeps the parallelism that matters for large reads: a call's
 * chunks are still read and decompressed by the file's worker threads. Making each cache
 * concurrent instead would leave a silent failure wherever one was missed.
 *
 * <p>Why this cannot deadlock:
 *
 * <ul>
 *   <li>The lock is reentrant, and a call that needs the file again (a virtual dataset
 *       resolving its sources in "." through the file's groups, a soft link, a dereference)
 *       does so on the calling thread.
 *   <li>The engine's own threads (chunk workers, heap writer, mapping-block checks, early
 *       writeback) never take it: they run on what the calling thread handed them.
 *   <li>The files a file opens for external links and virtual sources share its lock (see
 *       {@link H5File}'s {@code external}), so a virtual read that goes into another file,
 *       and a thread reading that file through a node of it, take one lock, not two in
 *       either order.
 *   <li>No user code runs while it is held: walks and slab iterations lock each step, not
 *       the callbacks between them.
 * </ul>
 */
final class EngineCalls {
  /** A call that returns a value. */
  @FunctionalInterface
  interface Call<T> {
    T run() throws IOException;
  }

  /** A call that returns nothing. */
  @FunctionalInterface
  interface Action {
    void run() throws IOException;
  }

  private EngineCalls() {}

  /** A new call lock, for a file that shares none. */
  static ReentrantLock newLock() {
    return new ReentrantLock();
  }

  /** {@code call}'s result, run holding the file's lock; a format error names {@code file}. */
  static <T> T call(H5File file, Call<T> call) throws IOException {
    ReentrantLock lock = file.calls;
    lock.lock();
    try {
      return call.run();
    } catch (H5FormatException e) {
      throw e.inFile(file.path());
    } finally {
      lock.unlock();
    }
  }

  /** Runs {@code action} holding the file's lock; a format error it throws names {@code file}. */
  static void run(H5File file, Action action) throws IOException {
    call(file, () -> {
      action.run();
      return null;
    });
  }

  /** {@code call}'s result, run holding the file's lock: for calls that do no I/O. */
  static <T> T locked(H5File file, Supplier<T> call) {
    ReentrantLock lock = file.calls;
    lock.lock();
    try {
      return call.get();
    } finally {
      lock.unlock();
    }
  }

  /** Whether this thread is inside a call of {@code file}: asserted where nodes are made. */
  static boolean inCall(H5File file) {
    return file.calls.isHeldByCurrentThread();
  }
}
