package io.h5j.raw;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/** {@link StoredSelection.Blocks#asRegular}: the regular hyperslab a block list forms, if any. */
final class RegularBlocks {
  private RegularBlocks() {}

  static StoredSelection.@Nullable Hyperslab of(StoredSelection.Blocks blocks) {
    int rank = blocks.rank();
    int n = blocks.blockCount();
    if (n == 0) {
      return null;
    }
    long[] start = new long[rank];
    long[] stride = new long[rank];
    long[] count = new long[rank];
    long[] block = new long[rank];
    try {
      long product = 1;
      for (int d = 0; d < rank; d++) {
        if (!dimension(blocks, d, start, stride, count, block)) {
          return null;
        }
        product = Math.multiplyExact(product, Math.multiplyExact(count[d], block[d]));
      }
      // the blocks lie inside the product of their projections: they fill it when their
      // (disjoint) volumes add up to it
      long volume = 0;
      for (int b = 0; b < n; b++) {
        long v = 1;
        for (int d = 0; d < rank; d++) {
          v = Math.multiplyExact(v, blocks.end(b, d) - blocks.start(b, d) + 1);
        }
        volume = Math.addExact(volume, v);
      }
      if (volume != product) {
        return null;
      }
    } catch (ArithmeticException e) {
      return null;
    }
    return new StoredSelection.Hyperslab(start, stride, count, block);
  }

  /**
   * The projection of the blocks on dimension {@code d}, adjacent and overlapping ranges
   * merged, as runs of one length at one distance into the arrays at {@code d}; false when
   * it is not such runs.
   */
  private static boolean dimension(StoredSelection.Blocks blocks, int d, long[] start,
      long[] stride, long[] count, long[] block) {
    int n = blocks.blockCount();
    long[][] ranges = new long[n][];
    for (int b = 0; b < n; b++) {
      ranges[b] = new long[] {blocks.start(b, d), blocks.end(b, d)};
    }
    Arrays.sort(ranges, (x, y) -> Long.compare(x[0], y[0]));
    long runStart = ranges[0][0];
    long runEnd = ranges[0][1];
    long runs = 0;
    long length = -1;
    long distance = -1;
    long previousStart = -1;
    for (int i = 1; i <= n; i++) {
      if (i < n && ranges[i][0] <= runEnd + 1) {
        runEnd = Math.max(runEnd, ranges[i][1]);
        continue;
      }
      long len = runEnd - runStart + 1;
      if (runs == 0) {
        length = len;
      } else if (len != length) {
        return false;
      } else if (runs == 1) {
        distance = runStart - previousStart;
      } else if (runStart - previousStart != distance) {
        return false;
      }
      previousStart = runStart;
      runs++;
      if (i < n) {
        runStart = ranges[i][0];
        runEnd = ranges[i][1];
      }
    }
    start[d] = ranges[0][0];
    stride[d] = runs == 1 ? 1 : distance;
    count[d] = runs;
    block[d] = length;
    return true;
  }
}
