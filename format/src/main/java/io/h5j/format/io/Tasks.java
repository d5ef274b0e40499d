package io.h5j.format.io;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/** Waiting for work handed to a worker thread, and reporting its failure as thrown. */
public final class Tasks {
  private Tasks() {}

  /**
   * The result of {@code task}, run here if no worker has started it. Waits through
   * interrupts, since a worker may be using the caller's data; the interrupt is kept.
   */
  public static <T> T join(FutureTask<T> task) throws ExecutionException {
    task.run(); // a no-op when a worker runs or ran it
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return task.get();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * The exception a failed task threw: unchecked ones are rethrown here, an
   * {@link IOException} is returned for the caller to throw, anything else is wrapped.
   */
  public static IOException failure(ExecutionException e, String what) {
    Throwable cause = e.getCause();
    if (cause instanceof RuntimeException r) {
      throw r;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    return cause instanceof IOException io ? io : new IOException(what + " failed", cause);
  }
}
