package io.h5j;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Depth-first, in link order, over the hard links below a group: each object once (a second
 * link to it, or a hard-link cycle, is not walked again), with an explicit stack so that a
 * deep or hostile hierarchy cannot overflow the thread's.
 */
final class GroupWalk {
  private GroupWalk() {}

  static void visit(Group top, NodeVisitor visitor) throws IOException {
    Set<Long> seen = new HashSet<>(Set.of(top.address()));
    Deque<Node> order = new ArrayDeque<>();
    expand(top, seen, order, visitor);
    while (!order.isEmpty()) {
      Node n = order.pop();
      if (!seen.add(n.address())) {
        continue; // met first through another link, deeper in the walk
      }
      visitor.node(n);
      if (n instanceof Group g) {
        expand(g, seen, order, visitor);
      }
    }
  }

  /**
   * Puts the hard-linked children of {@code g} not yet visited on top of {@code order},
   * first first; reports the other links.
   */
  private static void expand(Group g, Set<Long> seen, Deque<Node> order, NodeVisitor visitor)
      throws IOException {
    List<Node> children = new ArrayList<>();
    for (Link l : g.links()) {
      if (l.kind() != Link.Kind.HARD) {
        visitor.link(g, l);
      } else if (!seen.contains(l.address())) {
        children.add(EngineCalls.call(g.file, () -> PathResolver.node(g.file,
            Group.childPath(g.path(), l.name()), l.address())));
      }
    }
    for (int i = children.size() - 1; i >= 0; i--) {
      order.push(children.get(i));
    }
  }
}
