package io.h5j.format.select;

import io.h5j.format.select.EncodedSelection.All;
import io.h5j.format.select.EncodedSelection.Irregular;
import io.h5j.format.select.EncodedSelection.None;
import io.h5j.format.select.EncodedSelection.Points;
import io.h5j.format.select.EncodedSelection.Regular;
import java.util.Arrays;

/**
 * A stored selection applied to a dataspace of known dimensions, as libhdf5 iterates it when it
 * pairs the elements of a virtual mapping: hyperslabs in increasing C order of coordinates,
 * points in the order stored. Either a product of one {@link DimSpan} per dimension
 * ({@link Spans}: "all", regular hyperslabs, single blocks, unlimited ones once clipped) or a
 * list of runs along the last dimension ({@link Runs}: irregular hyperslabs, points).
 */
public sealed interface ResolvedSelection
    permits ResolvedSelection.Spans, ResolvedSelection.Runs {

  /** Receives the selection as runs of consecutive elements along the last dimension. */
  interface RunVisitor {
    /**
     * {@code length} elements from {@code coords} on (coords is reused: copy to keep it).
     *
     * @return false to stop
     */
    boolean run(long[] coords, long length);
  }

  int rank();

  /** Elements selected. */
  long size();

  /** Inclusive lower corner of the bounding box (meaningless when empty). */
  long[] lower();

  /** Exclusive upper corner of the bounding box. */
  long[] upper();

  /** Visits the runs in iteration order. */
  void forEachRun(RunVisitor v);

  /**
   * {@code s} in a space of dimensions {@code dims}. Unlimited counts and blocks are cut at
   * {@code dims} (callers clip them to the extent libhdf5 computes first where that matters).
   *
   * @throws IllegalArgumentException when the selection's rank is not that of {@code dims},
   *     it reaches beyond them, or it is a block list of more rows than a long counts or than
   *     h5j expands ({@link Runs#MAX_RUNS})
   */
  static ResolvedSelection of(EncodedSelection s, long[] dims) {
    int rank = dims.length;
    if (s instanceof None) {
      DimSpan[] d = new DimSpan[Math.max(rank, 1)];
      Arrays.fill(d, DimSpan.range(0, 0));
      return new Spans(d);
    }
    if (s instanceof All) {
      DimSpan[] d = new DimSpan[rank];
      for (int i = 0; i < rank; i++) {
        d[i] = DimSpan.range(0, dims[i]);
      }
      return new Spans(d);
    }
    if (s.rank() != rank) {
      throw new IllegalArgumentException("selection of rank " + s.rank()
          + " in a space of rank " + rank);
    }
    long[] hi = upperOf(s);
    for (int d = 0; d < rank; d++) {
      if (hi != null && hi[d] > dims[d]) {
        throw new IllegalArgumentException("selection reaches " + hi[d] + " in dimension " + d
            + ", beyond the extent " + Arrays.toString(dims));
      }
    }
    if (s instanceof Regular g) {
      return new Spans(spans(g, dims));
    }
    if (s instanceof Irregular r && r.blockCount() == 1) {
      DimSpan[] d = new DimSpan[rank];
      for (int i = 0; i < rank; i++) {
        d[i] = DimSpan.range(r.start(0, i), r.end(0, i) - r.start(0, i) + 1);
      }
      return new Spans(d);
    }
    if (s instanceof Irregular r) {
      return Runs.ofBlocks(r);
    }
    return Runs.ofPoints((Points) s);
  }

  /**
   * The exclusive upper corner of the bounding box of a hyperslab or point selection, without
   * expanding it; unlimited dimensions give 0; null for an empty selection, "all" and "none".
   */
  static long[] upperOf(EncodedSelection s) {
    if (s instanceof Regular g) {
      Hyperslab h = g.slab();
      long[] hi = new long[h.rank()];
      for (int d = 0; d < hi.length; d++) {
        if (h.count()[d] == 0) {
          return null;
        }
        boolean unlimited = h.count()[d] == EncodedSelection.UNLIMITED
            || h.block()[d] == EncodedSelection.UNLIMITED;
        hi[d] = unlimited ? 0 : h.end(d);
      }
      return hi;
    }
    if (s instanceof Irregular r) {
      long[] hi = new long[r.rank()];
      for (int b = 0; b < r.blockCount(); b++) {
        for (int d = 0; d < hi.length; d++) {
          hi[d] = Math.max(hi[d], r.end(b, d) + 1);
        }
      }
      return r.blockCount() == 0 ? null : hi;
    }
    if (s instanceof Points p) {
      long[] hi = new long[p.rank()];
      for (int i = 0; i < p.count(); i++) {
        for (int d = 0; d < hi.length; d++) {
          hi[d] = Math.max(hi[d], p.coord(i, d) + 1);
        }
      }
      return p.count() == 0 ? null : hi;
    }
    return null;
  }

  /** The spans of a regular hyperslab; an unlimited count or block is cut at {@code dims}. */
  static DimSpan[] spans(Regular g, long[] dims) {
    Hyperslab h = g.slab();
    DimSpan[] d = new DimSpan[h.rank()];
    for (int i = 0; i < d.length; i++) {
      boolean unlimited = h.count()[i] == EncodedSelection.UNLIMITED
          || h.block()[i] == EncodedSelection.UNLIMITED;
      d[i] = new DimSpan(h.start()[i], h.stride()[i], h.count()[i], h.block()[i],
          unlimited ? dims[i] : Long.MAX_VALUE);
    }
    return d;
  }

  /** The dimension in which a regular selection is unlimited, or -1. */
  static int unlimitedDim(EncodedSelection s) {
    if (s instanceof Regular g) {
      for (int i = 0; i < g.rank(); i++) {
        if (g.slab().count()[i] == EncodedSelection.UNLIMITED
            || g.slab().block()[i] == EncodedSelection.UNLIMITED) {
          return i;
        }
      }
    }
    return -1;
  }

  /** A product of spans: element order is C order of the ranks per dimension. */
  record Spans(DimSpan[] dims) implements ResolvedSelection {
    public Spans {
      dims = dims.clone();
    }

    @Override
    public DimSpan[] dims() {
      return dims.clone();
    }

    public DimSpan dim(int d) {
      return dims[d];
    }

    @Override
    public int rank() {
      return dims.length;
    }

    /** Selected coordinates per dimension. */
    public long[] shape() {
      long[] s = new long[dims.length];
      for (int d = 0; d < s.length; d++) {
        s[d] = dims[d].size();
      }
      return s;
    }

    @Override
    public long size() {
      long n = 1;
      for (DimSpan d : dims) {
        n = Math.multiplyExact(n, d.size());
      }
      return n;
    }

    @Override
    public long[] lower() {
      long[] lo = new long[dims.length];
      for (int d = 0; d < lo.length; d++) {
        lo[d] = dims[d].start();
      }
      return lo;
    }

    @Override
    public long[] upper() {
      long[] hi = new long[dims.length];
      for (int d = 0; d < hi.length; d++) {
        hi[d] = dims[d].end();
      }
      return hi;
    }

    @Override
    public void forEachRun(RunVisitor v) {
      int rank = dims.length;
      long[] shape = shape();
      for (long n : shape) {
        if (n == 0) {
          return;
        }
      }
      DimSpan last = dims[rank - 1];
      long[] ranks = new long[rank];
      long[] coords = new long[rank];
      while (true) {
        for (int d = 0; d < rank - 1; d++) {
          coords[d] = dims[d].coord(ranks[d]);
        }
        for (long r = 0; r < shape[rank - 1]; ) {
          long inBlock = r % last.block();
          long len = Math.min(last.block() - inBlock, shape[rank - 1] - r);
          coords[rank - 1] = last.coord(r);
          if (!v.run(coords, len)) {
            return;
          }
          r += len;
        }
        int d = rank - 2;
        while (d >= 0 && ++ranks[d] == shape[d]) {
          ranks[d] = 0;
          d--;
        }
        if (d < 0) {
          return;
        }
      }
    }
  }

  /**
   * Runs along the last dimension in iteration order: {@code starts} holds {@code rank}
   * coordinates per run, {@code lengths} one length per run.
   */
  record Runs(int rank, long[] starts, long[] lengths, long size, long[] lower, long[] upper)
      implements ResolvedSelection {
    /** Most runs an irregular selection may expand to before h5j refuses it. */
    public static final long MAX_RUNS = 1L << 24;

    /** The points in stored order, each a run of one. */
    static Runs ofPoints(Points p) {
      int rank = p.rank();
      long[] starts = new long[p.count() * rank];
      long[] lengths = new long[p.count()];
      for (int i = 0; i < p.count(); i++) {
        for (int d = 0; d < rank; d++) {
          starts[i * rank + d] = p.coord(i, d);
        }
        lengths[i] = 1;
      }
      return build(rank, starts, lengths);
    }

    /** The union of the blocks, in C order of coordinates, overlaps counted once. */
    static Runs ofBlocks(Irregular r) {
      int rank = r.rank();
      long total = 0;
      for (int b = 0; b < r.blockCount(); b++) {
        long rows = 1;
        for (int d = 0; d < rank - 1 && rows <= MAX_RUNS; d++) {
          long len = r.end(b, d) - r.start(b, d) + 1;
          rows = len > MAX_RUNS ? MAX_RUNS + 1 : rows * len; // at most 2^48: no overflow
        }
        total += rows;
        if (total > MAX_RUNS) { // also stops before a sum of rows overflows
          throw new IllegalArgumentException("an irregular hyperslab of more than "
              + MAX_RUNS + " rows; h5j does not expand selections that large");
        }
      }
      long[][] rows = new long[(int) total][];
      int n = 0;
      for (int b = 0; b < r.blockCount(); b++) {
        long[] at = new long[rank];
        for (int d = 0; d < rank; d++) {
          at[d] = r.start(b, d);
        }
        while (true) {
          long[] row = Arrays.copyOf(at, rank + 1);
          row[rank] = r.end(b, rank - 1) + 1; // exclusive end of the run
          rows[n++] = row;
          int d = rank - 2;
          while (d >= 0 && ++at[d] > r.end(b, d)) {
            at[d] = r.start(b, d);
            d--;
          }
          if (d < 0) {
            break;
          }
        }
      }
      Arrays.sort(rows, Arrays::compare);
      long[] starts = new long[rows.length * rank];
      long[] lengths = new long[rows.length];
      int m = 0;
      for (long[] row : rows) {
        if (m > 0 && Arrays.equals(row, 0, rank - 1, starts, (m - 1) * rank,
            m * rank - 1)) {
          long prevEnd = starts[m * rank - 1] + lengths[m - 1];
          if (row[rank - 1] <= prevEnd) { // overlaps or touches the previous run: merge
            lengths[m - 1] = Math.max(prevEnd, row[rank]) - starts[m * rank - 1];
            continue;
          }
        }
        System.arraycopy(row, 0, starts, m * rank, rank);
        lengths[m] = row[rank] - row[rank - 1];
        m++;
      }
      return build(rank, Arrays.copyOf(starts, m * rank), Arrays.copyOf(lengths, m));
    }

    private static Runs build(int rank, long[] starts, long[] lengths) {
      long[] lo = new long[rank];
      long[] hi = new long[rank];
      Arrays.fill(lo, Long.MAX_VALUE);
      long size = 0;
      for (int i = 0; i < lengths.length; i++) {
        for (int d = 0; d < rank; d++) {
          long s = starts[i * rank + d];
          lo[d] = Math.min(lo[d], s);
          hi[d] = Math.max(hi[d], s + (d == rank - 1 ? lengths[i] : 1));
        }
        size += lengths[i];
      }
      if (lengths.length == 0) {
        Arrays.fill(lo, 0);
      }
      return new Runs(rank, starts, lengths, size, lo, hi);
    }

    @Override
    public long[] lower() {
      return lower.clone();
    }

    @Override
    public long[] upper() {
      return upper.clone();
    }

    @Override
    public void forEachRun(RunVisitor v) {
      long[] coords = new long[rank];
      for (int i = 0; i < lengths.length; i++) {
        System.arraycopy(starts, i * rank, coords, 0, rank);
        if (!v.run(coords, lengths[i])) {
          return;
        }
      }
    }
  }
}
