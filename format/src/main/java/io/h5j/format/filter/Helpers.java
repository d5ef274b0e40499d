package io.h5j.format.filter;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Idle threads that may take part of one thread's work on a chunk (a single chunk read alone
 * would otherwise keep one core busy and leave the others waiting). The calling thread forks a
 * job and later joins it: a job no helper has started by then runs on the joining thread, so
 * a join never waits for a queued job and helpers busy with other chunks cause no deadlock,
 * only less help.
 */
public final class Helpers {
  /** No helpers: every job runs when joined, on the joining thread. */
  public static final Helpers NONE = new Helpers(null);

  private final Executor executor;

  /** @param executor the threads that help, or null for none */
  public Helpers(Executor executor) {
    this.executor = executor;
  }

  /** Work below this many bytes is not worth handing to another thread. */
  public static final int MIN_SHARED_BYTES = 128 << 10;

  /** These helpers for work on {@code bytes} bytes; none when too few to share. */
  public Helpers forBytes(long bytes) {
    return bytes >= MIN_SHARED_BYTES ? this : NONE;
  }

  /** Whether forked jobs may run on another thread. */
  public boolean available() {
    return executor != null;
  }

  /** Work for a helper. */
  public interface Job<T, E extends Exception> {
    T run() throws E;
  }

  /** A contiguous part of some work: indexes {@code from} (inclusive) to {@code to}. */
  public interface Part<E extends Exception> {
    void run(int from, int to) throws E;
  }

  /** Starts {@code job} on a helper if one is free; {@link Forked#join} gives its result. */
  public <T, E extends Exception> Forked<T, E> fork(Job<T, E> job) {
    Forked<T, E> f = new Forked<>(job);
    if (executor != null) {
      try {
        executor.execute(f::claimAndRun);
      } catch (RejectedExecutionException e) {
        // the file is closing: the joining thread runs it
      }
    }
    return f;
  }

  /**
   * Runs {@code part} over {@code [0, n)} cut in two at a multiple of {@code grain}: the
   * second half on a helper when one is free, the first on this thread.
   */
  public <E extends Exception> void split(int n, int grain, Part<E> part) throws E {
    int half = executor == null ? n : Math.max(0, n / 2 / grain * grain);
    if (half == 0 || half == n) {
      part.run(0, n);
      return;
    }
    Forked<Void, E> second = fork(() -> {
      part.run(half, n);
      return null;
    });
    try {
      part.run(0, half);
    } catch (Exception | Error e) {
      second.abandon();
      throw e;
    }
    second.join();
  }

  /**
   * A forked job.
   *
   * @param <T> its result
   * @param <E> the checked exception it may throw
   */
  public static final class Forked<T, E extends Exception> {
    private final Job<T, E> job;
    private final AtomicBoolean claimed = new AtomicBoolean();
    private final CountDownLatch done = new CountDownLatch(1);
    private T result;
    private Throwable failure;

    private Forked(Job<T, E> job) {
      this.job = job;
    }

    private void claimAndRun() {
      if (claimed.compareAndSet(false, true)) {
        try {
          result = job.run();
        } catch (Exception | Error e) {
          failure = e;
        } finally {
          done.countDown();
        }
      }
    }

    /** The job's result, running it here if no helper started it; its exception rethrown. */
    @SuppressWarnings("unchecked")
    public T join() throws E {
      claimAndRun();
      boolean interrupted = false;
      while (true) {
        try {
          done.await();
          break;
        } catch (InterruptedException e) {
          interrupted = true; // the job reads the caller's data: never leave it running
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      if (failure instanceof RuntimeException r) {
        throw r;
      }
      if (failure instanceof Error err) {
        throw err;
      }
      if (failure != null) {
        throw (E) failure;
      }
      return result;
    }

    /** After a failure elsewhere: keeps the job from starting, or waits until it ends. */
    public void abandon() {
      if (claimed.compareAndSet(false, true)) {
        return;
      }
      try {
        join();
      } catch (Exception | Error e) {
        // the first failure is the one reported
      }
    }
  }
}
