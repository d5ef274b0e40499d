package io.h5j.format.btree;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV2Editor.Node;
import io.h5j.format.btree.BTreeV2Editor.Ptr;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes records from the nodes a {@link BTreeV2Editor} holds, the way libhdf5's {@code
 * H5B2_remove} does, so that the tree has the nodes libhdf5 would leave and libhdf5 goes on
 * editing it: descending from the root, a child about to be entered that holds no more than
 * the merge count is first refilled from a sibling (two siblings at the ends, three in the
 * middle, with the insertion's counts) or, after two tries or when the siblings are as
 * small, merged with them (two into one, or three into two with the left one taking half);
 * a root of one record whose two children would fit one node is merged into that node and
 * the tree loses a level; a record found in an internal node is replaced by the first record
 * of its right subtree, which leaves its leaf instead; a root leaf emptied leaves the tree
 * empty. Nodes merged away are dropped (their space freed after the edit); the editor moves
 * every changed node to new space as it does for insertions.
 */
final class BTreeV2Removal {
  /** The internal-node record a removal found, to be replaced by its successor. */
  private record Swap(Node node, int index) {}

  private final BTreeV2Editor e;

  BTreeV2Removal(BTreeV2Editor editor) {
    this.e = editor;
  }

  void remove(byte[] key) throws IOException {
    if (!holds(key)) {
      throw new H5FormatException(BTreeV2.HEADER, e.tree().address(),
          "the tree holds no record to remove at the key given");
    }
    Ptr at = e.root;
    int d = e.depth;
    Swap swap = null;
    while (d > 0) {
      Node node = e.load(at, d);
      if (at == e.root && node.records.size() == 1
          && e.nrec(node.children.get(0)) + e.nrec(node.children.get(1))
              <= 2 * e.mergeAt(d - 1) + 1) {
        merge2(node, 0); // the root's one record goes down: the tree loses a level
        e.drop(node);
        e.root = node.children.get(0);
        e.depth = --d;
        at = e.root;
        continue;
      }
      int idx = childFor(node, key, swap);
      for (int retries = 2; e.nrec(node.children.get(idx)) <= e.mergeAt(d - 1)
          && !node.records.isEmpty(); retries--) {
        refill(node, idx, d, retries > 0);
        idx = childFor(node, key, swap);
      }
      if (swap == null && found(node, key)) {
        swap = new Swap(node, idx - 1);
      }
      node.moved = true;
      at = node.children.get(idx);
      d--;
      if (swap != null && d == 0) { // the successor takes the removed record's place
        Node leaf = e.load(at, 0);
        swap.node().records.set(swap.index(), leaf.records.remove(0));
        leaf.moved = true;
        return;
      }
    }
    Node leaf = e.load(at, 0);
    leaf.records.remove(e.search(leaf, key));
    leaf.moved = true;
    if (leaf.records.isEmpty()) {
      if (at != e.root) { // children were refilled above the merge count before entry
        throw new IllegalStateException("a leaf below the root emptied");
      }
      e.drop(leaf);
      e.root = null;
      e.depth = 0;
    }
  }

  /** Whether the loaded (or loadable) tree holds a record equal to {@code key}. */
  private boolean holds(byte[] key) throws IOException {
    Ptr at = e.root;
    for (int d = e.depth; at != null; d--) {
      Node node = e.load(at, d);
      int i = e.search(node, key);
      if (i >= 0) {
        return true;
      }
      at = d == 0 ? null : node.children.get(-i - 1);
    }
    return false;
  }

  /**
   * libhdf5's child to descend into: the leftmost once a record to replace was found above,
   * else the child right of an equal record or the one the key falls into.
   */
  private int childFor(Node node, byte[] key, Swap swap) {
    if (swap != null) {
      return 0;
    }
    int i = e.search(node, key);
    return i >= 0 ? i + 1 : -i - 1;
  }

  private boolean found(Node node, byte[] key) {
    return e.search(node, key) >= 0;
  }

  /** Refills child {@code idx} from its siblings when {@code mayRedistribute}, else merges. */
  private void refill(Node node, int idx, int d, boolean mayRedistribute) throws IOException {
    int n = node.records.size();
    int merge = e.mergeAt(d - 1);
    if (idx == 0) {
      if (mayRedistribute && e.nrec(node.children.get(1)) > merge) {
        e.spread(node, 0, 2);
      } else {
        merge2(node, 0);
      }
    } else if (idx == n) {
      if (mayRedistribute && e.nrec(node.children.get(idx - 1)) > merge) {
        e.spread(node, idx - 1, 2);
      } else {
        merge2(node, idx - 1);
      }
    } else if (mayRedistribute && (e.nrec(node.children.get(idx + 1)) > merge
        || e.nrec(node.children.get(idx - 1)) > merge)) {
      e.spread(node, idx - 1, 3);
    } else {
      merge3(node, idx);
    }
  }

  /** Merges child {@code idx + 1} and the record between them into child {@code idx}. */
  private void merge2(Node parent, int idx) throws IOException {
    int d = parent.depth - 1;
    Node left = e.load(parent.children.get(idx), d);
    Node right = e.load(parent.children.get(idx + 1), d);
    checkFits(left.records.size() + right.records.size() + 1, d, left);
    left.records.add(parent.records.remove(idx));
    left.records.addAll(right.records);
    if (left.children != null) {
      left.children.addAll(right.children);
    }
    parent.children.remove(idx + 1);
    e.drop(right);
    left.moved = true;
    parent.moved = true;
  }

  /**
   * Merges children {@code idx - 1}, {@code idx} and {@code idx + 1} into the first two, as
   * libhdf5 does: the left one fills to half the records (separators included) less one,
   * the middle one takes the rest, the right one goes.
   */
  private void merge3(Node parent, int idx) throws IOException {
    int d = parent.depth - 1;
    Node left = e.load(parent.children.get(idx - 1), d);
    Node middle = e.load(parent.children.get(idx), d);
    Node right = e.load(parent.children.get(idx + 1), d);
    int total = left.records.size() + middle.records.size() + right.records.size() + 2;
    int move = (total - 1) / 2 - left.records.size();
    if (move < 1 || move > middle.records.size()) {
      throw new IllegalStateException("cannot merge nodes of " + left.records.size() + ", "
          + middle.records.size() + " and " + right.records.size() + " records");
    }
    checkFits((total - 1) / 2, d, left);
    checkFits(total - 1 - (total - 1) / 2 - 1, d, middle);
    left.records.add(parent.records.get(idx - 1));
    left.records.addAll(middle.records.subList(0, move - 1));
    parent.records.set(idx - 1, middle.records.get(move - 1));
    List<byte[]> rest = new ArrayList<>(middle.records.subList(move, middle.records.size()));
    middle.records.clear();
    middle.records.addAll(rest);
    middle.records.add(parent.records.remove(idx));
    middle.records.addAll(right.records);
    if (left.children != null) {
      left.children.addAll(middle.children.subList(0, move));
      List<Ptr> kept = new ArrayList<>(middle.children.subList(move, middle.children.size()));
      middle.children.clear();
      middle.children.addAll(kept);
      middle.children.addAll(right.children);
    }
    parent.children.remove(idx + 1);
    e.drop(right);
    left.moved = true;
    middle.moved = true;
    parent.moved = true;
  }

  private void checkFits(long records, int d, Node node) throws H5FormatException {
    if (records > e.maxRecords(d)) {
      throw new H5FormatException(d == 0 ? BTreeV2.LEAF : BTreeV2.INTERNAL, node.oldAddress,
          "merging its siblings would give " + records + " records, more than a node holds");
    }
  }
}
