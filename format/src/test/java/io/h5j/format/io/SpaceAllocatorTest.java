package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SpaceAllocatorTest {
  @Test
  void freedSpaceIsReusedBeforeTheFileGrows() {
    SpaceAllocator a = new SpaceAllocator(100);
    long x = a.allocate(50);
    long y = a.allocate(30);
    assertEquals(100, x);
    assertEquals(150, y);
    a.free(x, 50);
    assertEquals(100, a.allocate(20));
    assertEquals(120, a.allocate(30));
    assertEquals(180, a.endOfAllocation());
  }

  @Test
  void freeingTheTailShrinksTheEndOfAllocation() {
    SpaceAllocator a = new SpaceAllocator(0);
    long x = a.allocate(10);
    long y = a.allocate(10);
    a.free(x, 10);
    a.free(y, 10);
    assertEquals(0, a.endOfAllocation());
    assertEquals(0, a.freeBytes());
  }
}
