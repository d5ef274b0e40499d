package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.Link;
import io.h5j.Node;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The objects below a group as h5diff lists them to match two files: depth first, each
 * group's links by name, each object once (a second hard link to it, or a cycle, is not
 * walked again), soft and external links as links. Paths are relative to the group ("/" for
 * itself), so that two groups of different names compare member by member.
 */
final class DiffTree {
  /** What a path names. */
  enum Kind { GROUP, DATASET, DATATYPE, LINK }

  /** One path: the object reached (null for a link) or the link not followed. */
  record Entry(String path, Kind kind, Node node, Link link) {}

  /** Paths in walk order: by component, each compared as the UTF-8 bytes libhdf5 sorts. */
  static final Comparator<String> PATH_ORDER = DiffTree::comparePaths;

  private DiffTree() {}

  static List<Entry> of(Group top) throws IOException {
    List<Entry> out = new ArrayList<>();
    out.add(new Entry("/", Kind.GROUP, top, null));
    Set<Long> seen = new HashSet<>(Set.of(top.address()));
    Deque<Entry> todo = new ArrayDeque<>();
    push(top, "", seen, todo);
    while (!todo.isEmpty()) {
      Entry e = todo.pop();
      out.add(e);
      if (e.node() instanceof Group g) {
        push(g, e.path(), seen, todo);
      }
    }
    return out;
  }

  /** Puts the members of {@code g} on top of {@code todo}, first name on top. */
  private static void push(Group g, String path, Set<Long> seen, Deque<Entry> todo)
      throws IOException {
    List<Link> links = new ArrayList<>(g.links());
    links.sort(Link.NAME_ORDER);
    List<Entry> members = new ArrayList<>();
    for (Link l : links) {
      String p = path + "/" + l.name();
      if (l.kind() != Link.Kind.HARD) {
        members.add(new Entry(p, Kind.LINK, null, l));
      } else if (seen.add(l.address())) {
        Node n = g.get(l.name());
        members.add(new Entry(p, n instanceof Group ? Kind.GROUP
            : n instanceof Dataset ? Kind.DATASET : Kind.DATATYPE, n, null));
      }
    }
    for (int i = members.size() - 1; i >= 0; i--) {
      todo.push(members.get(i));
    }
  }

  private static int comparePaths(String a, String b) {
    String[] x = a.split("/", -1);
    String[] y = b.split("/", -1);
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      int c = compareNames(x[i], y[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(x.length, y.length);
  }

  private static int compareNames(String a, String b) {
    byte[] x = a.getBytes(StandardCharsets.UTF_8);
    byte[] y = b.getBytes(StandardCharsets.UTF_8);
    return java.util.Arrays.compareUnsigned(x, y);
  }
}
