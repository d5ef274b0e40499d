package io.h5j.versioning;

import io.h5j.SelectionBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The chunks of a chunk grid that a regular hyperslab reaches: per dimension, sorted disjoint
 * ranges of chunk indices (no set as large as the grid, which a sparse dataset may make huge).
 */
final class TouchedChunks {
  /** Per dimension, inclusive ranges: {@code ranges[d][2i]..ranges[d][2i+1]}. */
  private final long[][] ranges;
  private final long product;

  private TouchedChunks(long[][] ranges) {
    this.ranges = ranges;
    long p = 1;
    for (long[] r : ranges) {
      long n = 0;
      for (int i = 0; i < r.length; i += 2) {
        n += r[i + 1] - r[i] + 1;
      }
      p = saturatedTimes(p, n);
    }
    this.product = p;
  }

  /** The chunk indices {@code slab} reaches along each dimension of a grid of {@code chunks}. */
  static TouchedChunks of(SelectionBlocks slab, long[] chunks) {
    long[][] ranges = new long[chunks.length][];
    long[] start = slab.start(); // copies: taken once, not per block
    long[] stride = slab.stride();
    long[] block = slab.block();
    long[] counts = slab.count();
    for (int d = 0; d < chunks.length; d++) {
      long c = chunks[d];
      long count = counts[d];
      List<long[]> r = new ArrayList<>();
      if (count == 1 || (count > 1 && stride[d] <= c)) {
        // blocks no more than a chunk apart leave no chunk between first and last untouched
        r.add(new long[] {start[d] / c, (slab.end(d) - 1) / c});
      } else {
        // blocks more than a chunk apart: at most one block per chunk, so count is bounded
        // by the grid, which the selection fits in
        for (long i = 0; i < count; i++) {
          long from = start[d] + i * stride[d];
          long lo = from / c;
          long hi = (from + block[d] - 1) / c;
          long[] last = r.isEmpty() ? null : r.get(r.size() - 1);
          if (last != null && lo <= last[1] + 1) {
            last[1] = Math.max(last[1], hi);
          } else {
            r.add(new long[] {lo, hi});
          }
        }
      }
      ranges[d] = new long[r.size() * 2];
      for (int i = 0; i < r.size(); i++) {
        ranges[d][2 * i] = r.get(i)[0];
        ranges[d][2 * i + 1] = r.get(i)[1];
      }
    }
    return new TouchedChunks(ranges);
  }

  boolean contains(ChunkKey k) {
    long[] c = k.coords();
    for (int d = 0; d < c.length; d++) {
      if (!inRanges(ranges[d], c[d])) {
        return false;
      }
    }
    return true;
  }

  private static boolean inRanges(long[] r, long x) {
    int lo = 0;
    int hi = r.length / 2 - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (x < r[2 * mid]) {
        hi = mid - 1;
      } else if (x > r[2 * mid + 1]) {
        lo = mid + 1;
      } else {
        return true;
      }
    }
    return false;
  }

  /**
   * The entries of {@code mapped} (chunk → anything) whose chunk is touched: by walking the
   * touched chunks when they are fewer than the mapped ones, else by filtering the map.
   */
  <V> List<Map.Entry<ChunkKey, V>> select(Map<ChunkKey, V> mapped) {
    List<Map.Entry<ChunkKey, V>> out = new ArrayList<>();
    if (product < mapped.size()) {
      walk(0, new long[ranges.length], mapped, out);
    } else {
      for (Map.Entry<ChunkKey, V> e : mapped.entrySet()) {
        if (contains(e.getKey())) {
          out.add(e);
        }
      }
    }
    return out;
  }

  private <V> void walk(int d, long[] at, Map<ChunkKey, V> mapped,
      List<Map.Entry<ChunkKey, V>> out) {
    if (d == ranges.length) {
      ChunkKey k = new ChunkKey(at);
      V v = mapped.get(k);
      if (v != null) {
        out.add(Map.entry(k, v));
      }
      return;
    }
    for (int i = 0; i < ranges[d].length; i += 2) {
      for (long x = ranges[d][i]; x <= ranges[d][i + 1]; x++) {
        at[d] = x;
        walk(d + 1, at, mapped, out);
      }
    }
  }

  private static long saturatedTimes(long a, long b) {
    if (a == 0 || b == 0) {
      return 0;
    }
    return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }
}
