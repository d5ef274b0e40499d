package io.h5j.format.io;

import io.h5j.format.H5FormatException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A range of file space a structure occupies: {@code size} bytes from HDF5 address
 * {@code address}. Structures report their extents so that space they no longer need can be
 * handed back to the {@link SpaceAllocator}.
 */
public record Extent(long address, long size) {
  /** The end of the range (exclusive). */
  public long end() {
    return address + size;
  }

  /** The sum of the sizes. */
  public static long total(List<Extent> extents) {
    long sum = 0;
    for (Extent e : extents) {
      sum += e.size();
    }
    return sum;
  }

  /**
   * Sorts {@code extents} by address and checks that no two overlap, so that freeing them
   * cannot hand back space of another structure twice.
   *
   * @return the extents, sorted
   * @throws H5FormatException naming {@code structure} at {@code at} if two ranges overlap or
   *     one is empty or wraps around
   */
  public static List<Extent> sortedDisjoint(List<Extent> extents, String structure, long at)
      throws H5FormatException {
    List<Extent> sorted = new ArrayList<>(extents);
    sorted.sort(Comparator.comparingLong(Extent::address));
    for (int i = 0; i < sorted.size(); i++) {
      Extent e = sorted.get(i);
      if (e.address() < 0 || e.size() <= 0 || e.end() < e.address()) {
        throw new H5FormatException(structure, at, "invalid range of " + e.size()
            + " bytes at " + e.address());
      }
      if (i > 0 && sorted.get(i - 1).end() > e.address()) {
        Extent p = sorted.get(i - 1);
        throw new H5FormatException(structure, at, "ranges " + p.address() + "+" + p.size()
            + " and " + e.address() + "+" + e.size() + " overlap");
      }
    }
    return sorted;
  }

  /** Hands every extent back to {@code alloc}. */
  public static void freeAll(SpaceAllocator alloc, List<Extent> extents) {
    for (Extent e : extents) {
      alloc.free(e.address(), e.size());
    }
  }
}
