package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import java.util.Random;

/** The word-at-a-time {@link Lookup3} against the byte-at-a-time {@link ByteWiseLookup3}. */
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
}
