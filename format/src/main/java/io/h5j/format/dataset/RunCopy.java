package io.h5j.format.dataset;

import io.h5j.format.select.ChunkRuns;
import io.h5j.format.select.Hyperslab;
import java.io.IOException;

/**
 * Copies one run of a selection out of or into storage that holds the whole dataset as one
 * block (compact, contiguous, external): element offsets in the stored data and in the
 * selection, and a length in elements.
 */
@FunctionalInterface
interface RunCopy {
  void copy(long inData, long inSelection, long length) throws IOException;

  /** Calls {@code copy} for every run of {@code slab} over a dataset of {@code dims}. */
  static void each(Hyperslab slab, long[] dims, RunCopy copy) throws IOException {
    ChunkRuns.visit(slab, dims, new ChunkRuns.Visitor() {
      @Override
      public void chunk(long[] chunkOffset) {
        // one chunk: the whole dataset
      }

      @Override
      public void run(long inChunk, long inSelection, long length) throws IOException {
        copy.copy(inChunk, inSelection, length);
      }
    });
  }
}
