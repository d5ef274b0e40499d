package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class QueuedThreadTest {
  private static boolean threadNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name));
  }

  @Test
  void startsAtTheFirstTaskAndRunsTasksInOrderOnOneDaemonThread() throws Exception {
    String name = "queued-thread-test-order";
    QueuedThread q = new QueuedThread(name, Thread.NORM_PRIORITY, 0);
    assertFalse(threadNamed(name), "no thread before the first task");
    List<Integer> ran = new ArrayList<>();
    List<Thread> on = new ArrayList<>();
    CountDownLatch done = new CountDownLatch(200);
    for (int i = 0; i < 200; i++) {
      int k = i;
      q.execute(() -> {
        synchronized (ran) {
          ran.add(k);
          on.add(Thread.currentThread());
        }
        done.countDown();
      });
    }
    assertTrue(done.await(30, TimeUnit.SECONDS));
    for (int i = 0; i < 200; i++) {
      assertEquals(i, ran.get(i));
      assertTrue(on.get(i) == on.get(0) && on.get(i).isDaemon() && on.get(i).getName()
          .equals(name));
    }
  }

  @Test
  void aFailingTaskDoesNotStopTheThread() throws Exception {
    QueuedThread q = new QueuedThread("queued-thread-test-failure", Thread.MIN_PRIORITY, 1);
    FutureTask<Integer> bad = new FutureTask<>(() -> {
      throw new IllegalStateException("boom");
    });
    q.execute(bad);
    q.execute(() -> {
      throw new IllegalStateException("a plain Runnable that throws");
    });
    FutureTask<Integer> good = new FutureTask<>(() -> 42);
    q.execute(good);
    assertEquals(42, good.get(30, TimeUnit.SECONDS));
    assertTrue(bad.isDone());
  }

  @Test
  void anErrorDoesNotStopTheThread() throws Exception {
    QueuedThread q = new QueuedThread("queued-thread-test-error", Thread.NORM_PRIORITY, 0);
    q.execute(() -> {
      throw new AssertionError("an Error from a plain Runnable");
    });
    FutureTask<Integer> good = new FutureTask<>(() -> 7);
    q.execute(good);
    assertEquals(7, good.get(30, TimeUnit.SECONDS));
  }

  @Test
  void aTaskThatLeavesItsThreadInterruptedDoesNotMakeItSpin() throws Exception {
    String name = "queued-thread-test-interrupt";
    QueuedThread q = new QueuedThread(name, Thread.NORM_PRIORITY, 0);
    FutureTask<Thread> t = new FutureTask<>(() -> {
      Thread.currentThread().interrupt();
      return Thread.currentThread();
    });
    q.execute(t);
    Thread thread = t.get(30, TimeUnit.SECONDS);
    // a spinning thread's CPU time grows with the wall time; a parked one's stays put
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long before = mx.getThreadCpuTime(thread.getId());
    Thread.sleep(500);
    long cpuMillis = (mx.getThreadCpuTime(thread.getId()) - before) / 1_000_000;
    assertTrue(cpuMillis < 50, "idle thread used " + cpuMillis + " ms of CPU in 500 ms");
    FutureTask<Integer> next = new FutureTask<>(() -> 5);
    q.execute(next);
    assertEquals(5, next.get(30, TimeUnit.SECONDS));
  }
}
