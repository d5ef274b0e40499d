package io.h5j.cli;

import io.h5j.Dataset;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import io.h5j.NamedDatatype;
import io.h5j.Node;
import io.h5j.type.Dataspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code h5j ls}: what {@code h5ls} shows, one object per line; with {@code -v} h5ls's details
 * ({@link LsDetails}), with {@code -d} the values ({@link H5lsData}).
 */
@Command(name = "ls", description = "List the objects of a group (like h5ls).")
final class LsCommand implements Callable<Integer>, PlainCommand {
  // the names of the flags, which PlainArgs parses as picocli does
  private static final String R = "-r", RECURSIVE = "--recursive", V = "-v",
      VERBOSE = "--verbose", D = "-d", DATA = "--data", S = "-S", SIMPLE = "--simple";
  private static final String[][] FLAGS = {{R, RECURSIVE}, {V, VERBOSE}, {D, DATA}, {S, SIMPLE}};

  @Option(names = {R, RECURSIVE}, description = "List all objects below the group.")
  boolean recursive;

  @Option(names = {V, VERBOSE}, description = "Also each object's attributes,"
      + " location, link count, chunks, storage, filters and type.")
  boolean verbose;

  @Option(names = {D, DATA}, description = "Also the values of each dataset.")
  boolean data;

  @Option(names = {S, SIMPLE}, description = "Values one a line, without commas.")
  boolean simple;

  @Parameters(index = "0", paramLabel = "FILE[/PATH]",
      description = "HDF5 file, or the file and an object in it (the longest prefix that is"
          + " a file is the file)")
  Path target;

  @Parameters(index = "1", arity = "0..1", paramLabel = "PATH",
      description = "group or object path (default /)")
  String path;

  private LsDetails details;
  private H5lsData values;

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  /**
   * The command for {@code args} if they are {@code ls}, flags and operands only
   * ({@link PlainArgs}), which {@link Main} runs without picocli; else null.
   */
  static LsCommand plain(String[] args) {
    PlainArgs a = PlainArgs.parse(args, "ls", FLAGS, 1, 2);
    if (a == null) {
      return null;
    }
    LsCommand c = new LsCommand();
    c.recursive = a.has(0);
    c.verbose = a.has(1);
    c.data = a.has(2);
    c.simple = a.has(3);
    c.target = Path.of(a.operand(0));
    c.path = a.operand(1);
    return c;
  }

  @Override
  public Integer call() throws Exception {
    return run(spec.commandLine().getOut());
  }

  @Override
  public int run(PrintWriter out, PrintWriter err) throws Exception {
    return run(out);
  }

  @Override
  public List<Path> files() {
    return List.of(target);
  }

  /** Lists as asked, on {@code out}; returns the exit code. */
  int run(PrintWriter out) throws Exception {
    LsTarget t = LsTarget.of(target.toString(), path);
    try (H5File f = H5File.open(t.file())) {
      Node start = f.get(t.path());
      if (verbose) {
        out.println("Opened \"" + t.file() + "\" with sec2 driver.");
        details = new LsDetails(out, new HardLinkCounts(f));
      }
      values = data ? new H5lsData(out, simple) : null;
      if (start instanceof Group g) {
        Map<Long, String> listed = new HashMap<>();
        if (recursive && g.path().equals("/")) {
          object(out, "/", g);
          listed.put(g.address(), "/");
        }
        list(out, g, "", recursive, listed);
      } else {
        object(out, escaped(start.name()), start);
      }
    }
    return Main.OK;
  }

  /**
   * Lists {@code g}; in recursive mode names are paths below the listed group, as h5ls. An
   * object listed before under another name (a second hard link, a cycle) is named "same as"
   * its first path ({@code listed}: header address to path), and not listed into again.
   */
  private void list(PrintWriter out, Group g, String prefix, boolean deep,
      Map<Long, String> listed) throws Exception {
    for (Link link : sortedLinks(g)) {
      String name = escaped(deep ? prefix + "/" + link.name() : link.name());
      switch (link.kind()) {
        case SOFT -> out.println(pad(name) + "Soft Link {" + link.target() + "}");
        case EXTERNAL -> out.println(pad(name) + "External Link {" + link.file() + "/"
            + link.target() + "}");
        case USER_DEFINED -> out.println(pad(name) + "User-defined Link");
        case HARD -> {
          Node n = g.get(link.name());
          String first = listed.get(n.address());
          if (first != null) {
            out.println(pad(name) + kind(n) + ", same as " + escaped(first));
            continue;
          }
          listed.put(n.address(), childPath(g.path(), link.name()));
          object(out, name, n);
          if (deep && n instanceof Group child) {
            list(out, child, prefix + "/" + link.name(), true, listed);
          }
        }
      }
    }
  }

  /** An object's line, and what -v and -d add below it. */
  private void object(PrintWriter out, String name, Node n) throws Exception {
    out.println(line(name, n, verbose));
    if (details != null) {
      details.print(n);
    }
    if (values != null && n instanceof Dataset d) {
      Dataspace s = d.dataspace();
      boolean none = s.kind() == Dataspace.Kind.NULL;
      ReadFailure failure = values.print(none ? null
          : new DatasetValues(d, d.datatype(), s, d.layout()), none ? 0 : s.elementCount());
      if (failure != null) {
        throw new java.io.IOException("could not read the values of " + d.path() + ": "
            + failure.reason());
      }
    }
  }

  /**
   * A name as h5ls prints it: backslash, double quote and space escaped with a backslash,
   * tab, newline, carriage return, backspace and form feed as \t \n \r \b \f, other
   * control characters and every byte of a non-ASCII character (UTF-8) as \ooo in octal.
   */
  static String escaped(String name) {
    StringBuilder b = new StringBuilder(name.length());
    for (byte x : name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      int c = x & 0xFF;
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '"' -> b.append("\\\"");
        case ' ' -> b.append("\\ ");
        case '\t' -> b.append("\\t");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20 || c >= 0x7F) {
            b.append('\\').append((char) ('0' + (c >> 6))).append((char) ('0' + (c >> 3 & 7)))
                .append((char) ('0' + (c & 7)));
          } else {
            b.append((char) c);
          }
        }
      }
    }
    return b.toString();
  }

  /** Links in name order, as libhdf5's tools list them. */
  static List<Link> sortedLinks(Group g) throws Exception {
    List<Link> links = new ArrayList<>(g.links());
    links.sort(Link.NAME_ORDER);
    return links;
  }

  /** @param maxAlways show each maximum dimension, also where it equals the dimension (-v) */
  static String line(String name, Node n, boolean maxAlways) throws Exception {
    if (!(n instanceof Dataset d)) {
      return pad(name) + kind(n);
    }
    Dataspace s = d.dataspace();
    return pad(name) + "Dataset " + (s.kind() == Dataspace.Kind.SIMPLE ? shape(s, maxAlways)
        : "{" + s.kind() + "}");
  }

  private static String kind(Node n) {
    return n instanceof Dataset ? "Dataset" : n instanceof NamedDatatype ? "Type" : "Group";
  }

  /** h5ls style: {2, 3} or {2/Inf, 3/10}; SCALAR; NULL (h5ls's listing braces them). */
  static String shape(Dataspace s) {
    return shape(s, false);
  }

  private static String shape(Dataspace s, boolean maxAlways) {
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
      if (maxAlways || max != s.dims()[i]) {
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
