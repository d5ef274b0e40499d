package io.h5j.format.chunk;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV1;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.format.io.Extent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Inserts chunk records into an existing version 1 B-tree chunk index (node type 1) the way
 * libhdf5 does, so that libhdf5 keeps editing the tree afterwards as if it had built it: the
 * same key comparison (with its special case for one-dimensional datasets), the same
 * placement of a record left or right of its neighbours, the same right key for a record
 * past the end (its offset plus one chunk, the element-size dimension included), and full
 * nodes split before the insertion with libhdf5's default ratios (a right-most or lone node
 * keeps 90% of its children, a left-most one 10%, others half). A root that splits moves to
 * new space and a new root takes its address, so the layout message never changes. A record
 * whose chunk is already indexed replaces the entry in place (address, size, filter mask).
 *
 * <p>Only the nodes touched are read and rewritten: an insertion costs one root-to-leaf path
 * plus the nodes its splits create. Crash safety: a node that splits is not truncated in
 * place but written, like its new sibling, to new space; the parent's rewrite then swaps the
 * old node for the two halves in one write (a splitting root is moved and rewritten at its
 * address, as libhdf5 does, which is the same swap). The writes are ordered by {@link
 * IndexWrites}: new nodes first, then existing nodes from the root down. After any prefix of
 * them every chunk indexed before is found exactly once through the parents' keys, a chunk
 * being added is found or not, and a sibling link may still name the old place of a moved
 * node (intact, as its space is freed only after the update): libhdf5 uses sibling links only
 * to relink nodes when it splits or removes them, never to find chunks.
 */
final class BTreeV1ChunkUpdater {
  private static final String WHAT = "v1 B-tree node";
  private static final int MAX_DEPTH = 64;

  /** A key: the chunk's stored size and filter mask, and rank + 1 offsets (element units). */
  private record Key(long size, int mask, long[] at) {}

  /** A node held in memory while the update runs. */
  private static final class Node {
    long address;
    int level;
    int n;
    long left;
    long right;
    Key[] keys;
    long[] children;
    /** An existing node that lost children to a split: it is rewritten to new space. */
    boolean truncated;
  }

  /** What an insertion into a subtree tells its parent. */
  private static final class Up {
    boolean ltChanged;
    boolean rtChanged;
    Key md;
    Node split;
  }

  /** How a node takes the record or the new child below it (libhdf5's H5B_ins_t). */
  private enum Op { NOOP, CHANGE, LEFT, RIGHT }

  /** One key position of a node (or of the holder above the root). */
  private record Slot(Key[] keys, int index) {
    void set(Key k) {
      keys[index] = k;
    }
  }

  private final FileAccess fa;
  private final SpaceAllocator alloc;
  private final ChunkGeometry g;
  private final long root;
  private final int twoK;
  private final int keySize;
  private final int nodeSize;
  private final int rank;
  private final long[] chunk;
  private final Map<Long, Node> nodes = new HashMap<>();
  private final Set<Long> fresh = new LinkedHashSet<>();
  private final Set<Long> dirty = new LinkedHashSet<>();
  private boolean removing;
  private boolean inserting;

  BTreeV1ChunkUpdater(FileAccess fa, SpaceAllocator alloc, ChunkGeometry g, long root, int k)
      throws H5FormatException {
    if (k < 1 || k > 0x7fff) {
      throw new H5FormatException("superblock", 0, "indexed storage K " + k + " is not 1..32767");
    }
    this.fa = fa;
    this.alloc = alloc;
    this.g = g;
    this.root = root;
    this.twoK = 2 * k;
    this.rank = g.rank();
    this.keySize = BTreeV1ChunkIndex.keySize(rank);
    this.nodeSize = (int) BTreeV1.nodeSize(fa.params(), k, keySize);
    this.chunk = g.chunkDims();
  }

