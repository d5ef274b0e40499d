package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.NamedDatatype;
import io.h5j.Node;
import io.h5j.format.message.Dataspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import io.h5j.format.group.SymbolTableWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code h5j ls}: what {@code h5ls} shows, one object per line. */
@Command(name = "ls", description = "List the objects of a group (like h5ls).")
final class LsCommand implements Callable<Integer> {
  @Option(names = {"-r", "--recursive"}, description = "List all objects below the group.")
  boolean recursive;

  @Parameters(index = "0", description = "HDF5 file")
  Path file;

  @Parameters(index = "1", defaultValue = "/", description = "group or object path (default /)")
  String path;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (H5File f = H5File.open(file)) {
      Node start = f.get(path);
      if (start instanceof Group g) {
        if (recursive && g.path().equals("/")) {
          out.println(line("/", g));
        }
        list(out, g, "", recursive, new HashSet<>());
      } else {
        out.println(line(start.name(), start));
      }
    }
    return Main.OK;
  }

  /** Lists {@code g}; in recursive mode names are paths below the listed group, as h5ls. */
  private void list(PrintWriter out, Group g, String prefix, boolean deep, Set<Long> seen)
      throws Exception {
    seen.add(g.address());
    for (Link link : sortedLinks(g)) {
      String name = deep ? prefix + "/" + link.name() : link.name();
      switch (link.kind()) {
        case SOFT -> out.println(pad(name) + "Soft Link {" + link.target() + "}");
        case EXTERNAL -> out.println(pad(name) + "External Link {" + link.file() + "/"
            + link.target() + "}");
        case USER_DEFINED -> out.println(pad(name) + "User-defined Link");
        case HARD -> {
          Node n = g.get(link.name());
          boolean again = seen.contains(n.address());
          out.println(line(name, n) + (again && n instanceof Group ? ", already listed" : ""));
          if (deep && n instanceof Group child && !again) {
            list(out, child, name, true, seen);
          }
        }
      }
    }
  }

  /** Links in name order, as libhdf5's tools list them. */
  static List<Link> sortedLinks(Group g) throws Exception {
    List<Link> links = new ArrayList<>(g.links());
    links.sort(Comparator.comparing(Link::name, SymbolTableWriter.NAME_ORDER));
    return links;
  }

  static String line(String name, Node n) throws Exception {
    if (n instanceof Dataset d) {
      return pad(name) + "Dataset " + shape(d.dataspace());
    }
    if (n instanceof NamedDatatype) {
      return pad(name) + "Type";
    }
    return pad(name) + "Group";
  }

  /** h5ls style: {2, 3} or {2/Inf, 3/10}; SCALAR; NULL. */
  static String shape(Dataspace s) {
    if (s.kind() != Dataspace.Kind.SIMPLE) {
      return s.kind().toString();
    }
    StringBuilder b = new StringBuilder("{");
    for (int i = 0; i < s.rank(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      b.append(s.dims()[i]);
      long max = s.maxDims()[i];
      if (max != s.dims()[i]) {
        b.append('/').append(max == Dataspace.UNLIMITED ? "Inf" : Long.toString(max));
      }
    }
    return b.append('}').toString();
  }

  private static String pad(String name) {
    StringBuilder b = new StringBuilder(name);
    do {
      b.append(' ');
    } while (b.length() < 25);
    return b.toString();
  }

  static String childPath(String parent, String name) {
    return parent.equals("/") ? "/" + name : parent + "/" + name;
  }
}
