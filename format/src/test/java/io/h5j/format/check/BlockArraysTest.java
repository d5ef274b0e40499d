package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class BlockArraysTest {
  @Test
  void givesBackAnArrayOfTheSameLengthOnly() {
    BlockArrays arrays = new BlockArrays();
    byte[] a = arrays.take(100);
    assertEquals(100, a.length);
    arrays.giveBack(a);
    assertEquals(100, arrays.idleBytes());
    assertNotSame(a, arrays.take(99), "another length gets an array of its own");
    assertSame(a, arrays.take(100));
    assertEquals(0, arrays.idleBytes());
  }

  @Test
  void keepsNoArrayItDidNotHandOut() {
    BlockArrays arrays = new BlockArrays();
    byte[] cached = new byte[100]; // e.g. an object of a cached heap collection
    arrays.giveBack(cached);
    assertEquals(0, arrays.idleBytes());
    assertNotSame(cached, arrays.take(100));
  }

  @Test
  void anArrayComesBackOnce() {
    BlockArrays arrays = new BlockArrays();
    byte[] a = arrays.take(100);
    arrays.giveBack(a);
    arrays.giveBack(a);
    assertSame(a, arrays.take(100));
    assertNotSame(a, arrays.take(100), "given back twice, it would be handed out twice");
  }

  @Test
  void keepsIdleArraysUpToItsBound() {
    BlockArrays arrays = new BlockArrays();
    int n = (int) (BlockArrays.MAX_IDLE_BYTES / 4);
    byte[][] taken = new byte[5][];
    for (int i = 0; i < taken.length; i++) {
      taken[i] = arrays.take(n);
    }
    for (byte[] a : taken) {
      arrays.giveBack(a);
    }
    assertEquals(4L * n, arrays.idleBytes());
  }
}
