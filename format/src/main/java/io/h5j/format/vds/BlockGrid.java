package io.h5j.format.vds;

import java.util.Arrays;

/**
 * Virtual blocks on a regular grid: every block's corner is a multiple of {@link #cell()} and
 * its shape at most the cell (blocks at the dataset's edge may be smaller), at most one block
 * per cell. Finds the mapping covering a cell in O(1) through a flat table.
 */
public final class BlockGrid {
  private final long[] cell;
  private final long[] cells;
  private final int[] table;

  private BlockGrid(long[] cell, long[] cells, int[] table) {
    this.cell = cell;
    this.cells = cells;
    this.table = table;
  }

  /**
   * The grid of {@code count} boxes ({@code vStart}, {@code shape}: mapping-major, {@code rank}
   * values each), or null when they do not form one, or the table would be more than four
   * times larger than the mappings (sparse grids) plus 4096 cells.
   */
  static BlockGrid detect(int rank, int count, long[] vStart, long[] shape) {
    if (count == 0) {
      return null;
    }
    long[] cell = new long[rank];
    int values = count * rank;
    for (int k = 0; k < values; k += rank) {
      for (int d = 0; d < rank; d++) {
        cell[d] = Math.max(cell[d], shape[k + d]);
      }
    }
    // chunk shapes are mostly powers of two: a shift then, not a division per coordinate
    int[] shift = new int[rank];
    for (int d = 0; d < rank; d++) {
      shift[d] = Long.bitCount(cell[d]) == 1 ? Long.numberOfTrailingZeros(cell[d]) : -1;
    }
    long limit = limit(count);
    long[] cells = new long[rank];
    int[] coords = new int[values];
    for (int k = 0; k < values; k += rank) {
      for (int d = 0; d < rank; d++) {
        long q = cellOf(vStart[k + d], cell[d], shift[d]);
        if (q < 0 || q >= limit) {
          return null;
        }
        coords[k + d] = (int) q;
        cells[d] = Math.max(cells[d], q + 1);
      }
    }
    return ofCells(cell, cells, coords, count);
  }

  /** Most cells a table may have for {@code count} mappings. */
  static long limit(int count) {
    return 4L * count + 4096;
  }

  /**
   * The grid of cells of shape {@code cell}, {@code cells} of them along each dimension, where
   * box {@code i} lies in the cell at {@code coords[i * rank ..]}; null when two boxes share a
   * cell or the table would exceed the limit of {@link #detect}.
   */
  static BlockGrid ofCells(long[] cell, long[] cells, int[] coords, int count) {
    int rank = cell.length;
    long total = 1;
    long limit = limit(count);
    for (long c : cells) {
      total *= c;
      if (total > limit) {
        return null;
      }
    }
    int[] table = new int[(int) total];
    Arrays.fill(table, -1);
    for (int i = 0, j = 0; i < count; i++) {
      long k = 0;
      for (int d = 0; d < rank; d++, j++) {
        k = k * cells[d] + coords[j];
      }
      if (table[(int) k] >= 0) {
        return null; // two mappings in one cell: overlapping or finer than the grid
      }
      table[(int) k] = i;
    }
    return new BlockGrid(cell.clone(), cells.clone(), table);
  }

  /** The cell of a block corner at {@code start}, or -1 when it is not on a cell boundary. */
  private static long cellOf(long start, long cell, int shift) {
    if (shift >= 0) {
      return (start & (cell - 1)) != 0 ? -1 : start >>> shift;
    }
    return start % cell != 0 ? -1 : start / cell;
  }

  /** The grid cell (chunk) shape. */
  public long[] cell() {
    return cell.clone();
  }

  /** Cells along each dimension that the table covers. */
  public long[] cells() {
    return cells.clone();
  }

  /** The mapping whose virtual block lies in cell {@code coords} (cell units), or -1. */
  public int mappingAtCell(long... coords) {
    long k = 0;
    for (int d = 0; d < cells.length; d++) {
      if (coords[d] < 0 || coords[d] >= cells[d]) {
        return -1;
      }
      k = k * cells[d] + coords[d];
    }
    return table[(int) k];
  }

  /**
   * The mapping whose virtual block's cell holds element {@code element}, or -1. The element
   * may still be outside that block when the block is smaller than its cell.
   */
  public int mappingForElement(long... element) {
    long k = 0;
    for (int d = 0; d < cells.length; d++) {
      long c = element[d] / cell[d];
      if (element[d] < 0 || c >= cells[d]) {
        return -1;
      }
      k = k * cells[d] + c;
    }
    return table[(int) k];
  }

  @Override
  public String toString() {
    return "cell " + Arrays.toString(cell) + " x " + Arrays.toString(cells);
  }
}
