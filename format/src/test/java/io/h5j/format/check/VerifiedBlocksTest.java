package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VerifiedBlocksTest {
  private static byte[] block(int length, int seed) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) (i * 31 + seed);
    }
    return b;
  }

  @Test
  void knowsAnEqualBlockNotAnother() {
    VerifiedBlocks v = new VerifiedBlocks();
    assertTrue(v.add(block(100, 1)));
    assertTrue(v.contains(block(100, 1)), "an equal copy, another array");
    assertFalse(v.contains(block(100, 2)));
    assertFalse(v.contains(block(101, 1)));
  }

  @Test
  void aFlippedBitWithTheSameStoredChecksumIsNotKnown() {
    VerifiedBlocks v = new VerifiedBlocks();
    v.add(block(100, 1));
    byte[] damaged = block(100, 1);
    damaged[50] ^= 0x10; // same length and last four bytes: the same key
    assertFalse(v.contains(damaged));
  }

  @Test
  void keepsNoBlockTooShortForAChecksum() {
    VerifiedBlocks v = new VerifiedBlocks();
    assertFalse(v.add(new byte[3]));
    assertFalse(v.contains(new byte[3]));
  }

  @Test
  void dropsTheLeastRecentlyUsedBeyondItsBound() {
    VerifiedBlocks v = new VerifiedBlocks();
    int n = (int) (VerifiedBlocks.MAX_BYTES / 4);
    byte[] first = block(n, 0);
    v.add(first);
    for (int i = 1; i < 4; i++) {
      v.add(block(n, i));
    }
    assertTrue(v.contains(first)); // used: the second is now the eldest
    v.add(block(n, 4));
    assertEquals(VerifiedBlocks.MAX_BYTES, v.bytes());
    assertTrue(v.contains(first));
    assertFalse(v.contains(block(n, 1)));
  }
}
