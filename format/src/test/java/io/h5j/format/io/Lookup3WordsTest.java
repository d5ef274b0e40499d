package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import java.util.Random;

/**
 * The word-at-a-time {@link Lookup3}, in one call and fed in pieces, against the byte-at-a-time
 * {@link ByteWiseLookup3}.
 */
class Lookup3WordsTest {
  @Property(tries = 500)
  void sameHashAsByteWiseOnAnyRange(@ForAll long seed, @ForAll @IntRange(min = 0, max = 300)
      int length, @ForAll @IntRange(min = 0, max = 13) int offset,
      @ForAll @IntRange(min = 0, max = 5) int slack, @ForAll int initval) {
    byte[] data = new byte[offset + length + slack];
    new Random(seed).nextBytes(data);
    assertEquals(ByteWiseLookup3.hash(data, offset, length, initval),
        Lookup3.hash(data, offset, length, initval),
        "length " + length + " at offset " + offset);
  }

  @Property(tries = 20)
  void sameHashOnLargeBlocks(@ForAll long seed,
      @ForAll @IntRange(min = 4096, max = 1 << 20) int length) {
    byte[] data = new byte[length + 3];
    new Random(seed).nextBytes(data);
    assertEquals(ByteWiseLookup3.hash(data, 3, length, 0), Lookup3.checksum(data, 3, length));
  }

  @Property(tries = 500)
  void sameHashWhenTheBytesArriveInPieces(@ForAll long seed,
      @ForAll @IntRange(min = 0, max = 100) int length,
      @ForAll @IntRange(min = 0, max = 13) int offset, @ForAll int initval) {
    byte[] data = new byte[offset + length];
    Random random = new Random(seed);
    random.nextBytes(data);
    byte[] arriving = new byte[data.length]; // filled a random piece at a time when asked
    int[] present = {0};
    int hash = Lookup3.hash(arriving, offset, length, initval, known -> {
      assertEquals(present[0], known, "asked beyond what was said to be present");
      int n = Math.min(data.length, present[0] + 1 + random.nextInt(30));
      System.arraycopy(data, present[0], arriving, present[0], n - present[0]);
      java.util.Arrays.fill(arriving, n, data.length, (byte) 0x55); // not there yet
      present[0] = n;
      return n;
    });
    assertEquals(ByteWiseLookup3.hash(data, offset, length, initval), hash,
        "length " + length + " at offset " + offset);
  }

  @Property(tries = 100)
  void aHashAbandonedWhenNoMoreBytesArrive(@ForAll @IntRange(min = 13, max = 100) int length) {
    byte[] data = new byte[length];
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Lookup3.hash(data, 0, length, 0, known -> {
          throw new IllegalStateException("gone");
        }));
    assertEquals("gone", e.getMessage());
  }
}