  /** Adds the chunk, or replaces the entry of the chunk at the same offset. */
  void insert(ChunkRecord c) throws IOException {
    if (c.storedSize() > 0xffffffffL) {
      throw new IllegalArgumentException(c + ": v1 B-tree keys hold sizes below 4 GiB");
    }
    if (removing) {
      throw new IllegalStateException("one update either inserts or removes");
    }
    inserting = true;
    long[] at = Arrays.copyOf(c.offsetRef(), rank + 1);
    Key u = new Key(c.storedSize(), c.filterMask(), at);
    Node top = load(root, -1);
    Key[] holder = new Key[2];
    Up up = insert(top, new Slot(holder, 0), new Slot(holder, 1), u, c.address(), 0);
    if (up.split != null) {
      splitRoot(top, up);
    }
  }

  /**
   * Removes the entry of the indexed chunk at {@code offset} as libhdf5's B-tree removal
   * does for chunk trees (whose left key is the critical one): the entry and its left key
   * leave the leaf, underfull nodes stay as they are, a node left without children leaves its
   * parent and its siblings' links (its space goes to {@code freeAfter}), and an emptied root
   * becomes an empty leaf. A left key that changes is copied up into the parent and into the
   * right-most key of the left sibling. An updater either inserts or removes.
   *
   * <p>Crash safety: removals are written leaves first, the root last (insertions go root
   * first). After any prefix a parent's keys still span everything its children hold, so
   * every chunk is found once, a removed one found or not, and libhdf5 inserting a chunk
   * where one was removed finds the child that held it (a child's first key may lie past the
   * parent's key for it: a gap, which libhdf5's insertion closes).
   *
   * @throws H5FormatException if the tree does not hold a chunk at {@code offset}
   */
  void remove(long[] offset, List<Extent> freeAfter) throws IOException {
    if (inserting) {
      throw new IllegalStateException("one update either inserts or removes");
    }
    removing = true;
    Key u = new Key(0, 0, Arrays.copyOf(offset, rank + 1));
    Key[] holder = new Key[2];
    remove(load(root, -1), new Slot(holder, 0), u, 0, new boolean[1], freeAfter);
  }

  /**
   * Removes {@code u} from the subtree at {@code bt}; {@code ltChanged[0]} tells the caller
   * that {@code lt} (its key left of this subtree) was set. Returns whether {@code bt} itself
   * was removed.
   */
  private boolean remove(Node bt, Slot lt, Key u, int depth, boolean[] ltChanged,
      List<Extent> freeAfter) throws IOException {
    int idx = probe(bt, u, depth);
    int cmp = bt.n == 0 ? 1 : cmp3(bt.keys[idx], u, bt.keys[idx + 1]);
    if (cmp != 0 || bt.level == 0 && !sameOffset(bt.keys[idx], u)) {
      throw new H5FormatException(WHAT, bt.address, "holds no chunk at "
          + Arrays.toString(Arrays.copyOf(u.at(), rank)) + " to remove");
    }
    boolean childGone = true; // a leaf's entry always goes
    if (bt.level > 0) {
      childGone = remove(load(bt.children[idx], bt.level - 1), new Slot(bt.keys, idx), u,
          depth + 1, ltChanged, freeAfter);
    }
    if (ltChanged[0]) {
      dirty.add(bt.address);
      if (idx > 0) {
        ltChanged[0] = false;
      } else {
        lt.set(bt.keys[idx]);
      }
    }
    boolean gone = false;
    if (childGone) {
      if (bt.n == 1 && depth > 0) {
        unlink(bt, freeAfter);
        gone = true;
      } else if (bt.n == 1) { // the root keeps its address, as an empty leaf (zero key)
        bt.n = 0;
        bt.level = 0;
        bt.keys[0] = new Key(0, 0, new long[rank + 1]);
      } else if (idx == 0) { // the next child's left key becomes the node's
        System.arraycopy(bt.keys, 1, bt.keys, 0, bt.n);
        System.arraycopy(bt.children, 1, bt.children, 0, bt.n - 1);
        bt.n--;
        lt.set(bt.keys[0]);
        ltChanged[0] = true;
      } else if (idx + 1 == bt.n) { // the right key moves onto the removed left key
        bt.keys[bt.n - 1] = bt.keys[bt.n];
        bt.n--;
      } else {
        System.arraycopy(bt.keys, idx + 1, bt.keys, idx, bt.n - idx);
        System.arraycopy(bt.children, idx + 1, bt.children, idx, bt.n - 1 - idx);
        bt.n--;
      }
      if (!gone) {
        bt.keys[bt.n + 1] = null;
        dirty.add(bt.address);
      }
    }
    if (!gone && ltChanged[0] && FileParams.isDefined(bt.left)) {
      Node l = load(bt.left, bt.level);
      l.keys[l.n] = bt.keys[0];
      dirty.add(l.address);
    }
    return gone;
  }

