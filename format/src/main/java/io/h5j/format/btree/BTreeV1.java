package io.h5j.format.btree;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks a version 1 B-tree ("TREE" nodes): type 0 indexes group symbol table nodes, type 1
 * indexes raw data chunks. Visits the leaf-level children in key order; refuses loops, level
 * inconsistencies and trees deeper than any file could need.
 */
public final class BTreeV1 {
  public static final int GROUP_NODE = 0;
  public static final int CHUNK_NODE = 1;
  private static final int MAX_DEPTH = 64;
  private static final String WHAT = "v1 B-tree node";

  private BTreeV1() {}

  /** Called for each child of a level-0 node with the keys on either side of it. */
  public interface LeafVisitor {
    void visit(ByteReader leftKey, long childAddress, ByteReader rightKey) throws IOException;
  }

  /**
   * @param keySize bytes per key: size of lengths for groups; 8 + 8 * (rank + 1) for chunks
   */
  public static void walk(FileAccess fa, long address, int nodeType, int keySize,
      LeafVisitor visitor) throws IOException {
    walk(fa, address, nodeType, keySize, -1, visitor, new HashSet<>(), 0);
  }

  /** Addresses of every node of the tree (for freeing it), children of level 0 excluded. */
  public static Set<Long> nodes(FileAccess fa, long address, int nodeType, int keySize)
      throws IOException {
    Set<Long> seen = new HashSet<>();
    walk(fa, address, nodeType, keySize, -1, (l, c, r) -> { }, seen, 0);
    return seen;
  }

  /**
   * The file space of every node of the tree (children of level 0 excluded), each of the
   * full size libhdf5 allocates for a tree of this K ({@link #nodeSize}), sorted by address.
   * Every node is read and checked: type, level, at most 2K entries, inside the file, no node
   * reached twice and no two overlapping.
   */
  public static List<Extent> extents(FileAccess fa, long address, int nodeType, int keySize,
      int k) throws IOException {
    long nodeSize = nodeSize(fa.params(), k, keySize);
    long fileSize = fa.size();
    int o = fa.params().offsetSize();
    List<Extent> out = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    Deque<long[]> todo = new ArrayDeque<>(); // {address, expected level, depth}
    todo.push(new long[] {address, -1, 0});
    while (!todo.isEmpty()) {
      long[] t = todo.pop();
      long at = t[0];
      if (t[2] > MAX_DEPTH) {
        throw new H5FormatException(WHAT, at, "tree is deeper than " + MAX_DEPTH + " levels");
      }
      if (!seen.add(at)) {
        throw new H5FormatException(WHAT, at, "node is reached twice: the tree has a cycle");
      }
      if (at < 0 || at > fileSize || nodeSize > fileSize - at) {
        throw new H5FormatException(WHAT, at, "node of " + nodeSize
            + " bytes is outside the file of " + fileSize + " bytes");
      }
      if ((double) (out.size() + 1) * nodeSize > fileSize) {
        throw new H5FormatException(WHAT, address, "more nodes than fit in the file");
      }
      Node node = readNode(fa, at, nodeType, keySize, (int) t[1]);
      if (node.entries() > 2 * k) {
        throw new H5FormatException(WHAT, at, node.entries() + " entries exceed 2K = " + 2 * k);
      }
      out.add(new Extent(at, nodeSize));
      if (node.level() > 0) {
        ByteReader r = node.body();
        for (int i = 0; i < node.entries(); i++) {
          r.position(i * (keySize + o) + keySize);
          todo.push(new long[] {r.offset(), node.level() - 1, t[2] + 1});
        }
      }
    }
    return Extent.sortedDisjoint(out, WHAT, address);
  }

  /** Bytes a node occupies: header, 2K children and 2K + 1 keys. */
  public static long nodeSize(io.h5j.format.io.FileParams p, int k, int keySize) {
    return 8 + 2L * p.offsetSize() + 2L * k * (p.offsetSize() + keySize) + keySize;
  }

  /** A decoded node header and a reader over its keys and children. */
  private record Node(int level, int entries, ByteReader body) {}

  /**
   * Nodes of one tree kept between lookups, so that reading chunk after chunk does not read
   * the path from the root again each time; the least recently used go beyond a bound. The
   * owner forgets it when the tree changes.
   */
  public static final class NodeCache {
    /** About 2 MiB of chunk index nodes at libhdf5's default K. */
    private static final int MAX_NODES = 1024;

