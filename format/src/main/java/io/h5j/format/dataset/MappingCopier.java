package io.h5j.format.dataset;

import io.h5j.format.select.Hyperslab;
import io.h5j.format.select.ResolvedSelection;
import io.h5j.format.select.ResolvedSelection.Spans;
import java.io.IOException;
import java.util.Arrays;

/**
 * Copies the elements of one virtual mapping that fall in a box of a read request from the
 * source dataset into the request's output. Where both selections have the same shape, the
 * request cuts a box of ranks out of each dimension and the source is read as at most three
 * regular hyperslabs per dimension; otherwise (other ranks or shapes, block lists, points) the
 * two selections are walked as runs in the order libhdf5 pairs their elements.
 */
final class MappingCopier {
  /** Elements of {@code source} at {@code s} appear at {@code v} of the virtual space. */
  record Part(Source source, ResolvedSelection v, ResolvedSelection s) {}

  /** A source dataset's elements as the virtual dataset's type: raw, or converted. */
  interface Source {
    /** The elements of a hyperslab of the source, C order, in the virtual dataset's type. */
    byte[] read(Hyperslab h) throws IOException;

    /**
     * Hands the elements of {@code h} to {@code sink} in runs, straight from where the source
     * holds them when it can (no array of the whole hyperslab); by default one run of
     * {@link #read}.
     */
    default void readRuns(Hyperslab h, Runs sink) throws IOException {
      sink.run(read(h), 0, 0, Math.toIntExact(h.elementCount()));
    }
  }

  /**
   * Takes runs of a hyperslab's elements: {@code n} elements from byte {@code from} of
   * {@code bytes}, being elements {@code inSelection} on of the hyperslab in C order. Called
   * from several threads at once for disjoint runs; {@code bytes} may be reused after the call.
   */
  interface Runs {
    void run(byte[] bytes, int from, long inSelection, int n);
  }

  /** A box of the virtual space, and where its first element lands in the selection. */
  record Box(long[] start, long[] shape, long[] selectionStart) {
    long end(int d) {
      return start[d] + shape[d];
    }
  }

  private final int size;

  /** A copier of {@code elementSize}-byte elements. */
  MappingCopier(int elementSize) {
    this.size = elementSize;
  }

  /** Copies the elements of part {@code p} that fall in request box {@code r} into out. */
  void copy(Part p, Box r, long[] selShape, ElementTarget out) throws IOException {
    long[] lo = p.v().lower();
    long[] hi = p.v().upper();
    for (int d = 0; d < lo.length; d++) {
      if (hi[d] <= r.start()[d] || lo[d] >= r.end(d)) {
        return;
      }
    }
    if (p.v() instanceof Spans v && p.s() instanceof Spans s
        && Arrays.equals(v.shape(), s.shape())) {
      copySpans(v, s, p.source(), r, selShape, out);
    } else {
      copyRuns(p, r, selShape, out);
    }
  }

  /**
   * Same shapes on both sides: element (i, j, ...) of one pairs with (i, j, ...) of the
   * other, so the request cuts a box of ranks out of each dimension.
   */
  private void copySpans(Spans v, Spans s, Source src, Box r, long[] selShape,
      ElementTarget out)
      throws IOException {
    int rank = v.rank();
    long[] r0 = new long[rank];
    long[] n = new long[rank];
    for (int d = 0; d < rank; d++) {
      r0[d] = v.dim(d).rankOf(r.start()[d]);
      n[d] = v.dim(d).rankOf(r.end(d)) - r0[d];
      if (n[d] <= 0) {
        return;
      }
    }
    long[][] at = new long[rank][]; // per dimension, the selection coordinate of each rank
    for (int d = 0; d < rank; d++) {
      at[d] = new long[(int) n[d]];
      for (int k = 0; k < n[d]; k++) {
        at[d][k] = r.selectionStart()[d] + v.dim(d).coord(r0[d] + k) - r.start()[d];
      }
    }
    long rows = count(n) / n[rank - 1];
    long[] last = at[rank - 1];
    int len = (int) n[rank - 1];
    Hyperslab whole = singleSlab(s, r0, n);
    if (whole != null && last[len - 1] - last[0] == len - 1) {
      copyRows(src, whole, rowStarts(at, selShape, rows), len, out);
      return;
    }
    byte[] data = readSpans(src, s, r0, n);
    int[] idx = new int[rank];
    for (long row = 0; row < rows; row++) {
      long base = 0;
      for (int d = 0; d < rank - 1; d++) {
        base = base * selShape[d] + at[d][idx[d]];
      }
      base *= selShape[rank - 1];
      long from = row * len;
      for (int k = 0; k < len; ) {
        int e = k + 1;
        while (e < len && last[e] == last[e - 1] + 1) {
          e++;
        }
        out.put(data, (int) ((from + k) * size), base + last[k], e - k);
        k = e;
      }
      for (int d = rank - 2; d >= 0 && ++idx[d] == n[d]; d--) {
        idx[d] = 0;
      }
    }
  }