  /** Takes a non-root node out of its sibling chain; its space is freed after the update. */
  private void unlink(Node bt, List<Extent> freeAfter) throws IOException {
    if (FileParams.isDefined(bt.left)) {
      Node l = load(bt.left, bt.level);
      l.keys[l.n] = bt.keys[1];
      l.right = bt.right;
      dirty.add(l.address);
    }
    if (FileParams.isDefined(bt.right)) {
      Node r = load(bt.right, bt.level);
      r.left = bt.left;
      dirty.add(r.address);
    }
    nodes.remove(bt.address);
    dirty.remove(bt.address);
    if (!fresh.remove(bt.address)) {
      freeAfter.add(new Extent(bt.address, nodeSize));
    } else {
      alloc.free(bt.address, nodeSize); // made by this update, never written
    }
  }

  /**
   * The writes of every node changed so far: new ones, then existing ones root first. An
   * existing node that split is first moved to new space (its parent and siblings pointed at
   * the copy), so that its truncation and its parent's new child appear in one write, the
   * parent's; its old space is added to {@code freeAfter}, to be freed once the writes are
   * done.
   */
  IndexWrites writes(List<Extent> freeAfter) throws IOException {
    Map<Long, Node> parents = new HashMap<>();
    for (Node p : nodes.values()) {
      for (int i = 0; p.level > 0 && i < p.n; i++) {
        parents.put(p.children[i], p);
      }
    }
    for (Node x : new ArrayList<>(nodes.values())) {
      if (x.truncated) {
        relocate(x, parents, freeAfter);
      }
    }
    IndexWrites w = new IndexWrites();
    for (long a : dirty) {
      Node node = nodes.get(a);
      if (fresh.contains(a)) {
        w.fresh(a, encode(node));
      } else {
        w.inPlace(a, encode(node), removing ? node.level : -node.level);
      }
    }
    return w;
  }

  private void relocate(Node x, Map<Long, Node> parents, List<Extent> freeAfter)
      throws IOException {
    long old = x.address;
    long now = alloc.allocate(nodeSize);
    Node parent = parents.remove(old);
    int at = -1;
    for (int i = 0; parent != null && i < parent.n && at < 0; i++) {
      at = parent.children[i] == old ? i : -1;
    }
    if (at < 0) {
      throw new IllegalStateException("split node " + old + " has no parent in memory");
    }
    parents.put(now, parent);
    parent.children[at] = now;
    dirty.add(parent.address);
    if (FileParams.isDefined(x.left)) {
      Node l = load(x.left, x.level);
      l.right = now;
      dirty.add(l.address);
    }
    if (FileParams.isDefined(x.right)) {
      Node r = load(x.right, x.level);
      r.left = now;
      dirty.add(r.address);
    }
    nodes.remove(old);
    dirty.remove(old);
    x.address = now;
    x.truncated = false;
    nodes.put(now, x);
    fresh.add(now);
    dirty.add(now);
    freeAfter.add(new Extent(old, nodeSize));
  }

