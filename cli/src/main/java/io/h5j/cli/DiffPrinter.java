package io.h5j.cli;

import io.h5j.type.Dataspace;
import java.io.PrintWriter;
import java.util.List;

/**
 * h5diff's text (libhdf5 1.10.8), for the options given: a header per object compared
 * ("dataset: </a> and </a>"), a table of the differences with their positions, values and
 * distance, "N differences found", the list of objects ({@code -v}) and the notice of objects
 * not comparable. An object's header waits until it is known to be needed: without
 * {@code -r} only objects with differences are named.
 */
final class DiffPrinter {
  private static final String SIZE = "size:           ";
  private static final String GAP = "           ";
  /** What h5diff prints between an element's position and its values. */
  private static final String AFTER_POSITION = "          ";
  private static final String SCALAR_POSITION = " ".repeat(16);

  /** Where the objects compared are shown: their shapes and the names heading the columns. */
  record Table(Dataspace first, Dataspace second, String firstName, String secondName) {}

  private final PrintWriter out;
  private final DiffOptions options;
  private String header;
  private Table table;
  private boolean tablePrinted;
  private boolean notComparable;

  DiffPrinter(PrintWriter out, DiffOptions options) {
    this.out = out;
    this.options = options;
  }

  /**
   * The objects present in each file ({@code -v}): one row per path, 'x' where it is;
   * {@code roots}: the two groups compared are the files' root groups (else the group
   * itself shows as an empty path).
   */
  void objectList(List<String> paths, List<Boolean> inFirst, List<Boolean> inSecond,
      boolean roots) {
    if (options.quiet() || !options.verbose()) {
      return;
    }
    out.println();
    out.println(roots ? "file1     file2" : "group1   group2");
    out.println("---------------------------------------");
    for (int i = 0; i < paths.size(); i++) {
      out.println((inFirst.get(i) ? "    x" : "     ") + (inSecond.get(i) ? "      x" : "       ")
          + "    " + CNumbers.left(roots || !paths.get(i).equals("/") ? paths.get(i) : "", 15));
    }
    out.println();
  }

  /** Starts a dataset or an attribute: {@code kind} as h5diff spells it ("dataset: "). */
  void begin(String kind, String first, String second, Table table) {
    this.header = kind + "<" + first + "> and <" + second + ">";
    this.table = table;
    this.tablePrinted = false;
    if (options.lines()) {
      printHeader();
    }
  }

  private void printHeader() {
    if (header != null) {
      out.println(header);
      header = null;
    }
  }

  /** A group ({@code -v} only names groups). */
  void group(String first, String second) {
    if (options.verbose() && !options.quiet()) {
      out.println("group  : <" + first + "> and <" + second + ">");
      out.println("0 differences found");
    }
  }

  /** A soft or {@code external} link pair, with whether their targets differ. */
  void link(String first, String second, boolean differ, boolean external) {
    if (options.quiet()) {
      return;
    }
    if (options.verbose() || differ) {
      out.println((external ? "external link: <" : "link   : <") + first + "> and <" + second
          + ">");
    }
    if (options.verbose()) {
      out.println((differ ? 1 : 0) + " differences found");
    }
  }

  /** Two links followed that both reach nothing: the same ({@code -v} names them). */
  void danglingPair(String first, String second) {
    if (options.verbose() && !options.quiet()) {
      out.println("dangling link: <" + first + "> and <" + second + ">");
      out.println("0 differences found");
    }
  }

  /**
   * A link followed that reaches nothing, in file {@code which} (1 or 2), against an object:
   * one difference, which h5diff counts even without {@code -r} (and, for an object
   * {@code given} by path, even with {@code -q}) and explains with {@code -v}.
   */
  void danglingOne(int which, String path, boolean given) {
    if (options.quiet() && !given) {
      return;
    }
    if (options.verbose() && !options.quiet()) {
      out.println("obj" + which + " <" + path + "> is a dangling link.");
    }
    out.println("1 differences found");
  }

  /**
   * A remark on the object begun that {@code -v} shows, and {@code -c} too when
   * {@code listed} (h5diff warns of virtual datasets so, of types stored differently not).
   */
  void warning(String text, boolean listed) {
    if ((options.verbose() || listed && options.listNotComparable()) && !options.quiet()) {
      out.println("Warning: " + text);
    }
  }

  /** A line of detail on the object begun that only {@code -v} shows. */
  void verboseNote(String text) {
    if (options.verbose() && !options.quiet()) {
      out.println(text);
    }
  }

  /** Why the object begun cannot be compared; noted for the summary. */
  void notComparable(String why) {
    notComparable = true;
    if (!options.quiet() && (options.verbose() || options.listNotComparable())) {
      out.println("Not comparable: " + why);
    }
  }

  /** One difference at {@code position} (empty for a scalar). */
  void difference(long[] position, DiffElements.Line line) {
    if (!options.lines()) {
      return;
    }
    if (!tablePrinted) {
      tablePrinted = true;
      printTable(line.relative() != null);
    }
    StringBuilder s = new StringBuilder();
    if (position.length == 0) {
      s.append(SCALAR_POSITION);
    } else {
      s.append("[ ");
      for (long p : position) {
        s.append(p).append(' ');
      }
      s.append(']').append(AFTER_POSITION);
    }
    if (line.characters()) { // h5diff shows the second file's character first
      out.println(s.append("  ").append(line.second()).append(" ".repeat(12))
          .append(line.first()));
      return;
    }
    s.append(CNumbers.left(line.first(), 15)).append(' ')
        .append(CNumbers.left(line.second(), 15)).append(' ');
    if (line.relative() == null) {
      s.append(CNumbers.left(line.difference(), 15));
    } else {
      s.append(CNumbers.left(line.difference(), 15)).append(' ')
          .append(CNumbers.left(line.relative(), 14));
    }
    out.println(s);
  }

  /** The table's head; {@code relative}: with the ratio column (h5diff decides at its first line). */
  private void printTable(boolean relative) {
    out.println(SIZE + dims(table.first()) + GAP + dims(table.second()));
    out.println(CNumbers.left("position", 16) + CNumbers.left(table.firstName(), 16)
        + CNumbers.left(table.secondName(), 16) + (relative
        ? CNumbers.left("difference", 16) + CNumbers.left("relative", 15)
        : CNumbers.left("difference", 20)));
    out.println("-".repeat(relative ? 72 : 60));
  }

  /** Ends the object begun, with the number of differences found in it. */
  void end(long count) {
    if (options.quiet()) {
      return;
    }
    if (options.lines() || count > 0) {
      printHeader();
      out.println(count + " differences found");
    }
    header = null;
  }

  /** The closing notice when some objects could not be compared. */
  void finish() {
    if (notComparable && !options.quiet() && !options.listNotComparable()) {
      out.println("--------------------------------");
      out.println("Some objects are not comparable");
      out.println("--------------------------------");
      out.println(options.verbose() ? "Use -c for a list of objects without details of"
          + " differences." : "Use -c for a list of objects.");
    }
  }

  /** A shape as h5diff prints it: "[3x4]", or the kind of a dataspace that has no dims. */
  static String dims(Dataspace space) {
    if (space.isScalar()) {
      return "H5S_SCALAR";
    }
    if (space.isNull()) {
      return "H5S_NULL";
    }
    StringBuilder s = new StringBuilder("[");
    long[] d = space.dims();
    for (int i = 0; i < d.length; i++) {
      s.append(i > 0 ? "x" : "").append(d[i]);
    }
    return s.append(']').toString();
  }
}
