package io.h5j.format.group;

import io.h5j.format.message.LinkMessage;
import io.h5j.format.object.H5Context;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The hard links this file's session has seen, child → (group, name), so that an atomic
 * flush moving a header can point the links to it at the copy without searching the file.
 * Kept for files with atomic flushes only; an entry may be stale (the link since removed or
 * pointed elsewhere), so users check it against the group's links.
 */
final class LinkParents {
  /** One link of group {@code group} named {@code name}. */
  record Link(long group, String name) {}

  private final Map<Long, Set<Link>> byChild = new HashMap<>();
  /** The same entries by group: name → child, to follow a group that moves. */
  private final Map<Long, Map<String, Long>> byGroup = new HashMap<>();

  static LinkParents of(H5Context ctx) {
    return ctx.attachment(LinkParents.class, LinkParents::new);
  }

  /** Records the hard links among {@code links}, the links of the group at {@code group}. */
  void note(long group, Map<String, LinkMessage> links) {
    Map<String, Long> names = byGroup.computeIfAbsent(group, g -> new HashMap<>());
    for (LinkMessage l : links.values()) {
      if (l.target() instanceof LinkMessage.Hard h) {
        Long before = names.put(l.name(), h.address());
        if (before != null && before != h.address()) {
          Set<Link> old = byChild.get(before);
          if (old != null) {
            old.remove(new Link(group, l.name()));
          }
        }
        byChild.computeIfAbsent(h.address(), c -> new HashSet<>()).add(new Link(group,
            l.name()));
      }
    }
  }

  /** Forgets the links of the group at {@code group}, which no link reaches any more. */
  void forget(long group) {
    Map<String, Long> names = byGroup.remove(group);
    if (names == null) {
      return;
    }
    names.forEach((name, child) -> {
      Set<Link> parents = byChild.get(child);
      if (parents != null) {
        parents.remove(new Link(group, name));
      }
    });
  }

  /** The links seen to lead to the object at {@code child}. */
  Set<Link> linksTo(long child) {
    Set<Link> s = byChild.get(child);
    return s == null ? Set.of() : Set.copyOf(s);
  }

  /** Follows a flush that moved headers (old → new): groups and children alike. */
  void moved(Map<Long, Long> moves) {
    for (Map.Entry<Long, Long> e : moves.entrySet()) {
      Map<String, Long> names = byGroup.remove(e.getKey());
      if (names == null) {
        continue;
      }
      // links noted at the new place during the flush are newer than these
      Map<String, Long> target = byGroup.computeIfAbsent(e.getValue(), g -> new HashMap<>());
      for (Map.Entry<String, Long> n : names.entrySet()) {
        Set<Link> parents = byChild.get(n.getValue());
        if (parents != null) {
          parents.remove(new Link(e.getKey(), n.getKey()));
        }
        Long now = target.putIfAbsent(n.getKey(), n.getValue());
        if (now == null || now.longValue() == n.getValue()) {
          byChild.computeIfAbsent(n.getValue(), c -> new HashSet<>())
              .add(new Link(e.getValue(), n.getKey()));
        }
      }
    }
    for (Map.Entry<Long, Long> e : moves.entrySet()) {
      Set<Link> parents = byChild.remove(e.getKey());
      if (parents == null) {
        continue;
      }
      byChild.computeIfAbsent(e.getValue(), c -> new HashSet<>()).addAll(parents);
      for (Link l : parents) {
        Map<String, Long> names = byGroup.get(l.group());
        if (names != null && Long.valueOf(e.getKey()).equals(names.get(l.name()))) {
          names.put(l.name(), e.getValue());
        }
      }
    }
  }

  /** For tests: every (group, name) → child entry. */
  Map<Link, Long> entries() {
    Map<Link, Long> out = new LinkedHashMap<>();
    byGroup.forEach((g, names) -> names.forEach((n, c) -> out.put(new Link(g, n), c)));
    return out;
  }
}
