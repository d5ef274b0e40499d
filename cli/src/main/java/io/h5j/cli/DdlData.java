package io.h5j.cli;

/**
 * The lines inside a {@code DATA { }} block as h5dump 1.10 lays them out: each line starts
 * with the index of its first element, {@code (1,0): }, or (with {@code -y}) only one more
 * indent; elements are separated by {@code ", "}; a line ends before an element that would
 * take it past column 77, at the end of each row of the last dimension, and around an element
 * of several lines (a compound, a string holding a newline); an element too long for a line
 * gets one of its own.
 */
final class DdlData {
  /**
   * h5dump's line width of 80 as its wrap test works out: it counts three columns more than
   * an index prefix takes, so a line with indices ends by column 77, one without by 80.
   */
  static final int WIDTH = 80;
  private static final int INDEX_SLACK = 3;

  /** A value's own newline: h5dump goes on at column 11, whatever the indentation. */
  private static final String VALUE_CONTINUATION = "\n" + " ".repeat(11);

  private final DumpOutput out;
  private final int level;
  private final long[] dims;
  private final long total;
  private final boolean indices;
  private long next;
  /** Elements printed as blocks of their own, not on the data lines. */
  private long blocks;
  private int column;
  private boolean lastMultiline;

  /**
   * @param level the indentation level of the block's lines
   * @param dims the shape (empty for a scalar)
   * @param indices whether lines start with an index (h5dump without {@code -y})
   */
  DdlData(DumpOutput out, int level, long[] dims, boolean indices) {
    this.out = out;
    this.level = level;
    this.dims = dims;
    long n = 1;
    for (long d : dims) {
      n *= d;
    }
    this.total = n;
    this.indices = indices;
  }

  /** The next element, as {@link DdlElements} formats it (without its separator). */
  void element(String s) {
    long i = next++;
    if (i + 1 < total) {
      s = s + ",";
    }
    // a string holding a newline ends its line; an element of several lines (an array, a
    // compound) does not, but h5dump counts all its characters as if on one line
    boolean multiline = s.indexOf(DdlStrings.NEWLINE) >= 0;
    long row = dims.length == 0 ? 0 : dims[dims.length - 1];
    boolean newLine = i == 0 || lastMultiline || (row > 0 && i % row == 0)
        || column + 1 + s.length() > WIDTH - (indices ? INDEX_SLACK : 0);
    if (newLine) {
      if (i > 0) {
        out.append('\n');
      }
      prefix(i);
    } else {
      out.append(' ');
      column++;
    }
    if (s.indexOf(DdlStrings.NEWLINE) >= 0) {
      column += s.length() - (int) s.chars().filter(c -> c == DdlStrings.NEWLINE).count();
      s = s.replace(String.valueOf(DdlStrings.NEWLINE), VALUE_CONTINUATION);
    } else {
      column += s.length();
    }
    out.append(s);
    lastMultiline = multiline;
  }

  /**
   * Counts an element printed as a block of its own (a region reference) rather than on the
   * data lines; returns its index.
   */
  long block() {
    blocks++;
    return next++;
  }

  /** Ends the last line, if any element was given to it. */
  void end() {
    if (next > blocks) {
      out.append('\n');
    }
  }

  private void prefix(long i) {
    StringBuilder b = new StringBuilder();
    DdlIndent.append(b, indices ? level : level + 1);
    if (indices) {
      b.append('(');
      long rest = i;
      String[] parts = new String[Math.max(1, dims.length)];
      parts[0] = "0";
      for (int d = dims.length - 1; d >= 0; d--) {
        parts[d] = Long.toString(dims[d] == 0 ? 0 : rest % dims[d]);
        rest = dims[d] == 0 ? 0 : rest / dims[d];
      }
      b.append(String.join(",", parts)).append("): ");
    }
    out.append(b);
    column = b.length();
  }
}
