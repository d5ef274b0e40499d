package io.h5j.cli;

import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How many hard links lead to each object of a file (the root one more, for the superblock),
 * counted by one walk over its groups the first time a count is asked for: what libhdf5
 * stores as an object's link count, for {@code h5j ls -v}'s "Links:". A group that cannot
 * be read is not counted into.
 */
final class HardLinkCounts {
  private final H5File file;
  private Map<Long, Integer> counts;

  HardLinkCounts(H5File file) {
    this.file = file;
  }

  int of(long address) {
    if (counts == null) {
      counts = walk();
    }
    return counts.getOrDefault(address, 0);
  }

  private Map<Long, Integer> walk() {
    Map<Long, Integer> n = new HashMap<>();
    ArrayDeque<Group> queue = new ArrayDeque<>();
    try {
      Group root = file.root();
      n.put(root.address(), 1);
      queue.add(root);
    } catch (Exception e) {
      return n;
    }
    while (!queue.isEmpty()) {
      Group g = queue.poll();
      List<Link> links;
      try {
        links = g.links();
      } catch (Exception e) {
        continue;
      }
      for (Link l : links) {
        if (l.kind() != Link.Kind.HARD) {
          continue;
        }
        boolean first = !n.containsKey(l.address());
        n.merge(l.address(), 1, Integer::sum);
        try {
          if (first && g.get(l.name()) instanceof Group child) {
            queue.add(child);
          }
        } catch (Exception e) {
          // an unreadable member: nothing below it is counted
        }
      }
    }
    return n;
  }
}
