package io.h5j.format.btree;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Inserts or replaces records of an existing version 2 B-tree the way libhdf5's
 * {@code H5B2_update} does, so that libhdf5 goes on editing the tree as if it had built it: a
 * record comparing equal to one in the tree replaces it where it lies (leaf or internal
 * node); a new record goes into its leaf directly if that leaf has room, else the insertion
 * restarts from the highest node that cannot absorb a split and, descending, splits or
 * redistributes every full child before entering it (two siblings at the ends, three in the
 * middle, with libhdf5's counts; at most two redistributions, then a split that keeps the
 * lower half and promotes the middle record); a full root splits under a new root one level
 * deeper. "Full" is libhdf5's split count: the most records a node of that depth holds times
 * the header's split percent.
 *
 * <p>Only the nodes on the paths taken are read. Since a node's record count lives in its
 * parent (or the header), a node whose records are added, removed or whose child pointers
 * change cannot be rewritten in place safely: it is written to new space, and so is every
 * node up to the root; the header, rewritten in place, is the one write that switches from
 * the old tree to the new one. A node whose records only change in content (a chunk moved)
 * is rewritten in place, whole, unless the allocator keeps it as part of a durable state
 * (atomic flushes): then it moves too, and so does the header, whose new address the caller
 * puts in the layout message. {@link #finish} returns the writes; the old space of moved
 * nodes may be freed once the header is written.
 */
public final class BTreeV2Editor {
  /** One node's bytes and where they go. */
  public record Write(long address, byte[] bytes) {}

  /** Everything an edit writes, in the order it must reach the file. */
  public record Edit(List<Write> fresh, List<Write> inPlace, Write header, List<Extent> freed,
      long bytes) {}

  private enum Status { MODIFIED, INSERTED, CHILD_FULL }

  /** A pointer to a child (or the root), with its node once read. */
  static final class Ptr {
    long address;
    int nrec;
    long total;
    Node node;

    Ptr(long address, int nrec, long total) {
      this.address = address;
      this.nrec = nrec;
      this.total = total;
    }

    Ptr(Node node) {
      this(FileParams.UNDEFINED, 0, 0);
      this.node = node;
    }
  }

  /** A node held in memory while the edit runs. */
  static final class Node {
    final int depth;
    final long oldAddress;
    final List<byte[]> records;
    final List<Ptr> children;
    /** Record count or child pointers changed: the node moves to new space. */
    boolean moved;
    /** Only record content changed: the node is rewritten where it is. */
    boolean patched;

    Node(int depth, long oldAddress, List<byte[]> records, List<Ptr> children) {
      this.depth = depth;
      this.oldAddress = oldAddress;
      this.records = records;
      this.children = children;
      this.moved = !FileParams.isDefined(oldAddress);
    }
  }

  private final FileAccess fa;
  private final SpaceAllocator alloc;
  private final BTreeV2 tree;
  private final BTreeV2Params params;
  private final Comparator<byte[]> order;
  private BTreeV2Layout layout;
  /** The root's depth; {@link BTreeV2Removal} lowers it when the root collapses. */
  int depth;
  /** The root, null while the tree is empty. */
  Ptr root;
  boolean headerChanged;
  /** Old space of nodes that left the tree (merged away), freed with the moved nodes'. */
  private final List<Extent> dropped = new ArrayList<>();
  private BTreeV2Removal removal;

  /**
   * @param order the tree's record order; records comparing equal are the same entry
   * @throws H5FormatException if the header's parameters are not ones libhdf5 edits
   */
  public BTreeV2Editor(FileAccess fa, SpaceAllocator alloc, BTreeV2 tree,
      Comparator<byte[]> order) throws H5FormatException {
    this.fa = fa;
    this.alloc = alloc;
    this.tree = tree;
    this.order = order;
    try {
      this.params = new BTreeV2Params(tree.type(), tree.recordSize(), tree.nodeSize(),
          tree.splitPercent(), tree.mergePercent());
    } catch (IllegalArgumentException e) {
      throw new H5FormatException(BTreeV2.HEADER, tree.address(), e.getMessage());
    }
    this.layout = tree.layout();
    this.depth = tree.depth();
    for (int d = 0; d <= depth; d++) {
      if (splitAt(d) < 2) {
        throw new H5FormatException(BTreeV2.HEADER, tree.address(), "split percent "
            + params.splitPercent() + " leaves nodes at depth " + d + " no room to split");
      }
    }
    this.root = FileParams.isDefined(tree.rootAddress())
        ? new Ptr(tree.rootAddress(), tree.rootRecords(), tree.recordCount()) : null;
  }

  /**
   * Adds the record, or replaces the record comparing equal to it.
   *
   * @param record exactly the tree's record size
   */
  public void upsert(byte[] record) throws IOException {
    if (record.length != params.recordSize()) {
      throw new IllegalArgumentException("record of " + record.length + " bytes, the tree's"
          + " records have " + params.recordSize());
    }
    if (root == null) {
      root = new Ptr(new Node(0, FileParams.UNDEFINED, new ArrayList<>(), null));
      headerChanged = true;
    }
    Status s = update(root, depth, record);
    if (s == Status.CHILD_FULL) {
      insert(record);
    }
    if (s != Status.MODIFIED) {
      headerChanged = true;
    }
  }

  private int splitAt(int d) {
    return (int) (layout.maxRecords(d) * params.splitPercent() / 100);
  }

  /** libhdf5's merge count: a child holding this many records is merged or refilled first. */
  int mergeAt(int d) {
    return (int) (layout.maxRecords(d) * params.mergePercent() / 100);
  }

  /** Most records a node at depth {@code d} holds. */
  long maxRecords(int d) {
    return layout.maxRecords(d);
  }

  /**
   * Whether {@link #remove} may be used on this tree: libhdf5's merges keep nodes within
   * their size only when the merge percent is at most 40 (libhdf5 uses 40 for every index
   * it creates) and every level has a merge count of at least one record (else leaves could
   * empty).
   */
  public static boolean canRemove(BTreeV2 tree) {
    if (tree.mergePercent() > 40) {
      return false;
    }
    for (int d = 0; d <= tree.depth(); d++) {
      if (tree.layout().maxRecords(d) * tree.mergePercent() / 100 < 1) {
        return false;
      }
    }
    return true;
  }

  /**
   * Removes the record comparing equal to {@code key} as libhdf5's {@code H5B2_remove} does
   * (see {@link BTreeV2Removal}).
   *
   * @param key exactly the tree's record size; only the fields the order compares matter
   * @throws H5FormatException if the tree holds no such record (nothing is changed then)
   * @throws IllegalStateException if {@link #canRemove} is false for this tree
   */
  public void remove(byte[] key) throws IOException {
    if (key.length != params.recordSize()) {
      throw new IllegalArgumentException("key of " + key.length + " bytes, the tree's"
          + " records have " + params.recordSize());
    }
    if (!canRemove(tree)) {
      throw new IllegalStateException("merge percent " + params.mergePercent()
          + ": records are not removed from this tree in place");
    }
    if (removal == null) {
      removal = new BTreeV2Removal(this);
    }
    removal.remove(key);
    headerChanged = true;
  }

  /** A node that left the tree: its old space is freed after the edit. */
  void drop(Node node) {
    if (FileParams.isDefined(node.oldAddress)) {
      dropped.add(new Extent(node.oldAddress, params.nodeSize()));
    }
  }

  /** The tree header, for errors. */
  BTreeV2 tree() {
    return tree;
  }

  private Status update(Ptr at, int d, byte[] record) throws IOException {
    Node node = load(at, d);
    int i = search(node, record);
    if (i >= 0) {
      if (!Arrays.equals(node.records.get(i), record)) {
        node.records.set(i, record);
        node.patched = true;
      }
      return Status.MODIFIED;
    }
    int pos = -i - 1;
    if (d == 0) {
      if (node.records.size() >= splitAt(0)) {
        return Status.CHILD_FULL;
      }
      node.records.add(pos, record);
      node.moved = true;
      return Status.INSERTED;
    }
    Status s = update(node.children.get(pos), d - 1, record);
    if (s == Status.INSERTED) {
      node.moved = true;
    } else if (s == Status.CHILD_FULL) {
      if (node.records.size() >= splitAt(d) && couldSplit(node, pos, d)) {
        return Status.CHILD_FULL; // this node could not take a split below: try higher
      }
      insertBelow(at, d, record);
      return Status.INSERTED;
    }
    return s;
  }

  /** libhdf5's test of whether the child and a neighbour are so full that one may split. */
  private boolean couldSplit(Node node, int pos, int d) {
    int near = 2 * splitAt(d - 1) - 1;
    int n = node.records.size();
    if (pos > 0 && nrec(node.children.get(pos - 1)) + nrec(node.children.get(pos)) >= near) {
      return true;
    }
    return pos < n && nrec(node.children.get(pos)) + nrec(node.children.get(pos + 1)) >= near;
  }

  /** libhdf5's insertion from the root, which splits a full root first. */
  private void insert(byte[] record) throws IOException {
    if (nrec(root) >= splitAt(depth)) {
      splitRoot();
    }
    insertBelow(root, depth, record);
  }

  private void splitRoot() throws IOException {
    BTreeV2Layout deeper = BTreeV2Layout.compute(params.nodeSize(), params.recordSize(),
        depth + 1, fa.params());
    if (deeper == null || depth + 1 > BTreeV2.MAX_DEPTH
        || deeper.maxRecords(depth + 1) * params.splitPercent() / 100 < 2) {
      throw new H5FormatException(BTreeV2.HEADER, tree.address(), "the tree cannot grow"
          + " past depth " + depth);
    }
    layout = deeper;
    depth++;
    List<Ptr> children = new ArrayList<>();
    children.add(root);
    Node top = new Node(depth, FileParams.UNDEFINED, new ArrayList<>(), children);
    root = new Ptr(top);
    split(top, 0);
  }

  /** Inserts into the subtree at {@code at}, splitting or redistributing full children first. */
  private void insertBelow(Ptr at, int d, byte[] record) throws IOException {
    Node node = load(at, d);
    int pos = insertionPoint(node, record);
    node.moved = true;
    if (d == 0) {
      node.records.add(pos, record);
      return;
    }
    int full = splitAt(d - 1);
    // libhdf5 tests "== full"; ">=" also copes with nodes another writer filled further
    for (int retries = 2; nrec(node.children.get(pos)) >= full; retries--) {
      int n = node.records.size();
      if (pos == 0) {
        if (retries > 0 && nrec(node.children.get(1)) < full) {
          spread(node, 0, 2);
        } else {
          split(node, pos);
        }
      } else if (pos == n) {
        if (retries > 0 && nrec(node.children.get(pos - 1)) < full) {
          spread(node, pos - 1, 2);
        } else {
          split(node, pos);
        }
      } else if (retries > 0 && (nrec(node.children.get(pos + 1)) < full
          || nrec(node.children.get(pos - 1)) < full)) {
        spread(node, pos - 1, 3);
      } else {
        split(node, pos);
      }
      pos = insertionPoint(node, record);
    }
    insertBelow(node.children.get(pos), d - 1, record);
  }

  /** Splits child {@code idx}: its lower half stays, the middle record moves up, the rest goes right. */
  private void split(Node parent, int idx) throws IOException {
    Node left = load(parent.children.get(idx), parent.depth - 1);
    int n = left.records.size();
    int mid = n / 2;
    List<byte[]> upper = new ArrayList<>(left.records.subList(mid + 1, n));
    byte[] middle = left.records.get(mid);
    left.records.subList(mid, n).clear();
    List<Ptr> upperChildren = null;
    if (left.children != null) {
      upperChildren = new ArrayList<>(left.children.subList(mid + 1, n + 1));
      left.children.subList(mid + 1, n + 1).clear();
    }
    Node right = new Node(left.depth, FileParams.UNDEFINED, upper, upperChildren);
    left.moved = true;
    parent.records.add(idx, middle);
    parent.children.add(idx + 1, new Ptr(right));
    parent.moved = true;
  }

  /**
   * Redistributes the records of {@code count} (2 or 3) adjacent children from {@code first},
   * with the parent's records between them, as libhdf5 does: two children end with half
   * each (the one giving records keeps the lower half of the sum), three with a third in the
   * middle and the rest split between left and right (the left one rounded down).
   */
  void spread(Node parent, int first, int count) throws IOException {
    Node[] nodes = new Node[count];
    List<byte[]> all = new ArrayList<>();
    List<Ptr> ptrs = new ArrayList<>();
    int sum = 0;
    for (int k = 0; k < count; k++) {
      nodes[k] = load(parent.children.get(first + k), parent.depth - 1);
      sum += nodes[k].records.size();
      all.addAll(nodes[k].records);
      if (k + 1 < count) {
        all.add(parent.records.get(first + k));
      }
      if (nodes[k].children != null) {
        ptrs.addAll(nodes[k].children);
      }
    }
    int[] sizes = new int[count];
    if (count == 2) {
      int l = nodes[0].records.size();
      int r = nodes[1].records.size();
      if (l < r) {
        sizes[1] = sum / 2;
        sizes[0] = sum - sizes[1];
      } else {
        sizes[0] = sum / 2;
        sizes[1] = sum - sizes[0];
      }
    } else {
      sizes[1] = sum / 3;
      sizes[0] = (sum - sizes[1]) / 2;
      sizes[2] = sum - sizes[0] - sizes[1];
    }
    int at = 0;
    int ptrAt = 0;
    for (int k = 0; k < count; k++) {
      Node x = nodes[k];
      x.records.clear();
      x.records.addAll(all.subList(at, at + sizes[k]));
      at += sizes[k];
      if (k + 1 < count) {
        parent.records.set(first + k, all.get(at++));
      }
      if (x.children != null) {
        x.children.clear();
        x.children.addAll(ptrs.subList(ptrAt, ptrAt + sizes[k] + 1));
        ptrAt += sizes[k] + 1;
      }
      x.moved = true;
    }
    parent.moved = true;
  }

  int nrec(Ptr p) {
    return p.node != null ? p.node.records.size() : p.nrec;
  }

  /** Index of the record equal to {@code record}, or {@code -(insertion point) - 1}. */
  int search(Node node, byte[] record) {
    int lo = 0;
    int hi = node.records.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = order.compare(record, node.records.get(mid));
      if (c == 0) {
        return mid;
      } else if (c < 0) {
        hi = mid - 1;
      } else {
        lo = mid + 1;
      }
    }
    return -lo - 1;
  }

  private int insertionPoint(Node node, byte[] record) throws H5FormatException {
    int i = search(node, record);
    if (i >= 0) { // the descent before did not find it here: the records are out of order
      throw new H5FormatException(node.depth == 0 ? BTreeV2.LEAF : BTreeV2.INTERNAL,
          node.oldAddress, "records are out of order");
    }
    return -i - 1;
  }

  Node load(Ptr p, int d) throws IOException {
    if (p.node == null) {
      BTreeV2.NodeContent c = tree.content(p.address, d, p.nrec, p.total);
      List<Ptr> children = null;
      if (d > 0) {
        children = new ArrayList<>(c.childAddress().length + 1);
        for (int i = 0; i < c.childAddress().length; i++) {
          children.add(new Ptr(c.childAddress()[i], c.childRecords()[i], c.childTotal()[i]));
        }
      }
      p.node = new Node(d, p.address, c.records(), children);
    }
    return p.node;
  }

  /**
   * Allocates new space for every node that moves, children before parents, and returns the
   * writes: nodes in new space, nodes patched in place, then the header.
   */
  public Edit finish() {
    List<Write> fresh = new ArrayList<>();
    List<Write> inPlace = new ArrayList<>();
    List<Extent> freed = new ArrayList<>(dropped);
    if (root != null && root.node != null) {
      place(root, depth, fresh, inPlace, freed);
    }
    Write header = null;
    long bytes = 0;
    if (headerChanged || (root != null && root.address != tree.rootAddress())) {
      byte[] h = root == null
          ? BTreeV2Writer.header(fa.params(), params, 0, FileParams.UNDEFINED, 0, 0)
          : BTreeV2Writer.header(fa.params(), params, depth, root.address, root.nrec,
              root.total);
      long at = tree.address();
      if (!alloc.isFresh(at, h.length)) { // a durable state of atomic flushes keeps its own
        freed.add(new Extent(at, h.length));
        at = alloc.allocate(h.length);
      }
      header = new Write(at, h);
      bytes += header.bytes().length;
    }
    for (Write w : fresh) {
      bytes += w.bytes().length;
    }
    for (Write w : inPlace) {
      bytes += w.bytes().length;
    }
    return new Edit(fresh, inPlace, header, freed, bytes);
  }

  private void place(Ptr p, int d, List<Write> fresh, List<Write> inPlace, List<Extent> freed) {
    Node node = p.node;
    long total = node.records.size();
    int n = node.children == null ? 0 : node.children.size();
    long[] addr = new long[n];
    int[] counts = new int[n];
    long[] totals = new long[n];
    for (int i = 0; i < n; i++) {
      Ptr c = node.children.get(i);
      if (c.node != null) {
        long was = c.address;
        place(c, d - 1, fresh, inPlace, freed);
        node.moved |= c.address != was; // the pointer to it changes
      }
      addr[i] = c.address;
      counts[i] = c.nrec;
      totals[i] = c.total;
      total += c.total;
    }
    p.nrec = node.records.size();
    p.total = total;
    if (!node.moved && !node.patched) {
      return;
    }
    // a node of a durable state (atomic flushes) is never patched where it is: it moves, and
    // with it the path to the root
    node.moved |= !alloc.isFresh(node.oldAddress, params.nodeSize());
    byte[] bytes = d == 0 ? BTreeV2Writer.leaf(fa.params(), params, node.records)
        : BTreeV2Writer.internal(fa.params(), params, layout, d, node.records, addr, counts,
            totals);
    if (node.moved) {
      if (FileParams.isDefined(node.oldAddress)) {
        freed.add(new Extent(node.oldAddress, params.nodeSize()));
      }
      p.address = alloc.allocate(params.nodeSize());
      fresh.add(new Write(p.address, bytes));
    } else {
      inPlace.add(new Write(p.address, bytes));
    }
  }
}
