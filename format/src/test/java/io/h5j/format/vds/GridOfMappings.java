package io.h5j.format.vds;

import io.h5j.format.select.EncodedSelection.Irregular;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A versioned-style mapping list for the block tests: a random chunk grid whose every cell
 * (cut at the dataset's edge) may map a box of {@code /raw} in the same file, in C order.
 */
final class GridOfMappings {
  /** Every cell's corner, mapped or not, in C order. */
  final List<long[]> corners = new ArrayList<>();
  /** The mappings of the cells {@code keep} kept, in C order. */
  final List<Mapping> mappings = new ArrayList<>();

  private GridOfMappings() {}

  /**
   * A grid of 1..40 cells (rank 1) or 1..6 per dimension, each cell {@code cellSize} long per
   * dimension, the last cell of a dimension possibly shorter; a cell is mapped (from a random
   * source corner) when {@code keep} says so.
   */
  static GridOfMappings random(Random rnd, int rank, LongSupplier cellSize,
      BooleanSupplier keep) {
    long[] cells = new long[rank];
    long[] cell = new long[rank];
    long[] dims = new long[rank];
    for (int d = 0; d < rank; d++) {
      cells[d] = 1 + rnd.nextInt(rank == 1 ? 40 : 6);
      cell[d] = cellSize.getAsLong();
      dims[d] = cells[d] * cell[d] - rnd.nextInt((int) cell[d]); // edge cells may be smaller
    }
    GridOfMappings g = new GridOfMappings();
    long[] at = new long[rank];
    while (true) {
      long[] corner = new long[rank];
      long[] shape = new long[rank];
      long[] src = new long[rank];
      for (int d = 0; d < rank; d++) {
        corner[d] = at[d] * cell[d];
        shape[d] = Math.min(cell[d], dims[d] - corner[d]);
        src[d] = rnd.nextInt(100000);
      }
      g.corners.add(corner);
      if (keep.getAsBoolean()) {
        g.mappings.add(new Mapping(".", "/raw", Irregular.box(src, shape),
            Irregular.box(corner, shape)));
      }
      int d = rank - 1;
      while (d >= 0 && ++at[d] == cells[d]) {
        at[d] = 0;
        d--;
      }
      if (d < 0) {
        return g;
      }
    }
  }

  /** {@code m} from a source dataset whose name has the same length as {@code /raw}'s. */
  static Mapping renamed(Mapping m) {
    return new Mapping(".", "/rax", m.sourceSelection(), m.virtualSelection());
  }
}
