package io.h5j.format.io;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;

/**
 * An executor of one daemon thread kept for the process, started by the first task and parked
 * between tasks. A hand-over costs the caller a queue insert and one wake-up, no lock and no
 * thread start: cheap enough to move work of a tenth of a millisecond off the caller. Tasks run
 * one after another, in the order given; a task's failure is its own business (hand over
 * {@link java.util.concurrent.FutureTask}s): one that throws anyway is reported as uncaught
 * and the thread goes on.
 */
public final class QueuedThread implements Executor {
  private final String name;
  private final int priority;
  private final long startDelayMillis;
  private final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
  private volatile Thread thread;

  /**
   * @param startDelayMillis how long the thread sleeps, once woken, before it starts a task:
   *     the scheduler favours a thread that slept, so a thread that starts a long job at once
   *     could take the core of the caller that woke it (Java priorities are not applied on
   *     Linux); 0 for none
   */
  public QueuedThread(String name, int priority, long startDelayMillis) {
    this.name = name;
    this.priority = priority;
    this.startDelayMillis = startDelayMillis;
  }

  /** Whether the calling thread is this executor's thread. */
  public boolean runsHere() {
    return Thread.currentThread() == thread;
  }

  @Override
  public void execute(Runnable task) {
    queue.add(task);
    LockSupport.unpark(thread());
  }

  private Thread thread() {
    Thread t = thread;
    if (t == null) {
      synchronized (this) {
        t = thread;
        if (t == null) {
          t = new Thread(this::serve, name);
          t.setDaemon(true);
          t.setPriority(priority);
          t.start();
          thread = t;
        }
      }
    }
    return t;
  }

  private void serve() {
    while (true) {
      Runnable task = queue.poll();
      if (task == null) {
        // a task may leave the interrupt flag set (FutureTask.cancel(true) on it): park would
        // then return at once, every time, and the thread would spin on the empty queue
        Thread.interrupted();
        LockSupport.park();
        continue;
      }
      if (startDelayMillis > 0) {
        try {
          Thread.sleep(startDelayMillis);
        } catch (InterruptedException e) {
          // nothing interrupts this thread on purpose: go on with the task
        }
      }
      try {
        task.run();
      } catch (Throwable e) {
        // reported as an uncaught one would be, but the thread stays for the next tasks: a
        // thread that died would leave every later task queued for good and its callers waiting
        Thread t = Thread.currentThread();
        t.getUncaughtExceptionHandler().uncaughtException(t, e);
      }
    }
  }
}
