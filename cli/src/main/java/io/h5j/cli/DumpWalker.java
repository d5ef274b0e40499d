package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.NamedDatatype;
import io.h5j.Node;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks the objects below a starting one, members in name order as libhdf5's tools list
 * them, and tells a {@link DumpPrinter} about each. What cannot be read (an object, its
 * attributes, a group's members, a dataset's values) is reported and skipped, and the walk
 * goes on. Objects reached again through another hard link are printed once. The walk keeps
 * its own stack, so that groups nested however deep cannot overflow the Java stack.
 */
final class DumpWalker {
  /**
   * A group being walked, its members not yet visited, and what ends it: the group's end, or
   * (with no members) the end of an external link followed into another file.
   */
  private record Frame(Group group, Iterator<Link> members, Runnable end) {}

  /** An object, by its file and address: another file's objects have addresses of their own. */
  private record Seen(Path file, long address) {}

  private final DumpPrinter printer;
  private final DumpProblems problems;
  private final Set<Seen> seen = new HashSet<>();
  private final Map<H5File, Path> realPaths = new IdentityHashMap<>();
  private final Deque<Frame> stack = new ArrayDeque<>();
  /** The file dumped: external links back into it are printed, not followed (as h5dump). */
  private Path dumped;

  private final DatasetValues.Watcher watcher;

  /** A walk that tells {@code watcher} of each slab of values read. */
  DumpWalker(DumpPrinter printer, DumpProblems problems, DatasetValues.Watcher watcher) {
    this.printer = printer;
    this.problems = problems;
    this.watcher = watcher;
  }

  void walk(Node start) {
    dumped = realPath(start.file());
    visit(start);
    while (!stack.isEmpty()) {
      Frame f = stack.peek();
      if (!f.members().hasNext()) {
        stack.pop();
        f.end().run();
        continue;
      }
      Link link = f.members().next();
      String path = LsCommand.childPath(f.group().path(), link.name());
      if (link.kind() == Link.Kind.EXTERNAL && printer.followsExternalLinks()) {
        external(f.group(), link, path);
        continue;
      }
      if (link.kind() != Link.Kind.HARD) {
        printer.link(path, link);
        continue;
      }
      Node child;
      try {
        child = f.group().get(link.name());
      } catch (Exception e) {
        unreadable(path, "object", ReadFailure.of(e));
        continue;
      }
      visit(child);
    }
  }

  /**
   * An external link, followed into the object it names when that is in another file than the
   * one dumped; one that dangles, or cannot be followed, is printed as a link only, as h5dump
   * prints it.
   */
  private void external(Group g, Link link, String path) {
    Node target;
    try {
      target = DiffTree.reach(g, link);
    } catch (Exception e) {
      target = null;
    }
    if (target == null || realPath(target.file()).equals(dumped)) {
      printer.link(path, link);
      return;
    }
    printer.followedExternalLink(path, link, target);
    stack.push(new Frame(g, java.util.Collections.emptyIterator(),
        () -> printer.endFollowedExternalLink(path)));
    visit(target);
  }

  private Path realPath(H5File f) {
    return realPaths.computeIfAbsent(f, x -> {
      try {
        return x.path().toRealPath();
      } catch (java.io.IOException e) {
        return x.path().toAbsolutePath().normalize();
      }
    });
  }

  /**
   * Prints one object: its own metadata first, so that an object whose header cannot be read
   * is one report, not one per thing read from it; then its attributes.
   */
  private void visit(Node n) {
    if (!seen.add(new Seen(realPath(n.file()), n.address()))) {
      printer.seenAgain(n);
      return;
    }
    if (n instanceof Dataset d) {
      dataset(d);
    } else if (n instanceof NamedDatatype t) {
      Datatype type;
      try {
        type = t.datatype();
      } catch (Exception e) {
        unreadable(n.path(), "datatype", ReadFailure.of(e));
        return;
      }
      printer.datatype(n.path(), type, attributes(n));
    } else {
      group((Group) n);
    }
  }

  private void group(Group g) {
    List<Link> members;
    try {
      members = LsCommand.sortedLinks(g);
    } catch (Exception e) {
      ReadFailure failure = ReadFailure.of(e);
      DumpAttributes attributes = DumpAttributes.of(g);
      if (attributes.unlisted() != null) { // nothing of it reads: its header, most likely
        unreadable(g.path(), "group", failure);
        return;
      }
      report(g, attributes);
      problems.report("the members of group " + g.path(), failure);
      printer.group(g.path(), attributes, failure);
      return;
    }
    printer.group(g.path(), attributes(g), null);
    stack.push(new Frame(g, members.iterator(), () -> printer.endGroup(g.path())));
  }

  private void dataset(Dataset d) {
    DumpPrinter.DatasetInfo info;
    DatasetValues values = null;
    try {
      info = new DumpPrinter.DatasetInfo(d, d.datatype(), d.dataspace(), d.layout(),
          d.layoutName());
      if (info.space().kind() != Dataspace.Kind.NULL) {
        values = new DatasetValues(d, info.type(), info.space(), info.layout())
            .watchedBy(watcher);
      }
    } catch (Exception e) { // a damaged header, or a datatype h5j has no values for
      unreadable(d.path(), "dataset", ReadFailure.of(e));
      return;
    }
    printer.dataset(d.path(), info, values, attributes(d));
    if (values != null && values.failure().isPresent()) {
      long of = info.space().elementCount();
      problems.report("dataset " + d.path(), values.delivered() == 0 ? ""
          : " past element " + values.delivered() + " of " + of, values.failure().get());
    }
  }

  /** The object's attributes, those that cannot be read reported. */
  private DumpAttributes attributes(Node n) {
    DumpAttributes attributes = DumpAttributes.of(n);
    report(n, attributes);
    return attributes;
  }

  private void report(Node n, DumpAttributes attributes) {
    if (attributes.unlisted() != null) {
      problems.report("the attributes of " + n.path(), attributes.unlisted());
    }
    for (DumpAttributes.Entry a : attributes.entries()) {
      if (a.failure() != null) {
        problems.report("attribute \"" + a.name() + "\" of " + n.path(), a.failure());
      }
    }
  }

  private void unreadable(String path, String kind, ReadFailure failure) {
    problems.report(kind + " " + path, failure);
    printer.unreadable(path, kind, failure);
  }
}