  /**
   * Where each row of the request's box lands in {@code out}, in elements: rows of
   * contiguous elements, whose selection coordinates per dimension are {@code at}.
   */
  private static long[] rowStarts(long[][] at, long[] selShape, long rows) {
    int rank = at.length;
    long[] starts = new long[Math.toIntExact(rows)];
    int[] idx = new int[rank];
    for (int row = 0; row < starts.length; row++) {
      long base = 0;
      for (int d = 0; d < rank - 1; d++) {
        base = base * selShape[d] + at[d][idx[d]];
      }
      starts[row] = base * selShape[rank - 1] + at[rank - 1][0];
      for (int d = rank - 2; d >= 0 && ++idx[d] == at[d].length; d--) {
        idx[d] = 0;
      }
    }
    return starts;
  }

  /**
   * Reads {@code whole} into {@code out} run by run as the source hands them over (no array of
   * the hyperslab): its element k is element {@code k % len} of row {@code k / len}.
   */
  private void copyRows(Source src, Hyperslab whole, long[] rowStarts, int len,
      ElementTarget out)
      throws IOException {
    src.readRuns(whole, (bytes, from, k, n) -> {
      while (n > 0) {
        int row = (int) (k / len);
        int col = (int) (k % len);
        int take = Math.min(n, len - col);
        out.put(bytes, from, rowStarts[row] + col, take);
        from += take * size;
        k += take;
        n -= take;
      }
    });
  }

  /** The source ranks [r0, r0 + n) of {@code s} as one hyperslab, or null if they are not. */
  private static Hyperslab singleSlab(Spans s, long[] r0, long[] n) {
    int rank = s.rank();
    long[][][] pieces = new long[rank][][];
    for (int d = 0; d < rank; d++) {
      pieces[d] = s.dim(d).pieces(r0[d], r0[d] + n[d]);
      if (pieces[d].length != 1) {
        return null;
      }
    }
    return slab(pieces, new int[rank]);
  }

  /** The source elements of ranks [r0, r0 + n) per dimension of {@code s}, in C order. */
  private byte[] readSpans(Source src, Spans s, long[] r0, long[] n) throws IOException {
    int rank = s.rank();
    long[][][] pieces = new long[rank][][];
    boolean single = true;
    for (int d = 0; d < rank; d++) {
      pieces[d] = s.dim(d).pieces(r0[d], r0[d] + n[d]);
      single &= pieces[d].length == 1;
    }
    if (single) {
      return src.read(slab(pieces, new int[rank]));
    }
    byte[] buf = new byte[(int) (count(n) * size)];
    int[] at = new int[rank];
    while (true) {
      Hyperslab h = slab(pieces, at);
      byte[] part = src.read(h);
      long[] off = new long[rank];
      for (int d = 0; d < rank; d++) {
        off[d] = pieces[d][at[d]][4] - r0[d];
      }
      copyBox(part, h.shape(), buf, n, off);
      int d = rank - 1;
      while (d >= 0 && ++at[d] == pieces[d].length) {
        at[d] = 0;
        d--;
      }
      if (d < 0) {
        return buf;
      }
    }
  }

  private static Hyperslab slab(long[][][] pieces, int[] at) {
    int rank = pieces.length;
    long[] start = new long[rank];
    long[] stride = new long[rank];
    long[] cnt = new long[rank];
    long[] blk = new long[rank];
    for (int d = 0; d < rank; d++) {
      long[] p = pieces[d][at[d]];
      start[d] = p[0];
      stride[d] = p[1];
      cnt[d] = p[2];
      blk[d] = p[3];
    }
    return new Hyperslab(start, stride, cnt, blk);
  }

  /** Copies a C-order box of {@code shape} into {@code dst} (of dstShape) at {@code off}. */
  private void copyBox(byte[] src, long[] shape, byte[] dst, long[] dstShape, long[] off) {
    int rank = shape.length;
    long rows = count(shape) / shape[rank - 1];
    int len = (int) (shape[rank - 1] * size);
    long[] idx = new long[rank];
    for (long row = 0; row < rows; row++) {
      long t = 0;
      for (int d = 0; d < rank; d++) {
        t = t * dstShape[d] + off[d] + (d == rank - 1 ? 0 : idx[d]);
      }
      System.arraycopy(src, (int) (row * len), dst, (int) (t * size), len);
      for (int d = rank - 2; d >= 0 && ++idx[d] == shape[d]; d--) {
        idx[d] = 0;
      }
    }
  }

