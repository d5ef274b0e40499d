package io.h5j.spark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts the kept index ranges of a dataset into partitions aligned with its grid (the chunk
 * shape): whole cells grouped by first-index ranges in C order, about {@code targetBytes}
 * of decoded elements each. When one row of cells along the first dimension alone exceeds
 * the target, each such row is cut along the next dimension, and so on. Partitions are
 * counted arithmetically, never one per element, so a billion-row contiguous dataset plans
 * as fast as a small one.
 */
final class PartitionPlanner {
  private final long[] grid;
  private final long elementBytes;
  private final long targetBytes;
  private final IndexRanges ranges;
  private final List<List<ElementBox>> partitions = new ArrayList<>();

  private PartitionPlanner(long[] grid, long elementBytes, long targetBytes,
      IndexRanges ranges) {
    this.grid = grid;
    this.elementBytes = Math.max(1, elementBytes);
    this.targetBytes = targetBytes;
    this.ranges = ranges;
  }

  /**
   * The partitions of {@code ranges}, each a list of boxes to read.
   *
   * @param grid the cell shape partitions align to, one positive size per dimension
   * @param elementBytes the decoded size of one element
   * @param targetBytes the decoded bytes a partition aims at
   * @param ranges the indexes kept
   * @return the partitions in C order of their first elements; none when nothing is kept
   */
  static List<List<ElementBox>> plan(long[] grid, long elementBytes, long targetBytes,
      IndexRanges ranges) {
    PartitionPlanner p = new PartitionPlanner(grid, elementBytes, targetBytes, ranges);
    if (ranges.rank() == 0) {
      p.partitions.add(List.of(new ElementBox(new long[0], new long[0])));
    } else if (ranges.elements() > 0) {
      p.cut(0, new long[0], new long[0]);
    }
    return p.partitions;
  }

  /** Plans dimension {@code d} and those after it, with the earlier ones fixed to a piece. */
  private void cut(int d, long[] fixedStart, long[] fixedCount) {
    long unitBytes = elementBytes;
    for (long c : fixedCount) {
      unitBytes = IndexRanges.multiplyCapped(unitBytes, c);
    }
    for (int k = d + 1; k < ranges.rank(); k++) {
      unitBytes = IndexRanges.multiplyCapped(unitBytes, ranges.length(k));
    }
    long cellRowBytes = IndexRanges.multiplyCapped(unitBytes, grid[d]);
    boolean last = d == ranges.rank() - 1;
    if (cellRowBytes > targetBytes && !last) {
      for (long[] r : ranges.of(d)) {
        for (long lo = r[0]; lo < r[1]; ) {
          long hi = Math.min(r[1], (lo / grid[d] + 1) * grid[d]);
          cut(d + 1, append(fixedStart, lo), append(fixedCount, hi - lo));
          lo = hi;
        }
      }
      return;
    }
    long cellsPer = Math.max(1, targetBytes / Math.max(1, cellRowBytes));
    long span = IndexRanges.multiplyCapped(cellsPer, grid[d]);
    // pieces of dimension d grouped by the aligned block of `span` indexes they fall in
    Map<Long, List<long[]>> blocks = new LinkedHashMap<>();
    for (long[] r : ranges.of(d)) {
      for (long lo = r[0]; lo < r[1]; ) {
        long block = lo / span;
        long hi = block == Long.MAX_VALUE / span ? r[1] : Math.min(r[1], (block + 1) * span);
        blocks.computeIfAbsent(block, b -> new ArrayList<>()).add(new long[] {lo, hi});
        lo = hi;
      }
      if (blocks.size() > 0 && partitions.size() + blocks.size() > Integer.MAX_VALUE / 2) {
        throw new IllegalArgumentException("hdf5: the read would need more than "
            + Integer.MAX_VALUE / 2 + " partitions; raise option partitionBytes");
      }
    }
    for (List<long[]> pieces : blocks.values()) {
      List<ElementBox> boxes = new ArrayList<>();
      for (long[] piece : pieces) {
        addBoxes(boxes, d + 1, append(fixedStart, piece[0]),
            append(fixedCount, piece[1] - piece[0]));
      }
      partitions.add(boxes);
    }
  }

  /** The boxes of the fixed dimensions times every combination of the later intervals. */
  private void addBoxes(List<ElementBox> out, int d, long[] start, long[] count) {
    if (d == ranges.rank()) {
      out.add(new ElementBox(start, count));
      return;
    }
    for (long[] r : ranges.of(d)) {
      addBoxes(out, d + 1, append(start, r[0]), append(count, r[1] - r[0]));
    }
  }

  private static long[] append(long[] a, long v) {
    long[] out = java.util.Arrays.copyOf(a, a.length + 1);
    out[a.length] = v;
    return out;
  }
}
