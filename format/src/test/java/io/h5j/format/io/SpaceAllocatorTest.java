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

  /**
   * A model check of the durable state kept for atomic flushes: between durable points, no
   * allocation overlaps a byte that was in use at the last one, isFresh says so exactly, and
   * space freed meanwhile is reused only after the next durable point.
   */
  @net.jqwik.api.Property(tries = 300)
  void theDurableStateIsNeverHandedOut(@net.jqwik.api.ForAll long seed) {
    java.util.Random rnd = new java.util.Random(seed);
    SpaceAllocator a = new SpaceAllocator(500);
    java.util.TreeMap<Long, Long> live = new java.util.TreeMap<>();
    live.put(0L, 500L); // what the file held when opened
    a.keepDurableState();
    java.util.TreeMap<Long, Long> durable = new java.util.TreeMap<>(live);
    for (int step = 0; step < 200; step++) {
      int op = rnd.nextInt(10);
      if (op == 0) {
        a.markDurable();
        durable = new java.util.TreeMap<>(live);
      } else if (op < 4 && !live.isEmpty()) {
        Long victim = live.keySet().stream().skip(rnd.nextInt(live.size())).findFirst()
            .orElseThrow();
        long size = live.remove(victim);
        // free a piece of it sometimes, as structures are freed in parts
        long part = 1 + rnd.nextInt((int) Math.min(size, 50));
        if (part < size && rnd.nextBoolean()) {
          live.put(victim + part, size - part);
          size = part;
        }
        a.free(victim, size);
      } else {
        int size = 1 + rnd.nextInt(120);
        long at = a.allocate(size);
        org.junit.jupiter.api.Assertions.assertTrue(a.isFresh(at, size), "isFresh " + at);
        for (var m : new java.util.TreeMap[] {live, durable}) {
          @SuppressWarnings("unchecked")
          java.util.TreeMap<Long, Long> map = m;
          var below = map.floorEntry(at + size - 1);
          org.junit.jupiter.api.Assertions.assertTrue(below == null
              || below.getKey() + below.getValue() <= at, "[" + at + ", +" + size
              + ") overlaps " + below + (map == durable ? " of the durable state" : ""));
        }
        live.put(at, (long) size);
      }
      // isFresh agrees with the model at random points
      long probe = rnd.nextInt((int) Math.max(1, a.endOfAllocation() + 50));
      var d = durable.floorEntry(probe);
      boolean used = d != null && probe < d.getKey() + d.getValue();
      org.junit.jupiter.api.Assertions.assertEquals(!used, a.isFresh(probe, 1), "byte " + probe);
    }
  }

  @Test
  void spaceFreedFromTheDurableStateIsReusedAfterTheNextDurablePoint() {
    SpaceAllocator a = new SpaceAllocator(100);
    a.keepDurableState();
    a.free(20, 30);
    org.junit.jupiter.api.Assertions.assertFalse(a.isFresh(20, 1));
    assertEquals(100, a.allocate(30));
    assertEquals(30, a.setAsideBytes());
    a.markDurable();
    assertEquals(0, a.setAsideBytes());
    org.junit.jupiter.api.Assertions.assertTrue(a.isFresh(20, 30));
    assertEquals(20, a.allocate(30));
  }
}