  private Up insert(Node bt, Slot lt, Slot rt, Key u, long address, int depth)
      throws IOException {
    int idx = probe(bt, u, depth);
    int cmp = bt.n == 0 ? -1 : cmp3(bt.keys[idx], u, bt.keys[idx + 1]);
    Up up = new Up();
    Op op = Op.NOOP;
    long child = FileParams.UNDEFINED;
    if (bt.n == 0) {
      if (bt.level != 0) {
        throw new H5FormatException(WHAT, bt.address, "internal node has no children");
      }
      bt.keys[0] = u;
      bt.keys[1] = rightKey(u);
      bt.children[0] = address;
      bt.n = 1;
      dirty.add(bt.address);
      idx = 0;
    } else if (cmp < 0 && idx == 0) {
      if (bt.level > 0) {
        up = descend(bt, 0, u, address, depth);
      } else { // a new left-most chunk: its key becomes this node's first
        op = Op.LEFT;
        up.md = bt.keys[0];
        bt.keys[0] = u;
        child = address;
        up.ltChanged = true;
      }
    } else if (cmp > 0 && idx + 1 >= bt.n) {
      idx = bt.n - 1;
      if (bt.level > 0) {
        up = descend(bt, idx, u, address, depth);
      } else { // a new right-most chunk: a new right key past it
        op = Op.RIGHT;
        up.md = u;
        bt.keys[bt.n] = rightKey(u);
        child = address;
        up.rtChanged = true;
      }
    } else if (cmp != 0) {
      throw new H5FormatException(WHAT, bt.address, "keys are out of order around child " + idx);
    } else if (bt.level > 0) {
      up = descend(bt, idx, u, address, depth);
    } else if (sameOffset(bt.keys[idx], u) && bt.keys[idx].size() > 0) {
      if (bt.children[idx] != address || bt.keys[idx].size() != u.size()
          || bt.keys[idx].mask() != u.mask()) {
        op = Op.CHANGE;
        up.ltChanged = bt.keys[idx].size() != u.size() || bt.keys[idx].mask() != u.mask();
        bt.keys[idx] = u;
        child = address;
      }
    } else {
      op = Op.RIGHT;
      up.md = u;
      child = address;
    }
    if (up.split != null) { // the child split: its new right sibling goes in after it
      op = Op.RIGHT;
      child = up.split.address;
      up.split = null;
    }
    if (up.ltChanged) {
      dirty.add(bt.address);
      if (idx > 0) {
        up.ltChanged = false;
      } else {
        lt.set(bt.keys[idx]);
      }
    }
    if (up.rtChanged) {
      dirty.add(bt.address);
      if (idx + 1 < bt.n) {
        up.rtChanged = false;
      } else {
        rt.set(bt.keys[idx + 1]);
      }
    }
    if (op == Op.CHANGE) {
      bt.children[idx] = child;
      dirty.add(bt.address);
    } else if (op == Op.LEFT || op == Op.RIGHT) {
      Node target = bt;
      Node split = null;
      if (bt.n == twoK) {
        split = split(bt, idx);
        if (idx >= bt.n) {
          idx -= bt.n;
          target = split;
        }
      }
      insertChild(target, idx, child, op, up.md);
      if (split != null) {
        up.split = split;
        up.md = split.keys[0];
      }
    }
    return up;
  }

  private Up descend(Node bt, int idx, Key u, long address, int depth) throws IOException {
    Node child = load(bt.children[idx], bt.level - 1);
    return insert(child, new Slot(bt.keys, idx), new Slot(bt.keys, idx + 1), u, address,
        depth + 1);
  }

