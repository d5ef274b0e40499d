package io.h5j.format.io;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Decides where new structures go. Freed ranges are kept, merged with their neighbours, and
 * reused best-fit before the end of allocated space (EOA) grows; a freed range that touches
 * the EOA shrinks it instead. All addresses are HDF5 addresses.
 *
 * <p>For atomic flushes ({@link #keepDurableState}) it also knows which bytes the last
 * durable state of the file may use: everything below that state's EOA except the ranges
 * that were free then. New space never comes from there, and such space freed before the
 * next durable state is only set aside ({@link #markDurable} makes it reusable), so that
 * nothing the durable state references is overwritten until the file no longer refers to it.
 */
public final class SpaceAllocator {
  private final TreeMap<Long, Long> free = new TreeMap<>();
  /** The same free ranges by size, then address: best fit in log time, not a scan. */
  private final TreeMap<Long, TreeSet<Long>> bySize = new TreeMap<>();
  private long eoa;
  private boolean keepDurable;
  /** Whether anything was allocated or freed yet. */
  private boolean used;
  /** The EOA of the last durable state. */
  private volatile long durableEnd;
  /**
   * The ranges below {@link #durableEnd} that the last durable state did not use: a copy of
   * {@link #free} as it was then, brought up to date at each durable point by the entries
   * changed since ({@link #changedSinceDurable}), not copied whole. Writers on other threads
   * read it only between durable points.
   */
  private volatile TreeMap<Long, Long> durableFree = new TreeMap<>();
  /** Addresses whose entry in {@link #free} was added or removed since the durable point. */
  private final java.util.Set<Long> changedSinceDurable = new java.util.HashSet<>();
  /** Space the durable state uses that was freed since: reusable once it is no longer durable. */
  private final java.util.List<long[]> setAside = new java.util.ArrayList<>();

  public SpaceAllocator(long endOfAllocation) {
    this.eoa = endOfAllocation;
  }

  /** The end-of-allocated-space address to record in the superblock. */
  public long endOfAllocation() {
    return eoa;
  }

  /** Bytes currently free below the EOA. */
  public long freeBytes() {
    long sum = 0;
    for (long s : free.values()) {
      sum += s;
    }
    return sum;
  }

  public long allocate(long size) {
    used = true;
    if (size <= 0) {
      throw new IllegalArgumentException("allocation size must be positive: " + size);
    }
    Map.Entry<Long, TreeSet<Long>> fit = bySize.ceilingEntry(size);
    if (fit != null) {
      long bestSize = fit.getKey();
      long bestAddress = fit.getValue().first();
      remove(bestAddress);
      if (bestSize > size) {
        add(bestAddress + size, bestSize - size);
      }
      return bestAddress;
    }
    long addr = eoa;
    eoa += size;
    return addr;
  }

  /** Allocates at the EOA, never from freed space (for data that must follow in order). */
  public long allocateAtEnd(long size) {
    used = true;
    long addr = eoa;
    eoa += size;
    return addr;
  }

  /**
   * Puts the end of allocation back to {@code end} (the file's recorded one), so that bytes
   * past it, which nothing references, are reused first; only while nothing has been
   * allocated or freed.
   */
  public void restartAt(long end) {
    if (!used && end <= eoa) {
      eoa = end;
    }
  }

  /**
   * From now on, keeps the bytes of the file's current state (what lies below the EOA and is
   * not free) from being reused or rewritten until {@link #markDurable} says a later state is
   * on disk.
   */
  public void keepDurableState() {
    keepDurable = true;
    changedSinceDurable.clear();
    durableFree = new TreeMap<>(free);
    markDurable();
  }

  /** Whether {@link #keepDurableState} was asked for. */
  public boolean keepsDurableState() {
    return keepDurable;
  }

  /**
   * Records that the file on disk now is the state of this allocator: the space that state
   * no longer uses, set aside since the last durable state, becomes reusable.
   */
  public void markDurable() {
    for (long[] r : setAside) {
      release(r[0], r[1]);
    }
    setAside.clear();
    durableEnd = eoa;
    TreeMap<Long, Long> now = durableFree;
    for (Long a : changedSinceDurable) {
      Long size = free.get(a);
      if (size == null) {
        now.remove(a);
      } else {
        now.put(a, size);
      }
    }
    changedSinceDurable.clear();
    durableFree = now; // a volatile write: what other threads read next is this state
  }

  /**
   * Whether the {@code size} bytes at {@code address} lie outside what the last durable state
   * uses (always true unless {@link #keepDurableState} was asked for): such bytes may be
   * written without harm to that state. Safe to call from any thread between durable points.
   */
  public boolean isFresh(long address, long size) {
    if (!keepDurable) {
      return true;
    }
    long end = durableEnd;
    if (address >= end) {
      return true;
    }
    Map.Entry<Long, Long> f = durableFree.floorEntry(address);
    return f != null && address + size <= f.getKey() + f.getValue();
  }

  public void free(long address, long size) {
    if (size <= 0) {
      return;
    }
    used = true;
    if (!keepDurable) {
      release(address, size);
      return;
    }
    // The parts the durable state uses wait for the next durable point; the rest is free now.
    long end = address + size;
    long cursor = address;
    long stop = Math.min(end, durableEnd);
    while (cursor < stop) {
      Map.Entry<Long, Long> f = durableFree.floorEntry(cursor);
      if (f != null && cursor < f.getKey() + f.getValue()) {
        long freshEnd = Math.min(stop, f.getKey() + f.getValue());
        release(cursor, freshEnd - cursor);
        cursor = freshEnd;
      } else {
        Long next = durableFree.higherKey(cursor);
        long usedEnd = next == null ? stop : Math.min(stop, next);
        setAside.add(new long[] {cursor, usedEnd - cursor});
        cursor = usedEnd;
      }
    }
    if (end > cursor) {
      release(cursor, end - cursor);
    }
  }

  /** Bytes freed since the last durable point that it still uses. */
  public long setAsideBytes() {
    long sum = 0;
    for (long[] r : setAside) {
      sum += r[1];
    }
    return sum;
  }

  private void release(long address, long size) {
    long start = address;
    long end = address + size;
    Map.Entry<Long, Long> below = free.floorEntry(start);
    if (below != null && below.getKey() + below.getValue() >= start) {
      start = below.getKey();
      end = Math.max(end, below.getKey() + below.getValue());
      remove(below.getKey());
    }
    Map.Entry<Long, Long> above = free.ceilingEntry(start);
    while (above != null && above.getKey() <= end) {
      end = Math.max(end, above.getKey() + above.getValue());
      remove(above.getKey());
      above = free.ceilingEntry(start);
    }
    if (end >= eoa) {
      eoa = start;
    } else {
      add(start, end - start);
    }
  }

  private void add(long address, long size) {
    free.put(address, size);
    if (keepDurable) {
      changedSinceDurable.add(address);
    }
    bySize.computeIfAbsent(size, k -> new TreeSet<>()).add(address);
  }

  private void remove(long address) {
    Long size = free.remove(address);
    if (keepDurable) {
      changedSinceDurable.add(address);
    }
    TreeSet<Long> same = bySize.get(size);
    same.remove(address);
    if (same.isEmpty()) {
      bySize.remove(size);
    }
  }
}
