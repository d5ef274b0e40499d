package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class EarlyWritebackTest {

  @Test
  void syncsInTheBackgroundOncePastTheThresholdAndNotBefore() throws Exception {
    AtomicInteger syncs = new AtomicInteger();
    CountDownLatch synced = new CountDownLatch(1);
    EarlyWriteback w = new EarlyWriteback("f", () -> {
      syncs.incrementAndGet();
      synced.countDown();
    }, EarlyWriteback.EVERY_BYTES);
    w.written(EarlyWriteback.EVERY_BYTES - 1);
    Thread.sleep(50);
    assertEquals(0, syncs.get(), "no sync below the threshold");
    w.written(1);
    assertTrue(synced.await(10, TimeUnit.SECONDS), "a sync once the threshold is reached");
    w.stop();
    int after = syncs.get();
    w.written(3 * EarlyWriteback.EVERY_BYTES);
    Thread.sleep(50);
    assertEquals(after, syncs.get(), "no sync after stop");
    w.rethrowFailure();
  }

  @Test
  void theWriterDoesNotWaitForASlowSync() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    EarlyWriteback w = new EarlyWriteback("f", () -> {
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, EarlyWriteback.EVERY_BYTES);
    long t0 = System.nanoTime();
    for (int i = 0; i < 4; i++) {
      w.written(EarlyWriteback.EVERY_BYTES);
    }
    assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5),
        "written() returned while the sync was blocked");
    release.countDown();
    w.stop();
  }

  @Test
  void aFailedBackgroundSyncIsThrownLater() throws Exception {
    IOException eio = new IOException("EIO");
    CountDownLatch failed = new CountDownLatch(1);
    EarlyWriteback w = new EarlyWriteback("data.h5", () -> {
      failed.countDown();
      throw eio;
    }, EarlyWriteback.EVERY_BYTES);
    w.written(EarlyWriteback.EVERY_BYTES);
    assertTrue(failed.await(10, TimeUnit.SECONDS));
    w.stop();
    IOException thrown = assertThrows(IOException.class, w::rethrowFailure);
    assertSame(eio, thrown.getCause());
    assertTrue(thrown.getMessage().contains("data.h5"), thrown.getMessage());
  }
}
