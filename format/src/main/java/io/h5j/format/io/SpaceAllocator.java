package io.h5j.format.io;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Decides where new structures go. Freed ranges are kept, merged with their neighbours, and
 * reused best-fit before the end of allocated space (EOA) grows; a freed range that touches
 * the EOA shrinks it instead. All addresses are HDF5 addresses.
 */
public final class SpaceAllocator {
  private final TreeMap<Long, Long> free = new TreeMap<>();
  /** The same free ranges by size, then address: best fit in log time, not a scan. */
  private final TreeMap<Long, TreeSet<Long>> bySize = new TreeMap<>();
  private long eoa;

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
    long addr = eoa;
    eoa += size;
    return addr;
  }

  public void free(long address, long size) {
    if (size <= 0) {
      return;
    }
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
    bySize.computeIfAbsent(size, k -> new TreeSet<>()).add(address);
  }

  private void remove(long address) {
    Long size = free.remove(address);
    TreeSet<Long> same = bySize.get(size);
    same.remove(address);
    if (same.isEmpty()) {
      bySize.remove(size);
    }
  }
}
