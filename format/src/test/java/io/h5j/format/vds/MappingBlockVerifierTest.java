package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileParams;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link MappingBlock#decode} with the checksum on another thread: same outcome as without. */
class MappingBlockVerifierTest {
  private static final FileParams P = FileParams.DEFAULT;

  /** A versioned-style block of {@code n} 4 x 4 boxes, sources scattered. */
  private static byte[] block(int n, boolean compact) {
    MappingBlockWriter w = new MappingBlockWriter(P, compact
        ? MappingBlockWriter.Format.V1_COMPACT : MappingBlockWriter.Format.V0);
    long[] box = {4, 4};
    for (int k = 0; k < n; k++) {
      w.addBox(".", "/raw", new long[] {(k * 7L % n) * 4, 0}, new long[] {k * 4L, 0}, box);
    }
    return w.toByteArray();
  }

  @Property(tries = 40)
  void sameMappingsOrSameErrorWithAndWithoutAVerifier(@ForAll @IntRange(min = 1, max = 3000)
      int n, @ForAll boolean compact, @ForAll long seed, @ForAll @IntRange(min = 0, max = 3)
      int damage) throws Exception {
    byte[] b = block(n, compact);
    Random rnd = new Random(seed);
    for (int k = 0; k < damage; k++) {
      b[rnd.nextInt(b.length)] ^= (byte) (1 + rnd.nextInt(255));
    }
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      String serial = outcome(b, null);
      assertEquals(serial, outcome(b, pool));
      if (damage == 0) {
        MappingBlock one = MappingBlock.decode(b, P, 0, "/v");
        MappingBlock two = MappingBlock.decode(b, P, 0, "/v", pool);
        assertArrayEquals(one.virtualStarts(), two.virtualStarts());
        assertArrayEquals(one.sourceStarts(), two.sourceStarts());
        assertEquals(n, two.count());
        assertTrue(two.grid() != null, "a grid for a versioned-style block");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static String outcome(byte[] b, ExecutorService pool) {
    try {
      MappingBlock m = MappingBlock.decode(b, P, 0, "/v", pool);
      return m.toString() + java.util.Arrays.toString(m.virtualStarts())
          + java.util.Arrays.toString(m.sourceStarts());
    } catch (H5FormatException e) {
      return e.getMessage();
    }
  }

  @net.jqwik.api.Example
  void aWrongChecksumIsReportedForA255EntryBlock() {
    aWrongChecksumIsReportedEvenWhenTheScanFailsFirst(255);
  }

  @Property(tries = 60)
  void aWrongChecksumIsReportedEvenWhenTheScanFailsFirst(@ForAll @IntRange(min = 50, max = 500)
      int n) {
    byte[] b = block(n, false);
    // entry count's high byte (always 0 here) set: impossible, the scan fails at once. (Setting
    // the low byte to 0xff changed nothing when n was 255: CI found it.)
    b[8] = (byte) 0x40;
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      H5FormatException e = assertThrows(H5FormatException.class,
          () -> MappingBlock.decode(b, P, 0, "/v", pool));
      assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
    } finally {
      pool.shutdownNow();
    }
  }

  @Property(tries = 5)
  void noDeadlockWhenNoWorkerRunsTheTask(@ForAll @IntRange(min = 1, max = 500) int n)
      throws Exception {
    byte[] b = block(n, true);
    // a pool that queues tasks and never runs them: the decoding thread runs the checksum
    MappingBlock m = MappingBlock.decode(b, P, 0, "/v", task -> { });
    assertEquals(n, m.count());
    ExecutorService closed = Executors.newSingleThreadExecutor();
    closed.shutdownNow();
    assertEquals(n, MappingBlock.decode(b, P, 0, "/v", closed).count());
  }

  /** The outcome of {@code b} filled piece by piece while the checksum follows on a pool. */
  private static String filledOutcome(byte[] b, ExecutorService pool, int piece) {
    try {
      MappingBlock m = MappingBlock.decode(new byte[b.length], P, 0, "/v", pool,
          (into, present) -> {
            for (int at = 0; at < b.length; at += piece) {
              int n = Math.min(piece, b.length - at);
              System.arraycopy(b, at, into, at, n);
              present.accept(at + n);
            }
          });
      return m.toString() + java.util.Arrays.toString(m.virtualStarts())
          + java.util.Arrays.toString(m.sourceStarts());
    } catch (java.io.IOException e) {
      return e.getMessage();
    }
  }

  @Property(tries = 40)
  void sameOutcomeWhenTheChecksumFollowsTheFill(@ForAll @IntRange(min = 1, max = 3000) int n,
      @ForAll boolean compact, @ForAll long seed, @ForAll @IntRange(min = 0, max = 2)
      int damage, @ForAll @IntRange(min = 1, max = 5000) int piece) {
    byte[] b = block(n, compact);
    Random rnd = new Random(seed);
    for (int k = 0; k < damage; k++) {
      b[rnd.nextInt(b.length)] ^= (byte) (1 + rnd.nextInt(255));
    }
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      assertEquals(outcome(b, null), filledOutcome(b, pool, piece));
      assertEquals(outcome(b, null), filledOutcome(b, null, piece));
    } finally {
      pool.shutdownNow();
    }
  }

  @Property(tries = 20)
  void aFillThatFailsIsReportedAndStopsTheChecksum(@ForAll @IntRange(min = 100, max = 3000)
      int n, @ForAll @IntRange(min = 0, max = 99) int percent) throws Exception {
    byte[] b = block(n, false);
    int cut = b.length * percent / 100;
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      java.io.IOException e = assertThrows(java.io.IOException.class,
          () -> MappingBlock.decode(new byte[b.length], P, 0, "/v", pool, (into, present) -> {
            System.arraycopy(b, 0, into, 0, cut);
            present.accept(cut);
            throw new java.io.IOException("read failed at " + cut);
          }));
      assertEquals("read failed at " + cut, e.getMessage());
      // the checksum thread gave up: the pool's one thread is free for the next task
      assertEquals(1, pool.submit(() -> 1).get(10, java.util.concurrent.TimeUnit.SECONDS));
    } finally {
      pool.shutdownNow();
    }
  }
}