  /** Puts {@code child} left or right of child {@code idx}, with {@code md} between them. */
  private void insertChild(Node bt, int idx, long child, Op anchor, Key md) {
    System.arraycopy(bt.keys, idx + 1, bt.keys, idx + 2, bt.n - idx);
    bt.keys[idx + 1] = md;
    int at = anchor == Op.RIGHT ? idx + 1 : idx;
    System.arraycopy(bt.children, at, bt.children, at + 1, bt.n - at);
    bt.children[at] = child;
    bt.n++;
    dirty.add(bt.address);
  }

  /** Splits a full node, keeping the child at {@code idx} where libhdf5 keeps it. */
  private Node split(Node bt, int idx) throws IOException {
    int nleft;
    if (!FileParams.isDefined(bt.right)) {
      nleft = (int) (twoK * 0.9);
    } else if (!FileParams.isDefined(bt.left)) {
      nleft = (int) (twoK * 0.1);
    } else {
      nleft = (int) (twoK * 0.5);
    }
    if (idx < nleft && nleft == twoK) {
      nleft--;
    } else if (idx >= nleft && nleft == 0) {
      nleft++;
    }
    int nright = twoK - nleft;
    Node s = newNode(bt.level);
    System.arraycopy(bt.keys, nleft, s.keys, 0, nright + 1);
    System.arraycopy(bt.children, nleft, s.children, 0, nright);
    Arrays.fill(bt.keys, nleft + 1, bt.keys.length, null);
    Arrays.fill(bt.children, nleft, bt.children.length, 0);
    s.n = nright;
    bt.n = nleft;
    s.left = bt.address;
    s.right = bt.right;
    if (FileParams.isDefined(bt.right)) {
      Node r = load(bt.right, bt.level);
      r.left = s.address;
      dirty.add(r.address);
    }
    bt.right = s.address;
    dirty.add(bt.address);
    bt.truncated = !fresh.contains(bt.address);
    return s;
  }

  /** The old root's content moves to new space; a root one level up takes its address. */
  private void splitRoot(Node top, Up up) {
    Node moved = newNode(top.level);
    moved.n = top.n;
    moved.keys = top.keys.clone();
    moved.children = top.children.clone();
    moved.left = FileParams.UNDEFINED;
    moved.right = top.right;
    up.split.left = moved.address;
    top.truncated = false; // its content lives on in the moved copy
    top.level++;
    top.n = 2;
    top.left = FileParams.UNDEFINED;
    top.right = FileParams.UNDEFINED;
    top.keys = new Key[twoK + 1];
    top.children = new long[twoK];
    top.keys[0] = moved.keys[0];
    top.keys[1] = up.md;
    top.keys[2] = up.split.keys[up.split.n];
    top.children[0] = moved.address;
    top.children[1] = up.split.address;
    dirty.add(top.address);
  }

  /**
   * The binary search libhdf5's insertion and removal share: the last slot of {@code bt}
   * probed for {@code u} (the one whose key range holds it, if any; 0 in an empty node),
   * after refusing a tree deeper than {@link #MAX_DEPTH}.
   */
  private int probe(Node bt, Key u, int depth) throws H5FormatException {
    if (depth > MAX_DEPTH) {
      throw new H5FormatException(WHAT, bt.address, "tree is deeper than " + MAX_DEPTH
          + " levels");
    }
    int lo = 0;
    int hi = bt.n;
    int idx = 0;
    int cmp = -1;
    while (lo < hi && cmp != 0) {
      idx = (lo + hi) >>> 1;
      cmp = cmp3(bt.keys[idx], u, bt.keys[idx + 1]);
      if (cmp < 0) {
        hi = idx;
      } else {
        lo = idx + 1;
      }
    }
    return idx;
  }

