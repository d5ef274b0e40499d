package io.h5j.format.dataset;

import io.h5j.format.io.Tasks;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Jobs run on the file's worker threads, at most a window of them ahead of the calling thread,
 * which takes their results in the order it submitted them. Chunk writes use it to filter or
 * copy chunks on every core while the calling thread allocates file space and updates the
 * (not thread-safe) pending state in chunk order.
 *
 * @param <T> what a job produces
 */
final class InOrderWindow<T> {
  /** Work for a worker thread. */
  interface Job<T> {
    T run() throws IOException;
  }

  /** What the calling thread does with a job's result, in submission order. */
  interface Then<T> {
    void accept(T result) throws IOException;
  }

  private record Submitted<T>(Future<T> result, Then<T> then) {}

  private final ExecutorService workers;
  private final int size;
  private final String what;
  private final ArrayDeque<Submitted<T>> running = new ArrayDeque<>();

  /**
   * @param workers the threads, or null to run every job at once on the calling thread
   * @param size jobs that may run ahead of the oldest unfinished one; 0 runs them inline
   * @param what names the work in the message of an interruption
   */
  InOrderWindow(ExecutorService workers, int size, String what) {
    this.workers = size > 0 ? workers : null;
    this.size = size;
    this.what = what;
  }

  /** Runs {@code job}; {@code then} gets its result once every earlier job's was taken. */
  void submit(Job<T> job, Then<T> then) throws IOException {
    if (workers == null) {
      then.accept(job.run());
      return;
    }
    running.add(new Submitted<>(workers.submit(job::run), then));
    while (running.size() > size) {
      finishOldest();
    }
  }

  /** Waits for every job and hands on its result, in order. */
  void finish() throws IOException {
    while (!running.isEmpty()) {
      finishOldest();
    }
  }

  /**
   * After a failure: waits for the jobs still running, discarding their results, so that none
   * outlives the call that submitted it (they read the caller's data).
   */
  void abandon() {
    while (!running.isEmpty()) {
      try {
        running.poll().result().get();
      } catch (ExecutionException | RuntimeException e) {
        // the first failure is the one reported
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void finishOldest() throws IOException {
    Submitted<T> s = running.poll();
    s.then().accept(await(s.result(), what));
  }

  /** The result of {@code f}; a job's exception is rethrown as it was thrown. */
  static <T> T await(Future<T> f, String what) throws IOException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      throw Tasks.failure(e, what);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted " + what);
    }
  }
}
