package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    Lookup3 h = Lookup3.over(data, offset, length, initval);
    // arrival points in any order, some repeated or before the start: none may hash a byte
    // beyond the one given, nor a round twice
    int most = offset;
    for (int step = 0; step < 6; step++) {
      int present = offset + random.nextInt(length + 2) - 1;
      most = Math.max(most, present);
      h.advanceTo(present);
      assertTrue(h.position() <= most, "hashed beyond " + most);
    }
    assertEquals(ByteWiseLookup3.hash(data, offset, length, initval), h.finish(),
        "length " + length + " at offset " + offset);
  }

  @Property(tries = 200)
  void bytesNotYetPresentAreNotRead(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 100) int length,
      @ForAll @IntRange(min = 0, max = 100) int cut) {
    byte[] data = new byte[length];
    new Random(seed).nextBytes(data);
    int present = Math.min(cut, length);
    byte[] partial = data.clone();
    java.util.Arrays.fill(partial, present, length, (byte) 0x55); // not arrived yet
    Lookup3 h = Lookup3.over(partial, 0, length, 0);
    h.advanceTo(present);
    System.arraycopy(data, present, partial, present, length - present); // they arrive
    assertEquals(ByteWiseLookup3.hash(data, 0, length, 0), h.finish());
  }
}
