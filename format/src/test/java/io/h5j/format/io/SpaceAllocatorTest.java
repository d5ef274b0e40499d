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

  /** A model check: allocations never overlap each other, whatever the order of frees. */
  @net.jqwik.api.Property(tries = 300)
  void allocationsNeverOverlap(@net.jqwik.api.ForAll java.util.List<
      @net.jqwik.api.constraints.IntRange(min = 1, max = 300) Integer> sizes,
      @net.jqwik.api.ForAll long seed) {
    java.util.Random rnd = new java.util.Random(seed);
    SpaceAllocator a = new SpaceAllocator(1000);
    java.util.TreeMap<Long, Long> live = new java.util.TreeMap<>();
    for (int size : sizes) {
      if (!live.isEmpty() && rnd.nextInt(3) == 0) {
        Long victim = live.keySet().stream().skip(rnd.nextInt(live.size())).findFirst()
            .orElseThrow();
        a.free(victim, live.remove(victim));
      }
      long at = a.allocate(size);
      var below = live.floorEntry(at);
      var above = live.ceilingEntry(at);
      if (below != null) {
        org.junit.jupiter.api.Assertions.assertTrue(below.getKey() + below.getValue() <= at,
            "overlaps " + below);
      }
      if (above != null) {
        org.junit.jupiter.api.Assertions.assertTrue(at + size <= above.getKey(),
            "overlaps " + above);
      }
      org.junit.jupiter.api.Assertions.assertTrue(at >= 1000 && at + size <= a.endOfAllocation());
      live.put(at, (long) size);
    }
  }
}
