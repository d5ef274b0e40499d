package io.h5j.format.btree;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a version 2 B-tree ("BTHD" header, "BTIN" internal and "BTLF" leaf nodes): iterates
 * its records in order or finds one along a single root-to-leaf path. Every node's
 * signature, type and checksum are verified and every count is checked against the maxima
 * of {@link BTreeV2Layout}, so a corrupt tree ends in {@link H5FormatException}.
 *
 * <pre>{@code
 * BTreeV2 names = BTreeV2.open(fa, address);
 * names.forEach(r -> System.out.println(LinkNameRecord.decode(r)));
 * }</pre>
 */
public final class BTreeV2 {
  static final String HEADER = "v2 B-tree header";
  static final String INTERNAL = "v2 B-tree internal node";
  static final String LEAF = "v2 B-tree leaf node";
  /** Deepest tree accepted; 64-bit record counts run out long before this. */
  public static final int MAX_DEPTH = 32;

  private final FileAccess fa;
  private final long address;
  private final int type;
  private final int splitPercent;
  private final int mergePercent;
  private final long rootAddress;
  private final int rootRecords;
  private final long totalRecords;
  private final BTreeV2Layout layout;

  private BTreeV2(FileAccess fa, long address, int type, int splitPercent, int mergePercent,
      long rootAddress, int rootRecords, long totalRecords, BTreeV2Layout layout) {
    this.fa = fa;
    this.address = address;
    this.type = type;
    this.splitPercent = splitPercent;
    this.mergePercent = mergePercent;
    this.rootAddress = rootAddress;
    this.rootRecords = rootRecords;
    this.totalRecords = totalRecords;
    this.layout = layout;
  }

  /** Size in bytes of a header for the given file parameters. */
  public static int headerSize(FileParams p) {
    return 4 + 1 + 1 + 4 + 2 + 2 + 1 + 1 + p.offsetSize() + 2 + p.lengthSize() + 4;
  }

  /** Decodes and checks the header at {@code address}. */
  public static BTreeV2 open(FileAccess fa, long address) throws IOException {
    FileParams p = fa.params();
    ByteReader r = fa.reader(address, headerSize(p), HEADER);
    r.signature("BTHD");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    int type = r.u8();
    long nodeSize = r.u32();
    int recordSize = r.u16();
    int depth = r.u16();
    int split = r.u8();
    int merge = r.u8();
    long root = r.offset();
    int rootRecords = r.u16();
    long total = r.length();
    r.checksum(0);
    if (nodeSize < 64 || nodeSize > (1 << 24)) {
      throw new H5FormatException(HEADER, address, "node size " + nodeSize + " is implausible");
    }
    if (depth > MAX_DEPTH) {
      throw new H5FormatException(HEADER, address, "depth " + depth + " exceeds " + MAX_DEPTH);
    }
    BTreeV2Layout layout = BTreeV2Layout.compute((int) nodeSize, recordSize, depth, p);
    if (layout == null) {
      throw new H5FormatException(HEADER, address, "node size " + nodeSize + ", record size "
          + recordSize + " and depth " + depth + " admit no valid tree");
    }
    if (FileParams.isDefined(root)) {
      if (rootRecords > layout.maxRecords(depth) || total < rootRecords
          || Long.compareUnsigned(total, layout.maxTotalRecords(depth)) > 0
          || (rootRecords == 0 && depth > 0)) {
        throw new H5FormatException(HEADER, address, "root holds " + rootRecords
            + " records of " + Long.toUnsignedString(total) + " in a tree of depth " + depth);
      }
    } else if (total != 0 || rootRecords != 0) {
      throw new H5FormatException(HEADER, address, "no root node but " + total + " records");
    }
    return new BTreeV2(fa, address, type, split, merge, root, rootRecords, total, layout);
  }

  /** The tree's type (5 link names, 6 link creation order, 8/9 attributes, 1-4 huge objects...). */
  public int type() {
    return type;
  }

  public long address() {
    return address;
  }

  public int nodeSize() {
    return layout.nodeSize();
  }

  public int recordSize() {
    return layout.recordSize();
  }

  public int depth() {
    return layout.depth();
  }

  public int splitPercent() {
    return splitPercent;
  }

  public int mergePercent() {
    return mergePercent;
  }

  /** Total number of records, from the header. */
  public long recordCount() {
    return totalRecords;
  }

  public long rootAddress() {
    return rootAddress;
  }

  /** The size arithmetic of this tree. */
  public BTreeV2Layout layout() {
    return layout;
  }

  /** Visits every record in index order. */
  public void forEach(RecordVisitor visitor) throws IOException {
    if (!FileParams.isDefined(rootAddress)) {
      return;
    }
    Set<Long> visited = new HashSet<>();
    long seen = walk(rootAddress, layout.depth(), rootRecords, totalRecords, visitor, visited);
    if (seen != totalRecords) {
      throw new H5FormatException(HEADER, address, "header counts " + totalRecords
          + " records but the nodes hold " + seen);
    }
  }

