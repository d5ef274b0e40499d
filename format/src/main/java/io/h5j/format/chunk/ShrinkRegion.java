package io.h5j.format.chunk;

import java.io.IOException;

/**
 * The chunks a shrink of a chunked dataset touches, visited without walking the whole grid:
 * the chunks that leave the dataset (they start inside the old extent, not inside the new
 * one) and the chunks the new extent cuts (they stay, but hold elements the shrink removes).
 * Both are visited as disjoint boxes of the chunk grid, so the cost is the number of chunks
 * visited.
 */
public final class ShrinkRegion {
  private ShrinkRegion() {}

  /** Receives the first element of one chunk; the array is reused between calls. */
  @FunctionalInterface
  public interface OffsetVisitor {
    void visit(long[] offset) throws IOException;
  }

  /** Visits each chunk that starts inside {@code before} but not inside {@code after}, once. */
  public static void forEachLeaving(long[] chunkDims, long[] before, long[] after,
      OffsetVisitor v) throws IOException {
    int rank = chunkDims.length;
    long[] oldGrid = grid(chunkDims, before);
    long[] newGrid = grid(chunkDims, after);
    for (int d = 0; d < rank; d++) {
      long[] lo = new long[rank];
      long[] hi = new long[rank];
      for (int e = 0; e < rank; e++) {
        hi[e] = e < d ? Math.min(newGrid[e], oldGrid[e]) : oldGrid[e];
      }
      lo[d] = newGrid[d];
      box(chunkDims, lo, hi, v);
    }
  }

  /**
   * Visits each chunk that starts inside both extents and reaches past {@code after} in a
   * dimension where {@code before} is larger: it keeps elements and loses some, once.
   */
  public static void forEachCut(long[] chunkDims, long[] before, long[] after,
      OffsetVisitor v) throws IOException {
    int rank = chunkDims.length;
    long[] limit = new long[rank];
    boolean[] cut = new boolean[rank];
    long[] oldGrid = grid(chunkDims, before);
    long[] newGrid = grid(chunkDims, after);
    for (int d = 0; d < rank; d++) {
      limit[d] = Math.min(oldGrid[d], newGrid[d]);
      cut[d] = after[d] < before[d] && after[d] % chunkDims[d] != 0;
    }
    for (int d = 0; d < rank; d++) {
      if (!cut[d]) {
        continue;
      }
      long[] lo = new long[rank];
      long[] hi = new long[rank];
      for (int e = 0; e < rank; e++) {
        hi[e] = e < d && cut[e] ? limit[e] - 1 : limit[e];
      }
      lo[d] = newGrid[d] - 1;
      hi[d] = newGrid[d];
      box(chunkDims, lo, hi, v);
    }
  }

  /** Chunks along each dimension that start inside {@code dims}. */
  static long[] grid(long[] chunkDims, long[] dims) {
    long[] g = new long[dims.length];
    for (int d = 0; d < dims.length; d++) {
      g[d] = dims[d] == 0 ? 0 : (dims[d] - 1) / chunkDims[d] + 1;
    }
    return g;
  }

  /** Visits the chunks with scaled coordinates in [lo, hi), last dimension fastest. */
  static void box(long[] chunkDims, long[] lo, long[] hi, OffsetVisitor v)
      throws IOException {
    int rank = lo.length;
    for (int d = 0; d < rank; d++) {
      if (lo[d] >= hi[d]) {
        return;
      }
    }
    long[] s = lo.clone();
    long[] offset = new long[rank];
    while (true) {
      for (int d = 0; d < rank; d++) {
        offset[d] = s[d] * chunkDims[d];
      }
      v.visit(offset);
      int d = rank - 1;
      while (d >= 0 && ++s[d] == hi[d]) {
        s[d] = lo[d];
        d--;
      }
      if (d < 0) {
        return;
      }
    }
  }
}
