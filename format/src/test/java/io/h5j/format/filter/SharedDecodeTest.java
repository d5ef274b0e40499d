package io.h5j.format.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicIntegerArray;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Decoding with helpers (a chunk read alone, its work shared between threads) gives exactly
 * what decoding on one thread gives, and detects the same damage.
 */
class SharedDecodeTest {
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2, r -> {
    Thread t = new Thread(r, "shared-decode-test");
    t.setDaemon(true);
    return t;
  });
  private static final Helpers HELPERS = new Helpers(POOL);

  @AfterContainer
  static void stop() {
    POOL.shutdownNow();
  }

  @Property(tries = 40)
  void deflateAndShuffleDecodeAlikeWithAndWithoutHelpers(
      @ForAll @IntRange(max = 1_200_000) int length,
      @ForAll @IntRange(min = 1, max = 9) int elementSize, @ForAll long seed) throws Exception {
    byte[] in = FilterRoundTripTest.data(seed, length, elementSize);
    for (int id : new int[] {Filters.DEFLATE, Filters.SHUFFLE}) {
      Filter f = Filters.standard().get(id);
      int[] cd = id == Filters.SHUFFLE ? new int[] {elementSize} : new int[] {(int) (seed & 7)};
      byte[] enc = f.encode(in, cd).orElseThrow();
      byte[] alone = new byte[length + 5];
      byte[] shared = new byte[length + 5];
      assertEquals(length, f.decode(enc, enc.length, cd, alone, length, Helpers.NONE));
      assertEquals(length, f.decode(enc, enc.length, cd, shared, length, HELPERS));
      assertArrayEquals(in, Arrays.copyOf(alone, length), "filter " + id + " alone");
      assertArrayEquals(in, Arrays.copyOf(shared, length), "filter " + id + " with helpers");
    }
  }

  @Example
  void damagedDeflateStreamsFailWithFormatExceptionsWithHelpers() {
    byte[] in = FilterRoundTripTest.data(7, 900_000, 8);
    Filter f = Filters.standard().get(Filters.DEFLATE);
    byte[] enc = f.encode(in, new int[] {4}).orElseThrow();
    byte[] out = new byte[in.length];
    byte[] trailer = enc.clone();
    trailer[trailer.length - 2] ^= 1;
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> f.decode(trailer, trailer.length, new int[0], out, in.length, HELPERS));
    assertTrue(e.getMessage().contains("incorrect data check"), e.getMessage());
    byte[] header = enc.clone();
    header[1] ^= 1;
    e = assertThrows(H5FormatException.class,
        () -> f.decode(header, header.length, new int[0], out, in.length, HELPERS));
    assertTrue(e.getMessage().contains("header"), e.getMessage());
    e = assertThrows(H5FormatException.class,
        () -> f.decode(enc, enc.length - 3, new int[0], out, in.length, HELPERS));
    assertTrue(e.getMessage().contains("ends early"), e.getMessage());
    e = assertThrows(H5FormatException.class,
        () -> f.decode(enc, enc.length, new int[0], out, in.length - 1, HELPERS));
    assertTrue(e.getMessage().contains("exceed"), e.getMessage());
    Random r = new Random(3);
    for (int k = 0; k < 50; k++) {
      byte[] bad = FilterRoundTripTest.flip(enc, r, 1 + r.nextInt(3));
      try {
        assertTrue(f.decode(bad, bad.length, new int[0], out, in.length, HELPERS) <= in.length);
        assertArrayEquals(in, out, "damage that decodes must be invisible to the format");
      } catch (H5FormatException expected) {
        // fine
      }
    }
  }

  @Property(tries = 100)
  void splitRunsEveryIndexOnceAndForkedFailuresReachTheJoiner(
      @ForAll @IntRange(max = 5000) int n, @ForAll @IntRange(min = 1, max = 64) int grain,
      @ForAll boolean withHelpers) throws Exception {
    Helpers h = withHelpers ? HELPERS : Helpers.NONE;
    AtomicIntegerArray seen = new AtomicIntegerArray(n);
    h.split(n, grain, (from, to) -> {
      assertTrue(from == 0 || from % grain == 0, "cut at a multiple of the grain");
      for (int i = from; i < to; i++) {
        seen.incrementAndGet(i);
      }
    });
    for (int i = 0; i < n; i++) {
      assertEquals(1, seen.get(i), "index " + i);
    }
    Helpers.Forked<Integer, IOException> bad = h.fork(() -> {
      throw new IOException("job " + n);
    });
    assertEquals("job " + n, assertThrows(IOException.class, bad::join).getMessage());
    assertEquals(n, h.fork(() -> n).join());
  }

  @Example
  void jobsRunOnTheJoiningThreadWhenTheHelpersAreGone() {
    ExecutorService gone = Executors.newSingleThreadExecutor();
    gone.shutdownNow();
    Helpers h = new Helpers(gone);
    Thread me = Thread.currentThread();
    assertEquals(me, h.fork(Thread::currentThread).join());
  }
}