  /**
   * libhdf5's comparison of a chunk with the keys around a child: positive at or past the
   * right key, negative before the left key, else zero. With one dimension only the offset
   * decides the left side.
   */
  private int cmp3(Key lt, Key u, Key rt) {
    if (rank == 1) {
      long u0 = u.at()[0];
      if (Long.compareUnsigned(u0, rt.at()[0]) > 0
          || (u0 == rt.at()[0] && Long.compareUnsigned(u.at()[1], rt.at()[1]) >= 0)) {
        return 1;
      }
      return Long.compareUnsigned(u0, lt.at()[0]) < 0 ? -1 : 0;
    }
    if (compare(u.at(), rt.at()) >= 0) {
      return 1;
    }
    return compare(u.at(), lt.at()) < 0 ? -1 : 0;
  }

  private static int compare(long[] a, long[] b) {
    for (int i = 0; i < a.length; i++) {
      int c = Long.compareUnsigned(a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private boolean sameOffset(Key a, Key b) {
    return Arrays.equals(a.at(), 0, rank, b.at(), 0, rank);
  }

  /** The key libhdf5 puts right of a new last chunk: one chunk further in every dimension. */
  private Key rightKey(Key u) {
    long[] at = new long[rank + 1];
    for (int i = 0; i < rank; i++) {
      at[i] = u.at()[i] + chunk[i];
    }
    at[rank] = g.elementSize();
    return new Key(0, 0, at);
  }

  private Node newNode(int level) {
    Node node = new Node();
    node.address = alloc.allocate(nodeSize);
    node.level = level;
    node.left = FileParams.UNDEFINED;
    node.right = FileParams.UNDEFINED;
    node.keys = new Key[twoK + 1];
    node.children = new long[twoK];
    nodes.put(node.address, node);
    fresh.add(node.address);
    dirty.add(node.address);
    return node;
  }

  /** The node at {@code address}, read once; {@code level} < 0 accepts any level. */
  private Node load(long address, int level) throws IOException {
    Node node = nodes.get(address);
    if (node != null) {
      if (level >= 0 && node.level != level) {
        throw new H5FormatException(WHAT, address, "level " + node.level + " where "
            + level + " was expected: the tree has a cycle");
      }
      return node;
    }
    int o = fa.params().offsetSize();
    ByteReader r = fa.reader(address, 8 + 2L * o, WHAT);
    r.signature("TREE");
    int type = r.u8();
    if (type != BTreeV1.CHUNK_NODE) {
      throw r.error("node type " + type + " where a chunk node (1) was expected");
    }
    node = new Node();
    node.address = address;
    node.level = r.u8();
    node.n = r.u16();
    node.left = r.offset();
    node.right = r.offset();
    if (level >= 0 && node.level != level) {
      throw r.error("level " + node.level + " where the parent implies " + level);
    }
    if (node.n > twoK) {
      throw r.error(node.n + " entries exceed 2K = " + twoK);
    }
    ByteReader body = fa.reader(address + 8 + 2L * o,
        (long) node.n * (keySize + o) + keySize, WHAT);
    node.keys = new Key[twoK + 1];
    node.children = new long[twoK];
    for (int i = 0; i <= node.n; i++) {
      long size = body.u32();
      int mask = body.i32();
      long[] at = new long[rank + 1];
      for (int d = 0; d <= rank; d++) {
        at[d] = body.u64();
      }
      node.keys[i] = new Key(size, mask, at);
      if (i < node.n) {
        node.children[i] = body.offset();
      }
    }
    nodes.put(address, node);
    return node;
  }

  private byte[] encode(Node node) {
    ByteWriter w = new ByteWriter(fa.params(), nodeSize);
    w.ascii("TREE").u8(BTreeV1.CHUNK_NODE).u8(node.level).u16(node.n).offset(node.left)
        .offset(node.right);
    for (int i = 0; i <= node.n; i++) {
      Key k = node.keys[i];
      w.u32(k.size()).u32(k.mask() & 0xffffffffL);
      for (long a : k.at()) {
        w.u64(a);
      }
      if (i < node.n) {
        w.offset(node.children[i]);
      }
    }
    w.zeros(nodeSize - w.position());
    return w.toByteArray();
  }
}
