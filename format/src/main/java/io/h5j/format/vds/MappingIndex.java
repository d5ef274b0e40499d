package io.h5j.format.vds;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A packed R-tree over the virtual bounding boxes of a block's mappings: found in about
 * k log n for a query that meets k of n mappings. Built once, bottom up (sort-tile-recursive:
 * boxes sorted by centre along dimension 0, then by dimension 1 in slices, ...), with every
 * node's box in flat primitive arrays: no object per mapping.
 */
public final class MappingIndex {
  private static final int FANOUT = 16;

  private final int rank;
  /** Per level, bottom (0, the mappings) up: node boxes, rank values each. */
  private final long[][] lo;
  private final long[][] hi;
  /** The mapping of each leaf entry, in tree order. */
  private final int[] order;

  private MappingIndex(int rank, long[][] lo, long[][] hi, int[] order) {
    this.rank = rank;
    this.lo = lo;
    this.hi = hi;
    this.order = order;
  }

  /**
   * Indexes {@code n} boxes: box {@code i} spans {@code [lower[i*rank+d], upper[i*rank+d])}.
   * Empty boxes ({@code upper <= lower} in some dimension) are left out.
   */
  public static MappingIndex build(int rank, int n, long[] lower, long[] upper) {
    int[] ids = new int[n];
    int m = 0;
    for (int i = 0; i < n; i++) {
      boolean empty = false;
      for (int d = 0; d < rank; d++) {
        empty |= upper[i * rank + d] <= lower[i * rank + d];
      }
      if (!empty) {
        ids[m++] = i;
      }
    }
    int[] order = Arrays.copyOf(ids, m);
    tile(order, 0, m, 0, rank, lower, upper, new long[m]);
    long[] lo0 = new long[m * rank];
    long[] hi0 = new long[m * rank];
    for (int i = 0; i < m; i++) {
      System.arraycopy(lower, order[i] * rank, lo0, i * rank, rank);
      System.arraycopy(upper, order[i] * rank, hi0, i * rank, rank);
    }
    java.util.List<long[]> los = new java.util.ArrayList<>();
    java.util.List<long[]> his = new java.util.ArrayList<>();
    los.add(lo0);
    his.add(hi0);
    int count = m;
    while (count > 1) {
      int parents = (count + FANOUT - 1) / FANOUT;
      long[] plo = new long[parents * rank];
      long[] phi = new long[parents * rank];
      long[] clo = los.get(los.size() - 1);
      long[] chi = his.get(his.size() - 1);
      for (int p = 0; p < parents; p++) {
        Arrays.fill(plo, p * rank, (p + 1) * rank, Long.MAX_VALUE);
        Arrays.fill(phi, p * rank, (p + 1) * rank, Long.MIN_VALUE);
        for (int c = p * FANOUT; c < Math.min(count, (p + 1) * FANOUT); c++) {
          for (int d = 0; d < rank; d++) {
            plo[p * rank + d] = Math.min(plo[p * rank + d], clo[c * rank + d]);
            phi[p * rank + d] = Math.max(phi[p * rank + d], chi[c * rank + d]);
          }
        }
      }
      los.add(plo);
      his.add(phi);
      count = parents;
    }
    return new MappingIndex(rank, los.toArray(new long[0][]), his.toArray(new long[0][]),
        order);
  }

  /**
   * Sort-tile-recursive ordering of ids[from, to) starting at dimension d. Ids are sorted by
   * the centre of their box along d, packed with the id into one long (the centre scaled to
   * 31 bits: the order only shapes the tree, never what a query finds).
   */
  private static void tile(int[] ids, int from, int to, int d, int rank, long[] lower,
      long[] upper, long[] scratch) {
    int n = to - from;
    if (n <= FANOUT || d >= rank) {
      return;
    }
    long max = 0;
    for (int i = from; i < to; i++) {
      max = Math.max(max, centre(ids[i], d, rank, lower, upper));
    }
    int shift = Math.max(0, 64 - Long.numberOfLeadingZeros(max) - 31);
    for (int i = from; i < to; i++) {
      scratch[i] = (centre(ids[i], d, rank, lower, upper) >>> shift) << 32 | ids[i];
    }
    Arrays.sort(scratch, from, to);
    for (int i = from; i < to; i++) {
      ids[i] = (int) scratch[i];
    }
    if (d == rank - 1) {
      return;
    }
    int leaves = (n + FANOUT - 1) / FANOUT;
    int slices = (int) Math.ceil(Math.pow(leaves, 1.0 / (rank - d)));
    int per = ((leaves + slices - 1) / slices) * FANOUT;
    for (int s = from; s < to; s += per) {
      tile(ids, s, Math.min(to, s + per), d + 1, rank, lower, upper, scratch);
    }
  }

  private static long centre(int id, int d, int rank, long[] lower, long[] upper) {
    return lower[id * rank + d] / 2 + upper[id * rank + d] / 2;
  }

  /** Number of boxes indexed. */
  public int size() {
    return order.length;
  }

  /** Calls {@code out} with every mapping whose box meets {@code [qlo, qhi)}. */
  public void query(long[] qlo, long[] qhi, IntConsumer out) {
    if (order.length == 0) {
      return;
    }
    visit(lo.length - 1, 0, qlo, qhi, out);
  }

  private void visit(int level, int node, long[] qlo, long[] qhi, IntConsumer out) {
    if (!meets(lo[level], hi[level], node, qlo, qhi)) {
      return;
    }
    if (level == 0) {
      out.accept(order[node]);
      return;
    }
    int children = lo[level - 1].length / rank;
    for (int c = node * FANOUT; c < Math.min(children, (node + 1) * FANOUT); c++) {
      visit(level - 1, c, qlo, qhi, out);
    }
  }

  private boolean meets(long[] l, long[] h, int node, long[] qlo, long[] qhi) {
    for (int d = 0; d < rank; d++) {
      if (h[node * rank + d] <= qlo[d] || l[node * rank + d] >= qhi[d]) {
        return false;
      }
    }
    return true;
  }
}
