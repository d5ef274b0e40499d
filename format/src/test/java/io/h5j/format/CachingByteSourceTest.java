package io.h5j.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.MemorySource;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Requests counted, memory bounded, bytes right, ends of the source refused. */
class CachingByteSourceTest {
  private static final int BLOCK = 1000;

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    new Random(42).nextBytes(b);
    return b;
  }

  private static byte[] read(ByteSource s, long at, int n) throws Exception {
    ByteBuffer b = ByteBuffer.allocate(n);
    s.readFully(at, b);
    assertEquals(n, b.position());
    return b.array();
  }

  @Test
  void smallReadsOfOneBlockAreOneRequest() throws Exception {
    byte[] data = bytes(10_500);
    MemorySource mem = new MemorySource("mem:a", data, data.length, null);
    CachingByteSource c = CachingByteSource.of(mem, BLOCK, 4 * BLOCK);
    for (int at = 0; at + 16 <= BLOCK; at += 7) {
      assertArrayEquals(Arrays.copyOfRange(data, at, at + 16), read(c, at, 16));
    }
    assertEquals(1, mem.reads.get());
    assertEquals(1, c.requests());
    // a read across a block boundary takes the next block too
    assertArrayEquals(Arrays.copyOfRange(data, 990, 1020), read(c, 990, 30));
    assertEquals(2, mem.reads.get());
    // the last block is short: read as far as the source goes
    assertArrayEquals(Arrays.copyOfRange(data, 10_490, 10_500), read(c, 10_490, 10));
    assertEquals(3, mem.reads.get());
    assertEquals(BLOCK + BLOCK + 500, mem.bytesRead.get());
  }

  @Test
  void readsOfABlockOrMorePassThroughUncached() throws Exception {
    byte[] data = bytes(10_000);
    MemorySource mem = new MemorySource("mem:a", data, data.length, null);
    CachingByteSource c = CachingByteSource.of(mem, BLOCK, 2 * BLOCK);
    assertArrayEquals(Arrays.copyOfRange(data, 123, 3123), read(c, 123, 3000));
    assertArrayEquals(Arrays.copyOfRange(data, 123, 3123), read(c, 123, 3000));
    assertEquals(2, mem.reads.get());
    assertEquals(0, c.cachedBytes());
  }

  @Test
  void memoryStaysWithinTheBoundAndTheLeastRecentlyUsedBlockGoes() throws Exception {
    byte[] data = bytes(20 * BLOCK);
    MemorySource mem = new MemorySource("mem:a", data, data.length, null);
    CachingByteSource c = CachingByteSource.of(mem, BLOCK, 3 * BLOCK + 500);
    for (int k = 0; k < 20; k++) {
      assertArrayEquals(Arrays.copyOfRange(data, k * BLOCK + 5, k * BLOCK + 9),
          read(c, k * BLOCK + 5, 4));
      assertTrue(c.cachedBytes() <= 3 * BLOCK + 500, "holds " + c.cachedBytes());
    }
    assertEquals(20, mem.reads.get());
    assertEquals(3 * BLOCK, c.cachedBytes());
    read(c, 17 * BLOCK, 8); // cached: 17, 18, 19; now 17 is the most recent
    assertEquals(20, mem.reads.get());
    read(c, 16 * BLOCK, 8); // evicts 18
    read(c, 17 * BLOCK, 8);
    read(c, 19 * BLOCK, 8);
    assertEquals(21, mem.reads.get());
    read(c, 18 * BLOCK, 8);
    assertEquals(22, mem.reads.get());
  }

  @Test
  void readsPastTheEndFailWithEofNamingTheSource() throws Exception {
    byte[] data = bytes(2500);
    CachingByteSource c = CachingByteSource.of(
        new MemorySource("mem:short", data, data.length, null), BLOCK, 2 * BLOCK);
    EOFException e = assertThrows(EOFException.class, () -> read(c, 2490, 20));
    assertTrue(e.getMessage().contains("mem:short") && e.getMessage().contains("2490"),
        e.getMessage());
    assertThrows(EOFException.class, () -> read(c, -1, 2));
    // a source that claims more bytes than it has: the block read fails, nothing is cached
    CachingByteSource liar = CachingByteSource.of(
        new MemorySource("mem:liar", data, 5000, null), BLOCK, 2 * BLOCK);
    assertThrows(EOFException.class, () -> read(liar, 2400, 20));
    assertEquals(0, liar.cachedBytes());
  }

  @Test
  void refusesACacheTooSmallForOneBlock() {
    MemorySource mem = new MemorySource("mem:a", new byte[10], 10, null);
    assertThrows(IllegalArgumentException.class, () -> CachingByteSource.of(mem, 100, 99));
    assertThrows(IllegalArgumentException.class, () -> CachingByteSource.of(mem, 0, 99));
  }

  @Test
  void threadsReadTheRightBytes() throws Exception {
    byte[] data = bytes(50 * BLOCK);
    CachingByteSource c = CachingByteSource.of(
        new MemorySource("mem:a", data, data.length, null), BLOCK, 4 * BLOCK);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      Future<?>[] f = new Future<?>[4];
      for (int t = 0; t < f.length; t++) {
        long seed = t;
        f[t] = pool.submit(() -> {
          Random r = new Random(seed);
          for (int i = 0; i < 2000; i++) {
            int at = r.nextInt(data.length - 64);
            int n = 1 + r.nextInt(64);
            assertArrayEquals(Arrays.copyOfRange(data, at, at + n), read(c, at, n));
          }
          return null;
        });
      }
      for (Future<?> x : f) {
        x.get();
      }
    } finally {
      pool.shutdown();
    }
    assertTrue(c.cachedBytes() <= 4 * BLOCK);
  }

  @Test
  void closeClosesTheSource() throws Exception {
    MemorySource mem = new MemorySource("mem:a", new byte[10], 10, null);
    CachingByteSource.of(mem, 4, 8).close();
    assertTrue(mem.closed);
  }
}
