package io.h5j.repack;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.Node;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * The element bytes of every dataset reachable from a file's root, each object counted once,
 * from headers alone (nothing is read): how much a full comparison of the file reads, for its
 * progress reports. An object that cannot be opened counts nothing here (its comparison
 * reports it).
 */
final class DatasetBytes {
  private DatasetBytes() {}

  static long of(H5File file) throws IOException {
    long total = 0;
    Set<Long> seen = new HashSet<>();
    ArrayDeque<Group> groups = new ArrayDeque<>();
    groups.add(file.root());
    seen.add(file.root().address());
    while (!groups.isEmpty()) {
      Group g = groups.poll();
      for (Link l : links(g)) {
        if (l.kind() != Link.Kind.HARD || !seen.add(l.address())) {
          continue;
        }
        try {
          Node n = g.get(l.name());
          if (n instanceof Group child) {
            groups.add(child);
          } else if (n instanceof Dataset d) {
            long elements = d.dataspace().elementCount();
            int size = d.datatype().size();
            total += elements > Long.MAX_VALUE / Math.max(1, size) ? 0 : elements * size;
          }
        } catch (IOException | RuntimeException e) {
          // counted as nothing: the comparison names it
        }
      }
    }
    return total;
  }

  private static java.util.List<Link> links(Group g) {
    try {
      return g.links();
    } catch (IOException | RuntimeException e) {
      return java.util.List.of();
    }
  }
}