  private long walk(long nodeAddress, int depth, int nrec, long total, RecordVisitor visitor,
      Set<Long> visited) throws IOException {
    Node node = readNode(nodeAddress, depth, nrec, total, visited);
    if (depth == 0) {
      for (int i = 0; i < nrec; i++) {
        visitor.visit(node.record(i));
      }
      return nrec;
    }
    long sum = 0;
    for (int i = 0; i <= nrec; i++) {
      sum += walk(node.childAddress[i], depth - 1, node.childRecords[i], node.childTotal[i],
          visitor, visited);
      if (i < nrec) {
        visitor.visit(node.record(i));
        sum++;
      }
    }
    return sum;
  }

  /**
   * The file space this tree occupies: its header and every node, each a full node size as
   * libhdf5 and {@link BTreeV2Writer} allocate them, sorted by address. Internal nodes are read
   * and verified to find their children; leaves are only range-checked, not read. A node
   * reached twice, ranges that overlap or leave the file end in {@link H5FormatException}.
   */
  public List<Extent> extents() throws IOException {
    List<Extent> out = new ArrayList<>();
    out.add(new Extent(address, headerSize(fa.params())));
    if (FileParams.isDefined(rootAddress)) {
      Set<Long> visited = new HashSet<>();
      Deque<long[]> todo = new ArrayDeque<>(); // {address, depth, records, total}
      todo.push(new long[] {rootAddress, layout.depth(), rootRecords, totalRecords});
      long fileSize = fa.size();
      while (!todo.isEmpty()) {
        long[] n = todo.pop();
        long at = n[0];
        int depth = (int) n[1];
        if (depth == 0) {
          String what = LEAF;
          if (!FileParams.isDefined(at) || !visited.add(at)) {
            throw new H5FormatException(what, at, "leaf address is undefined or reached twice");
          }
        } else {
          Node node = readNode(at, depth, (int) n[2], n[3], visited);
          for (int i = node.childAddress.length - 1; i >= 0; i--) {
            todo.push(new long[] {node.childAddress[i], depth - 1, node.childRecords[i],
                node.childTotal[i]});
          }
        }
        if (at < 0 || at > fileSize || layout.nodeSize() > fileSize - at) {
          throw new H5FormatException(depth == 0 ? LEAF : INTERNAL, at, "node of "
              + layout.nodeSize() + " bytes is outside the file of " + fileSize + " bytes");
        }
        out.add(new Extent(at, layout.nodeSize()));
        if ((double) (out.size() - 1) * layout.nodeSize() > fileSize) { // nodes, not the header
          throw new H5FormatException(HEADER, address, "more nodes than fit in the file");
        }
      }
    }
    return Extent.sortedDisjoint(out, HEADER, address);
  }

