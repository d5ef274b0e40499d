package io.h5j.format.btree;

import io.h5j.format.io.FileParams;

/**
 * The size arithmetic of a version 2 B-tree, shared by the reader and the writer: how many
 * records fit in a leaf and in an internal node at each depth, how many records a subtree of
 * each depth can hold, and how wide the child-pointer count fields are.
 *
 * <p>The field widths follow what libhdf5 writes, which the spec only hints at: the
 * "number of records in child node" field is as wide as needed for the <em>leaf</em> maximum
 * at every level (leaves hold the most records), and the "total number of records" field of
 * a pointer to a child at depth {@code d} is as wide as needed for the maximum a subtree of
 * depth {@code d} can hold, which is {@code (max(d) + 1) * total(d - 1) + max(d)} (the
 * node's own records count too, not just the product the spec describes).
 */
public final class BTreeV2Layout {
  /** Signature, version, type and checksum: the bytes every node has besides its payload. */
  public static final int NODE_OVERHEAD = 4 + 1 + 1 + 4;

  private final int nodeSize;
  private final int recordSize;
  private final int offsetSize;
  private final int maxNrecSize;
  private final long[] maxNrec;
  private final long[] cumMaxNrec;
  private final int[] cumMaxNrecSize;

  private BTreeV2Layout(int nodeSize, int recordSize, int offsetSize, long[] maxNrec,
      long[] cumMaxNrec, int[] cumMaxNrecSize, int maxNrecSize) {
    this.nodeSize = nodeSize;
    this.recordSize = recordSize;
    this.offsetSize = offsetSize;
    this.maxNrec = maxNrec;
    this.cumMaxNrec = cumMaxNrec;
    this.cumMaxNrecSize = cumMaxNrecSize;
    this.maxNrecSize = maxNrecSize;
  }

  /**
   * Computes the layout of a tree of the given depth.
   *
   * @return the layout, or {@code null} when the parameters admit no valid tree of that depth
   *     (a node too small for one record, or record counts that overflow 64 bits)
   */
  public static BTreeV2Layout compute(int nodeSize, int recordSize, int depth, FileParams p) {
    if (nodeSize <= NODE_OVERHEAD || recordSize <= 0 || depth < 0 || depth > 64) {
      return null;
    }
    long[] max = new long[depth + 1];
    long[] cum = new long[depth + 1];
    int[] cumSize = new int[depth + 1];
    max[0] = (nodeSize - NODE_OVERHEAD) / recordSize;
    if (max[0] < 1) {
      return null;
    }
    cum[0] = max[0];
    cumSize[0] = 0;
    int nrecSize = encodedSize(max[0]);
    for (int u = 1; u <= depth; u++) {
      long pointer = (long) p.offsetSize() + nrecSize + cumSize[u - 1];
      long room = nodeSize - (NODE_OVERHEAD + pointer);
      max[u] = room <= 0 ? 0 : room / (recordSize + pointer);
      if (max[u] < 1) {
        return null;
      }
      try {
        cum[u] = Math.addExact(Math.multiplyExact(max[u] + 1, cum[u - 1]), max[u]);
      } catch (ArithmeticException overflow) {
        return null;
      }
      cumSize[u] = encodedSize(cum[u]);
    }
    return new BTreeV2Layout(nodeSize, recordSize, p.offsetSize(), max, cum, cumSize, nrecSize);
  }

  /** Bytes needed for an unsigned value: floor(log2(v)) / 8 + 1, as libhdf5 computes it. */
  public static int encodedSize(long v) {
    int log2 = v == 0 ? 0 : 63 - Long.numberOfLeadingZeros(v);
    return log2 / 8 + 1;
  }

  public int nodeSize() {
    return nodeSize;
  }

  public int recordSize() {
    return recordSize;
  }

  /** Deepest level this layout describes (the root's depth). */
  public int depth() {
    return maxNrec.length - 1;
  }

  /** Most records a node at depth {@code d} (0 = leaf) holds. */
  public long maxRecords(int d) {
    return maxNrec[d];
  }

  /** Most records a subtree rooted at depth {@code d} holds. */
  public long maxTotalRecords(int d) {
    return cumMaxNrec[d];
  }

  /** Width of every "number of records in child node" field. */
  public int childCountSize() {
    return maxNrecSize;
  }

  /**
   * Width of the "total number of records" field in pointers held by a node at depth
   * {@code d}; 0 for twig nodes ({@code d == 1}), whose children are leaves.
   */
  public int childTotalSize(int d) {
    return d <= 1 ? 0 : cumMaxNrecSize[d - 1];
  }

  /** Bytes of one child pointer triplet (or pair) in a node at depth {@code d}. */
  public int pointerSize(int d) {
    return offsetSize + maxNrecSize + childTotalSize(d);
  }

  /** Bytes actually used (before padding to the node size) by a node with {@code n} records. */
  public int usedBytes(int d, int n) {
    long used = (long) NODE_OVERHEAD + (long) n * recordSize + (d == 0 ? 0 : (long) (n + 1) * pointerSize(d));
    return (int) Math.min(used, Integer.MAX_VALUE);
  }
}
