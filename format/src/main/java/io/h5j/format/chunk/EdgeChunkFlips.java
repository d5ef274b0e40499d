package io.h5j.format.chunk;

import java.io.IOException;

/**
 * The chunks a resize turns from partial edge chunks (reaching past the extent) into whole
 * ones or back, while they stay inside the dataset. Where a filtered dataset stores its
 * partial edge chunks unfiltered (libhdf5's H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS), these are
 * the stored chunks whose encoding the resize changes. Only the planes of chunks where the
 * last, partial chunk of a dimension moves are visited: a dimension whose partial chunk
 * stays where it was (an append along another one) costs nothing.
 */
public final class EdgeChunkFlips {
  private EdgeChunkFlips() {}

  /**
   * Visits, once each, the chunks that start inside both {@code before} and {@code after}
   * and are partial edge chunks under exactly one of them.
   */
  public static void forEach(long[] chunkDims, long[] before, long[] after,
      ShrinkRegion.OffsetVisitor v) throws IOException {
    int rank = chunkDims.length;
    long[] oldGrid = ShrinkRegion.grid(chunkDims, before);
    long[] newGrid = ShrinkRegion.grid(chunkDims, after);
    long[] common = new long[rank];
    long[] oldPartial = new long[rank];
    long[] newPartial = new long[rank];
    boolean[] moved = new boolean[rank];
    for (int d = 0; d < rank; d++) {
      common[d] = Math.min(oldGrid[d], newGrid[d]);
      oldPartial[d] = partial(chunkDims[d], before[d]);
      newPartial[d] = partial(chunkDims[d], after[d]);
      moved[d] = oldPartial[d] != newPartial[d];
    }
    for (int d = 0; d < rank; d++) {
      if (!moved[d]) {
        continue;
      }
      int plane = d;
      for (long s : new long[] {oldPartial[d], newPartial[d]}) {
        if (s < 0 || s >= common[d]) {
          continue;
        }
        long[] lo = new long[rank];
        long[] hi = common.clone();
        lo[d] = s;
        hi[d] = s + 1;
        ShrinkRegion.box(chunkDims, lo, hi, offset -> {
          boolean edgeBefore = false;
          boolean edgeAfter = false;
          for (int e = 0; e < rank; e++) {
            long at = offset[e] / chunkDims[e];
            if (e < plane && moved[e] && (at == oldPartial[e] || at == newPartial[e])) {
              return; // on an earlier plane: visited there
            }
            edgeBefore |= at == oldPartial[e];
            edgeAfter |= at == newPartial[e];
          }
          if (edgeBefore != edgeAfter) {
            v.visit(offset);
          }
        });
      }
    }
  }

  /** The scaled index of the partial last chunk along a dimension of {@code dim}, or -1. */
  private static long partial(long chunkDim, long dim) {
    return dim % chunkDim == 0 ? -1 : dim / chunkDim;
  }
}
