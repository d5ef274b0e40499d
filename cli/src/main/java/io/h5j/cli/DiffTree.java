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
 * walked again), soft and external links as links, or, when followed, as the objects they
 * reach (walked again from there, as libhdf5's tools do; a second link to a target already
 * followed is left out) or as dangling. Paths are relative to the group ("/" for itself), so
 * that two groups of different names compare member by member.
 */
final class DiffTree {
  /** What a path names. */
  enum Kind { GROUP, DATASET, DATATYPE, LINK, DANGLING }

  /** One path: the object reached (null for a link) or the link not followed. */
  record Entry(String path, Kind kind, Node node, Link link) {}

  /** The paths of a walk, and whether a link followed reached nothing. */
  record Walk(List<Entry> entries, boolean dangling) {}

  /** Paths in walk order: by component, each compared as the UTF-8 bytes libhdf5 sorts. */
  static final Comparator<String> PATH_ORDER = DiffTree::comparePaths;

  /** An entry still to list, with the objects already seen by the walk it belongs to. */
  private record Pending(Entry entry, Set<Long> seen) {}

  private DiffTree() {}

  /** The walk below {@code top}, soft and external links followed when {@code follow}. */
  static Walk of(Group top, boolean follow) throws IOException {
    List<Entry> out = new ArrayList<>();
    out.add(new Entry("/", Kind.GROUP, top, null));
    Set<String> followed = new HashSet<>();
    boolean dangling = false;
    Deque<Pending> todo = new ArrayDeque<>();
    push(top, "", new HashSet<>(Set.of(top.address())), follow, followed, todo);
    while (!todo.isEmpty()) {
      Pending p = todo.pop();
      Entry e = p.entry();
      out.add(e);
      dangling |= e.kind() == Kind.DANGLING;
      if (e.node() instanceof Group g) {
        // a link followed to a group starts a walk of its own, with nothing seen yet
        Set<Long> seen = e.link() == null ? p.seen() : new HashSet<>(Set.of(g.address()));
        push(g, e.path(), seen, follow, followed, todo);
      }
    }
    return new Walk(out, dangling);
  }

  /** Puts the members of {@code g} on top of {@code todo}, first name on top. */
  private static void push(Group g, String path, Set<Long> seen, boolean follow,
      Set<String> followed, Deque<Pending> todo) throws IOException {
    List<Link> links = new ArrayList<>(g.links());
    links.sort(Link.NAME_ORDER);
    List<Entry> members = new ArrayList<>();
    for (Link l : links) {
      String p = path + "/" + l.name();
      boolean symbolic = l.kind() == Link.Kind.SOFT || l.kind() == Link.Kind.EXTERNAL;
      if (follow && symbolic) {
        Entry target = target(g, l, p, followed);
        if (target != null) {
          members.add(target);
        }
      } else if (l.kind() != Link.Kind.HARD) {
        members.add(new Entry(p, Kind.LINK, null, l));
      } else if (seen.add(l.address())) {
        members.add(entry(p, g.get(l.name()), null));
      }
    }
    for (int i = members.size() - 1; i >= 0; i--) {
      todo.push(new Pending(members.get(i), seen));
    }
  }

  /**
   * What the soft or external link {@code l} of {@code g} reaches, as an entry at {@code p}:
   * dangling when nothing is there, null when its target was followed before.
   */
  static Entry target(Group g, Link l, String p, Set<String> followed) throws IOException {
    Node n = reach(g, l);
    if (n == null) {
      return new Entry(p, Kind.DANGLING, null, l);
    }
    String key = l.kind() == Link.Kind.EXTERNAL ? l.file() + "\0" + l.target() : l.target();
    return followed.add(key) ? entry(p, n, l) : null;
  }

  /** The object a soft or external link reaches, null if none (a missing file included). */
  static Node reach(Group g, Link l) throws IOException {
    try {
      return g.contains(l.name()) ? g.get(l.name()) : null;
    } catch (java.nio.file.NoSuchFileException e) {
      return null; // an external link to a file that is not there dangles, as in libhdf5
    }
  }

  /** The entry of object {@code n} at {@code p}, reached through {@code link} if not null. */
  static Entry entry(String p, Node n, Link link) {
    return new Entry(p, n instanceof Group ? Kind.GROUP
        : n instanceof Dataset ? Kind.DATASET : Kind.DATATYPE, n, link);
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
