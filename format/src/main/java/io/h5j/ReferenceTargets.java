package io.h5j;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the node at an object header address, with a path to it: references store addresses
 * only, so the path is the first a breadth-first walk over hard links meets (as libhdf5's
 * {@code H5Iget_name} gives some path). Cycles are walked once.
 */
final class ReferenceTargets {
  private ReferenceTargets() {}

  /** The node at {@code address} of {@code file}; its path is "" when no hard link leads to it. */
  static Node find(H5File file, long address) throws IOException {
    Group root = file.root();
    if (root.address() == address) {
      return root;
    }
    Set<Long> seen = new HashSet<>(Set.of(root.address()));
    ArrayDeque<Group> queue = new ArrayDeque<>(List.of(root));
    while (!queue.isEmpty()) {
      Group g = queue.poll();
      for (Link l : g.links()) {
        if (l.kind() != Link.Kind.HARD || !seen.add(l.address())) {
          continue;
        }
        Node n = EngineCalls.call(file, () -> PathResolver.node(file,
            Group.childPath(g.path(), l.name()), l.address()));
        if (l.address() == address) {
          return n;
        }
        if (n instanceof Group child) {
          queue.add(child);
        }
      }
    }
    return EngineCalls.call(file, () -> PathResolver.node(file, "", address));
  }
}