    private final Map<Long, Node> nodes = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, Node> eldest) {
        return size() > MAX_NODES;
      }
    };

    private synchronized Node get(long address) {
      return nodes.get(address);
    }

    private synchronized void put(long address, Node node) {
      nodes.put(address, node);
    }
  }

  private static Node readNode(FileAccess fa, long address, int nodeType, int keySize,
      int expectedLevel) throws IOException {
    int o = fa.params().offsetSize();
    ByteReader head = fa.reader(address, 8 + 2L * o, WHAT);
    head.signature("TREE");
    int type = head.u8();
    if (type != nodeType) {
      throw head.error("node type " + type + " where type " + nodeType + " was expected");
    }
    int level = head.u8();
    if (expectedLevel >= 0 && level != expectedLevel) {
      throw head.error("level " + level + " where the parent implies " + expectedLevel);
    }
    int entries = head.u16();
    long body = (long) entries * (keySize + o) + keySize;
    return new Node(level, entries, fa.reader(address + 8 + 2L * o, body, WHAT));
  }

  private static void walk(FileAccess fa, long address, int nodeType, int keySize,
      int expectedLevel, LeafVisitor visitor, Set<Long> seen, int depth) throws IOException {
    if (depth > MAX_DEPTH) {
      throw new H5FormatException(WHAT, address, "tree is deeper than " + MAX_DEPTH + " levels");
    }
    if (!seen.add(address)) {
      throw new H5FormatException(WHAT, address, "node is reached twice: the tree has a cycle");
    }
    Node node = readNode(fa, address, nodeType, keySize, expectedLevel);
    ByteReader r = node.body();
    for (int i = 0; i < node.entries(); i++) {
      ByteReader left = r.slice(keySize, WHAT + " key");
      long child = r.offset();
      int mark = r.position();
      ByteReader right = r.slice(keySize, WHAT + " key");
      r.position(mark);
      if (node.level() == 0) {
        visitor.visit(left, child, right);
      } else {
        walk(fa, child, nodeType, keySize, node.level() - 1, visitor, seen, depth + 1);
      }
    }
  }

  /** Compares the key sought with one key of a node. */
  @FunctionalInterface
  public interface KeyComparator {
    /** @return negative, zero or positive as the sought key is below, equal to or above {@code key} */
    int compare(ByteReader key) throws IOException;
  }

  /**
   * Descends the single path to the last child whose left key is at or below the sought key
   * and hands the level-0 child found, with its keys, to {@code visitor} (which decides
   * whether it is an exact match).
   *
   * @return false if every key is above the sought one
   */
  public static boolean find(FileAccess fa, long address, int nodeType, int keySize,
      KeyComparator cmp, LeafVisitor visitor) throws IOException {
    return find(fa, address, nodeType, keySize, cmp, visitor, null);
  }

  /**
   * Like {@link #find(FileAccess, long, int, int, KeyComparator, LeafVisitor)}, taking nodes
   * from {@code nodes} (null: none) and keeping those it reads there.
   */
  public static boolean find(FileAccess fa, long address, int nodeType, int keySize,
      KeyComparator cmp, LeafVisitor visitor, NodeCache nodes) throws IOException {
    int o = fa.params().offsetSize();
    Set<Long> seen = new HashSet<>();
    int expected = -1;
    for (int depth = 0; ; depth++) {
      if (depth > MAX_DEPTH || !seen.add(address)) {
        throw new H5FormatException(WHAT, address, "the tree has a cycle or is deeper than "
            + MAX_DEPTH + " levels");
      }
      Node node = nodes == null ? null : nodes.get(address);
      if (node == null) {
        node = readNode(fa, address, nodeType, keySize, -1);
        if (nodes != null) {
          nodes.put(address, node);
        }
      }
      if (expected >= 0 && node.level() != expected) {
        throw new H5FormatException(WHAT, address, "level " + node.level()
            + " where the parent implies " + expected);
      }
      ByteReader r = node.body().rewound();
      int stride = keySize + o;
      int lo = 0;
      int hi = node.entries() - 1;
      int found = -1;
      while (lo <= hi) { // last child whose left key is at or below the sought key
        int mid = (lo + hi) >>> 1;
        r.position(mid * stride);
        if (cmp.compare(r.slice(keySize, WHAT + " key")) >= 0) {
          found = mid;
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      if (found < 0) {
        return false;
      }
      r.position(found * stride);
      ByteReader left = r.slice(keySize, WHAT + " key");
      long child = r.offset();
      ByteReader right = r.slice(keySize, WHAT + " key");
      if (node.level() == 0) {
        visitor.visit(left, child, right);
        return true;
      }
      address = child;
      expected = node.level() - 1;
    }
  }
}
