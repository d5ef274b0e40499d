package io.h5j.format.vds;

import io.h5j.format.H5FormatException;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.ResolvedSelection;
import java.util.Arrays;

/**
 * What a reader needs to know of a block's virtual selections before any source is opened:
 * each mapping's virtual bounding box (an unlimited dimension reaches to the end of the long
 * range), the spatial index over those boxes, which mappings are unlimited, and the least
 * extent the limited mappings require (libhdf5's {@code min_dims}). Built once per block, in
 * one pass; a block of boxes is read from its primitive arrays without decoding a selection.
 */
public final class MappingBounds {
  private final int rank;
  private final MappingIndex index;
  private final int[] unlimited;
  private final int[] unlimitedDim;
  private final long[] minDims;

  private MappingBounds(int rank, MappingIndex index, int[] unlimited, int[] unlimitedDim,
      long[] minDims) {
    this.rank = rank;
    this.index = index;
    this.unlimited = unlimited;
    this.unlimitedDim = unlimitedDim;
    this.minDims = minDims;
  }

  /**
   * The bounds of {@code block}'s mappings in a virtual space of dimensions {@code dims}
   * (the stored ones; "all" selections cover them).
   *
   * @throws H5FormatException when a virtual selection's rank is not the space's, it reaches
   *     beyond the long range, or it is a block list h5j cannot expand
   */
  public static MappingBounds of(MappingBlock block, long[] dims) throws H5FormatException {
    int rank = dims.length;
    int n = block.count();
    long[] lower = new long[n * rank];
    long[] upper = new long[n * rank];
    long[] minDims = new long[rank];
    int[] unl = new int[n];
    int[] unlDim = new int[n];
    int u = 0;
    boolean boxes = block.allBoxes() && block.boxRank() == rank;
    for (int i = 0; i < n; i++) {
      int ud = -1;
      if (boxes) {
        for (int d = 0; d < rank; d++) {
          lower[i * rank + d] = block.virtualStart(i, d);
          upper[i * rank + d] = lower[i * rank + d] + block.blockShape(i, d);
          if (upper[i * rank + d] < 0) { // both are below 2^63: only their sum can wrap
            throw new H5FormatException(block.structure(), block.address(), "mapping " + i
                + ": virtual box ends beyond 2^63 in dimension " + d);
          }
        }
      } else {
        EncodedSelection v = block.virtualSelection(i);
        if (v.rank() != -1 && v.rank() != rank) {
          throw new H5FormatException(block.structure(), block.address(), "mapping " + i
              + ": virtual selection of rank " + v.rank() + " in a space of rank " + rank);
        }
        ud = ResolvedSelection.unlimitedDim(v);
        ResolvedSelection r;
        try {
          r = ResolvedSelection.of(v, dims);
        } catch (IllegalArgumentException e) {
          throw new H5FormatException(block.structure(), block.address(), "mapping " + i
              + ": virtual " + e.getMessage());
        }
        long[] lo = r.lower();
        long[] hi = r.upper();
        boolean empty = false;
        for (int d = 0; d < rank; d++) {
          empty |= d != ud && hi[d] <= lo[d];
        }
        if (empty) {
          Arrays.fill(upper, i * rank, (i + 1) * rank, 0); // nothing: left out of the index
          continue;
        }
        for (int d = 0; d < rank; d++) {
          lower[i * rank + d] = lo[d];
          upper[i * rank + d] = d == ud ? Long.MAX_VALUE : hi[d];
        }
        if (v instanceof EncodedSelection.All) {
          continue; // never unlimited; libhdf5 takes no minimum extent from it
        }
      }
      if (ud >= 0) {
        unl[u] = i;
        unlDim[u++] = ud;
      }
      for (int d = 0; d < rank; d++) {
        if (d != ud) {
          minDims[d] = Math.max(minDims[d], upper[i * rank + d]);
        }
      }
    }
    return new MappingBounds(rank, MappingIndex.build(rank, n, lower, upper),
        Arrays.copyOf(unl, u), Arrays.copyOf(unlDim, u), minDims);
  }

  /** The spatial index of the virtual boxes. */
  public MappingIndex index() {
    return index;
  }

  /** The mappings whose virtual selection is unlimited, in stored order. */
  public int[] unlimitedMappings() {
    return unlimited.clone();
  }

  /** The unlimited dimension of {@code unlimitedMappings()[k]}. */
  public int unlimitedDim(int k) {
    return unlimitedDim[k];
  }

  /** Per dimension, one past the largest coordinate a limited mapping selects. */
  public long[] minDims() {
    return minDims.clone();
  }

  public int rank() {
    return rank;
  }
}
