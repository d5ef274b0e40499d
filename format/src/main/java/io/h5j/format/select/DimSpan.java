package io.h5j.format.select;

/**
 * The coordinates one dimension of a regular hyperslab selects: {@code count} blocks of
 * {@code block}, {@code stride} apart from {@code start}, cut off below {@code limit} (libhdf5
 * clips an unlimited selection to an extent this way; the last block may end part way).
 * Selected coordinates are numbered 0, 1, ... in increasing order: their <em>rank</em>.
 *
 * @param start first coordinate
 * @param stride distance between block starts (>= block when count > 1)
 * @param count number of blocks (>= 0; may be huge for an unlimited count cut by limit)
 * @param block block length (>= 1)
 * @param limit coordinates at or beyond it are not selected ({@link Long#MAX_VALUE}: none cut)
 */
public record DimSpan(long start, long stride, long count, long block, long limit) {
  public DimSpan {
    if (start < 0 || stride < 1 || count < 0 || block < 1 || limit < 0
        || (count > 1 && stride < block)) {
      throw new IllegalArgumentException("not a hyperslab dimension: start " + start
          + " stride " + stride + " count " + count + " block " + block);
    }
  }

  /** The contiguous range [start, start + length). */
  public static DimSpan range(long start, long length) {
    return length == 0 ? new DimSpan(start, 1, 0, 1, Long.MAX_VALUE)
        : new DimSpan(start, 1, 1, length, Long.MAX_VALUE);
  }

  /** This span with coordinates at or beyond {@code newLimit} cut off as well. */
  public DimSpan clip(long newLimit) {
    return new DimSpan(start, stride, count, block, Math.min(limit, newLimit));
  }

  /** Number of coordinates of the uncut pattern below {@code x}. */
  private long uncutBelow(long x) {
    if (x <= start || count == 0) {
      return 0;
    }
    long rel = x - start;
    if (count == 1) { // also an unlimited block, whose stride means nothing
      return Math.min(block, rel);
    }
    long blocks = rel / stride;
    if (blocks >= count) {
      return mul(count, block);
    }
    return mul(blocks, block) + Math.min(block, rel - blocks * stride);
  }

  /** Number of selected coordinates smaller than {@code x}. */
  public long rankOf(long x) {
    return uncutBelow(Math.min(x, limit));
  }

  /** Number of selected coordinates. */
  public long size() {
    return limit == Long.MAX_VALUE ? mul(count, block) : uncutBelow(limit);
  }

  /** The selected coordinate of rank {@code r} ({@code 0 <= r < size()}). */
  public long coord(long r) {
    return start + (r / block) * stride + r % block;
  }

  /**
   * One past the largest selected coordinate (the extent the span needs); 0 when empty;
   * {@link Long#MAX_VALUE} when it lies beyond the long range (a damaged start or count: no
   * extent holds it).
   */
  public long end() {
    long n = size();
    if (n == 0) {
      return 0;
    }
    long r = n - 1;
    try {
      return Math.addExact(Math.addExact(start, Math.multiplyExact(r / block, stride)),
          r % block + 1);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /**
   * The coordinates of ranks [r0, r1) as at most three regular pieces (a partial first block,
   * whole blocks, a partial last block), each {start, stride, count, block, first rank}.
   */
  public long[][] pieces(long r0, long r1) {
    long[][] out = new long[3][];
    int n = 0;
    long r = r0;
    if (r < r1 && r % block != 0) { // partial first block
      long len = Math.min(block - r % block, r1 - r);
      out[n++] = new long[] {coord(r), 1, 1, len, r};
      r += len;
    }
    long whole = (r1 - r) / block;
    if (whole > 0) {
      out[n++] = new long[] {coord(r), whole > 1 ? stride : 1, whole, block, r};
      r += whole * block;
    }
    if (r < r1) {
      out[n++] = new long[] {coord(r), 1, 1, r1 - r, r};
    }
    return java.util.Arrays.copyOf(out, n);
  }

  private static long mul(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