  /**
   * Finds one record by descending a single path from the root.
   *
   * @return a copy of the record's bytes, or empty if no record compares equal
   */
  public Optional<byte[]> find(RecordComparator key) throws IOException {
    if (!FileParams.isDefined(rootAddress)) {
      return Optional.empty();
    }
    Set<Long> visited = new HashSet<>();
    long at = rootAddress;
    int nrec = rootRecords;
    long total = totalRecords;
    for (int depth = layout.depth(); ; depth--) {
      Node node = foundNode(at, depth, nrec, total, visited);
      int lo = 0;
      int hi = nrec - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int c = key.compareTo(node.record(mid));
        if (c == 0) {
          return Optional.of(node.record(mid).bytes(layout.recordSize()));
        } else if (c < 0) {
          hi = mid - 1;
        } else {
          lo = mid + 1;
        }
      }
      if (depth == 0) {
        return Optional.empty();
      }
      at = node.childAddress[lo];
      nrec = node.childRecords[lo];
      total = node.childTotal[lo];
    }
  }

  /** A node's records and, for internal nodes, its child pointers, as {@link BTreeV2Editor} edits them. */
  record NodeContent(List<byte[]> records, long[] childAddress, int[] childRecords,
      long[] childTotal) {}

  /**
   * Reads and verifies one node that its parent (or the header) describes as holding
   * {@code nrec} records, {@code total} in its subtree.
   */
  NodeContent content(long at, int depth, int nrec, long total) throws IOException {
    Node node = readNode(at, depth, nrec, total, new HashSet<>());
    List<byte[]> records = new ArrayList<>(nrec + 1);
    for (int i = 0; i < nrec; i++) {
      records.add(node.record(i).bytes(layout.recordSize()));
    }
    return new NodeContent(records, node.childAddress, node.childRecords, node.childTotal);
  }

  /** Records in the root node, from the header. */
  int rootRecords() {
    return rootRecords;
  }

  /**
   * Most nodes {@link #find} keeps verified per tree of a read-only file: lookups of many
   * chunks (a virtual dataset's read maps thousands) then read and checksum each node once,
   * not once per lookup. Nodes of a tree never change in place (edits write new nodes and a
   * new header, hence a new instance), but a writable file's freed nodes may be reused, so
   * only read-only files keep them.
   */
  private static final int MAX_KEPT_NODES = 64;
  private final Map<Long, Node> kept = new HashMap<>();

  /** {@link #readNode}, through the nodes kept for a read-only file. */
  private Node foundNode(long at, int depth, int nrec, long total, Set<Long> visited)
      throws IOException {
    if (fa.writable()) {
      return readNode(at, depth, nrec, total, visited);
    }
    Node n;
    synchronized (kept) {
      n = kept.get(at);
    }
    if (n != null && n.depth == depth && n.nrec == nrec && n.total == total) {
      if (!visited.add(at)) {
        throw new H5FormatException(depth == 0 ? LEAF : INTERNAL, at,
            "node reached twice: the tree has a cycle");
      }
      return n;
    }
    n = readNode(at, depth, nrec, total, visited);
    synchronized (kept) {
      if (kept.size() < MAX_KEPT_NODES) {
        kept.put(at, n);
      }
    }
    return n;
  }

  /** One decoded node: its verified bytes plus, for internal nodes, the child pointers. */
  private final class Node {
    final ByteReader body;
    final long[] childAddress;
    final int[] childRecords;
    final long[] childTotal;
    /** Where the parent placed it: a kept node is used only where these still agree. */
    final int depth;
    final int nrec;
    final long total;

    Node(ByteReader body, long[] childAddress, int[] childRecords, long[] childTotal,
        int depth, int nrec, long total) {
      this.body = body;
      this.childAddress = childAddress;
      this.childRecords = childRecords;
      this.childTotal = childTotal;
      this.depth = depth;
      this.nrec = nrec;
      this.total = total;
    }

    /**
     * Record {@code i}, a reader of its own (kept nodes are shared between threads), named as
     * its node: its errors give the record's own offset, and a name built per record would
     * cost lookups more than the comparisons do.
     */
    ByteReader record(int i) throws H5FormatException {
      synchronized (body) {
        body.position(6 + i * layout.recordSize());
        return body.slice(layout.recordSize(), body.structure());
      }
    }
  }

  private Node readNode(long at, int depth, int nrec, long total, Set<Long> visited)
      throws IOException {
    String what = depth == 0 ? LEAF : INTERNAL;
    if (!visited.add(at)) {
      throw new H5FormatException(what, at, "node reached twice: the tree has a cycle");
    }
    if (!FileParams.isDefined(at)) {
      throw new H5FormatException(what, at, "child address is undefined");
    }
    if (nrec > layout.maxRecords(depth)) {
      throw new H5FormatException(what, at, nrec + " records exceed the maximum of "
          + layout.maxRecords(depth) + " at depth " + depth);
    }
    ByteReader r = fa.reader(at, layout.usedBytes(depth, nrec), what);
    r.signature(depth == 0 ? "BTLF" : "BTIN");
    int version = r.u8();
    if (version != 0) {
      throw r.versionError(version, 0, "version " + version + " is not 0");
    }
    int nodeType = r.u8();
    if (nodeType != type) {
      throw r.error("node type " + nodeType + " differs from the header's type " + type);
    }
    r.skip((long) nrec * layout.recordSize());
    if (depth == 0) {
      r.checksum(0);
      if (total != nrec) {
        throw new H5FormatException(what, at, "parent counts " + total + " records, leaf has "
            + nrec);
      }
      return new Node(r, null, null, null, depth, nrec, total);
    }
    long[] addr = new long[nrec + 1];
    int[] counts = new int[nrec + 1];
    long[] totals = new long[nrec + 1];
    long sum = nrec;
    for (int i = 0; i <= nrec; i++) {
      addr[i] = r.offset();
      long c = r.uN(layout.childCountSize());
      long t = depth == 1 ? c : r.uN(layout.childTotalSize(depth));
      if (c > layout.maxRecords(depth - 1) || Long.compareUnsigned(t, layout.maxTotalRecords(depth - 1)) > 0
          || t < c || c == 0) {
        throw new H5FormatException(what, at, "child " + i + " claims " + c + " records and "
            + Long.toUnsignedString(t) + " in total, impossible at depth " + (depth - 1));
      }
      counts[i] = (int) c;
      totals[i] = t;
      sum += t; // each t is at most a layout maximum, which fits a long; 500 of them may not
      if (sum < 0) {
        throw new H5FormatException(what, at, "children's record totals overflow");
      }
    }
    r.checksum(0);
    if (sum != total) {
      throw new H5FormatException(what, at, "parent counts " + total
          + " records below this node, its children hold " + sum);
    }
    return new Node(r, addr, counts, totals, depth, nrec, total);
  }
}