  /**
   * Any pairing: the virtual runs in the request give the ordinals wanted, the source runs
   * are walked in step to find where each ordinal's element is stored.
   */
  private void copyRuns(Part p, Box r, long[] selShape, ElementTarget out)
      throws IOException {
    int rank = r.start().length;
    long[] selStride = new long[rank];
    long st = 1;
    for (int d = rank - 1; d >= 0; d--) {
      selStride[d] = st;
      st *= selShape[d];
    }
    LongRows want = new LongRows(3); // ordinal, length, target element in out
    long[] ordinal = {0};
    p.v().forEachRun((c, len) -> {
      long k = ordinal[0];
      ordinal[0] += len;
      long target = 0;
      for (int d = 0; d < rank - 1; d++) {
        if (c[d] < r.start()[d] || c[d] >= r.end(d)) {
          return true;
        }
        target += (r.selectionStart()[d] + c[d] - r.start()[d]) * selStride[d];
      }
      long a = Math.max(c[rank - 1], r.start()[rank - 1]);
      long b = Math.min(c[rank - 1] + len, r.end(rank - 1));
      if (a < b) {
        want.add(k + a - c[rank - 1], b - a,
            target + r.selectionStart()[rank - 1] + a - r.start()[rank - 1]);
      }
      return true;
    });
    if (want.size() == 0) {
      return;
    }
    int sRank = p.s().rank();
    LongRows pieces = new LongRows(sRank + 2); // source coords, length, target
    long[] sOrd = {0};
    int[] w = {0};
    long[] wOff = {0}; // elements of the current wanted interval already placed
    p.s().forEachRun((c, len) -> {
      long k0 = sOrd[0];
      sOrd[0] += len;
      while (w[0] < want.size()) {
        long from = want.get(w[0], 0) + wOff[0];
        long left = want.get(w[0], 1) - wOff[0];
        if (from >= k0 + len) {
          return true; // the wanted ordinal lies in a later source run
        }
        long take = Math.min(left, k0 + len - from);
        long[] row = new long[sRank + 2];
        System.arraycopy(c, 0, row, 0, sRank);
        row[sRank - 1] += from - k0;
        row[sRank] = take;
        row[sRank + 1] = want.get(w[0], 2) + wOff[0];
        pieces.add(row);
        wOff[0] += take;
        if (wOff[0] == want.get(w[0], 1)) {
          w[0]++;
          wOff[0] = 0;
        }
      }
      return false;
    });
    if (w[0] < want.size()) {
      // cannot happen: the two selections were checked to hold as many elements
      throw new IllegalStateException("the source selection ends before the virtual one");
    }
    readPieces(p.source(), pieces, sRank, out);
  }

  /** Reads pieces (source coords, length, target) in one box when that wastes little. */
  private void readPieces(Source src, LongRows pieces, int rank, ElementTarget out)
      throws IOException {
    long[] lo = new long[rank];
    long[] hi = new long[rank];
    Arrays.fill(lo, Long.MAX_VALUE);
    long needed = 0;
    for (int i = 0; i < pieces.size(); i++) {
      for (int d = 0; d < rank; d++) {
        long c = pieces.get(i, d);
        lo[d] = Math.min(lo[d], c);
        hi[d] = Math.max(hi[d], c + (d == rank - 1 ? pieces.get(i, rank) : 1));
      }
      needed += pieces.get(i, rank);
    }
    long[] shape = new long[rank];
    for (int d = 0; d < rank; d++) {
      shape[d] = hi[d] - lo[d];
    }
    long volume = count(shape);
    if (volume <= 4 * needed + 65536 && volume * size < Integer.MAX_VALUE - 8) {
      byte[] box = src.read(Hyperslab.box(lo, shape));
      for (int i = 0; i < pieces.size(); i++) {
        long at = 0;
        for (int d = 0; d < rank; d++) {
          at = at * shape[d] + pieces.get(i, d) - lo[d];
        }
        out.put(box, (int) (at * size), pieces.get(i, rank + 1), (int) pieces.get(i, rank));
      }
      return;
    }
    for (int i = 0; i < pieces.size(); i++) {
      long[] start = new long[rank];
      long[] one = new long[rank];
      for (int d = 0; d < rank; d++) {
        start[d] = pieces.get(i, d);
        one[d] = d == rank - 1 ? pieces.get(i, rank) : 1;
      }
      byte[] b = src.read(Hyperslab.box(start, one));
      out.put(b, 0, pieces.get(i, rank + 1), (int) pieces.get(i, rank));
    }
  }

  /** Rows of {@code width} longs in one growing array. */
  private static final class LongRows {
    private final int width;
    private long[] a = new long[64];
    private int n;

    LongRows(int width) {
      this.width = width;
    }

    void add(long... row) {
      if ((n + 1) * width > a.length) {
        a = Arrays.copyOf(a, Math.max(a.length * 2, (n + 1) * width));
      }
      System.arraycopy(row, 0, a, n * width, width);
      n++;
    }

    long get(int row, int col) {
      return a[row * width + col];
    }

    int size() {
      return n;
    }
  }

  private static long count(long[] shape) {
    long n = 1;
    for (long d : shape) {
      n = Math.multiplyExact(n, d);
    }
    return n;
  }

}
