package io.h5j.cli;

import io.h5j.raw.StoredSelection;

/**
 * A stored selection as h5dump prints it: in a virtual dataset's mappings under {@code -p}
 * ({@code SELECTION REGULAR_HYPERSLAB { START (..) ... }}) and after a region reference's
 * target ({@code REGION_TYPE BLOCK  (1,0)-(2,1)}). A block list that forms a regular
 * hyperslab prints as that hyperslab, as libhdf5 decodes it.
 */
final class DdlSelections {
  private DdlSelections() {}

  /** The {@code SELECTION ...} lines of a mapping's region, the first at {@code level}. */
  static void writeMapping(DumpOutput out, int level, StoredSelection s) {
    StoredSelection.Hyperslab regular = regular(s);
    if (regular != null) {
      line(out, level, "SELECTION REGULAR_HYPERSLAB { ");
      line(out, level + 1, "START " + tuple(regular.start()));
      line(out, level + 1, "STRIDE " + tuple(regular.stride()));
      line(out, level + 1, "COUNT " + tuple(regular.count()));
      line(out, level + 1, "BLOCK " + tuple(regular.block()));
      line(out, level, "}");
    } else if (s instanceof StoredSelection.Blocks b) {
      line(out, level, "SELECTION IRREGULAR_HYPERSLAB { ");
      line(out, level + 1, blocks(b));
      line(out, level, "}");
    } else if (s instanceof StoredSelection.Points p) {
      line(out, level, "SELECTION POINT { ");
      line(out, level + 1, points(p));
      line(out, level, "}");
    } else {
      line(out, level, s instanceof StoredSelection.All ? "SELECTION ALL" : "SELECTION NONE");
    }
  }

  /** Whether a region reference's selection prints as {@code REGION_TYPE BLOCK}. */
  static boolean isBlocks(StoredSelection s) {
    return s instanceof StoredSelection.Blocks
        || s instanceof StoredSelection.Hyperslab h && bounded(h);
  }

  /**
   * A region reference's {@code REGION_TYPE} lines, after {@code indent}: its points, or its
   * blocks (a regular hyperslab's in C order), wrapped as h5dump wraps them: an item goes to a
   * new line, indented one more space, when the line would reach column 77 with it.
   */
  static void writeRegion(DumpOutput out, StringBuilder indent, StoredSelection s) {
    StringBuilder line = new StringBuilder(indent);
    String items;
    if (s instanceof StoredSelection.Points p) {
      line.append("REGION_TYPE POINT  ");
      items = points(p);
    } else {
      line.append("REGION_TYPE BLOCK  ");
      items = blocks(s instanceof StoredSelection.Hyperslab h ? blocksOf(h)
          : (StoredSelection.Blocks) s);
    }
    // items are separated by ", ": each after the first starts with its space
    int from = 0;
    boolean first = true;
    while (from < items.length()) {
      int comma = items.indexOf(", ", from);
      int to = comma < 0 ? items.length() : comma + 1;
      String item = (first ? "" : " ") + items.substring(from, to);
      if (!first && line.length() + item.length() >= WRAP_AT) {
        out.append(line).append('\n');
        line.setLength(0);
        line.append(indent);
      }
      line.append(item);
      first = false;
      from = comma < 0 ? items.length() : comma + 2;
    }
    out.append(line).append('\n');
  }

  private static final int WRAP_AT = 77;

  private static boolean bounded(StoredSelection.Hyperslab h) {
    for (int d = 0; d < h.rank(); d++) {
      if (h.count()[d] == StoredSelection.UNLIMITED || h.block()[d] == StoredSelection.UNLIMITED) {
        return false;
      }
    }
    return true;
  }

  /** The stored hyperslab, or the one a block list forms, or null. */
  private static StoredSelection.Hyperslab regular(StoredSelection s) {
    if (s instanceof StoredSelection.Hyperslab h) {
      return h;
    }
    return s instanceof StoredSelection.Blocks b ? b.asRegular() : null;
  }

  /** A bounded hyperslab's blocks in C order. */
  private static StoredSelection.Blocks blocksOf(StoredSelection.Hyperslab h) {
    int rank = h.rank();
    long[] start = h.start();
    long[] stride = h.stride();
    long[] count = h.count();
    long[] block = h.block();
    long n = 1;
    for (long c : count) {
      n = Math.multiplyExact(n, c);
    }
    long[] s = new long[Math.toIntExact(n * rank)];
    long[] e = new long[s.length];
    long[] idx = new long[rank];
    for (int b = 0; b < n; b++) {
      for (int d = 0; d < rank; d++) {
        s[b * rank + d] = start[d] + idx[d] * stride[d];
        e[b * rank + d] = s[b * rank + d] + block[d] - 1;
      }
      for (int d = rank - 1; d >= 0 && ++idx[d] == count[d]; d--) {
        idx[d] = 0;
      }
    }
    return new StoredSelection.Blocks(rank, s, e);
  }

  private static String blocks(StoredSelection.Blocks b) {
    StringBuilder sb = new StringBuilder();
    int rank = b.rank();
    for (int k = 0; k < b.blockCount(); k++) {
      sb.append(k == 0 ? "(" : ", (");
      for (int d = 0; d < rank; d++) {
        sb.append(d == 0 ? "" : ",").append(b.start(k, d));
      }
      sb.append(")-(");
      for (int d = 0; d < rank; d++) {
        sb.append(d == 0 ? "" : ",").append(b.end(k, d));
      }
      sb.append(')');
    }
    return sb.toString();
  }

  private static String points(StoredSelection.Points p) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < p.count(); i++) {
      sb.append(i == 0 ? "(" : ", (");
      for (int d = 0; d < p.rank(); d++) {
        sb.append(d == 0 ? "" : ",").append(p.coord(i, d));
      }
      sb.append(')');
    }
    return sb.toString();
  }

  private static String tuple(long[] v) {
    StringBuilder sb = new StringBuilder("(");
    for (int d = 0; d < v.length; d++) {
      sb.append(d == 0 ? "" : ",")
          .append(v[d] == StoredSelection.UNLIMITED ? "H5S_UNLIMITED" : Long.toString(v[d]));
    }
    return sb.append(')').toString();
  }

  private static void line(DumpOutput out, int level, String s) {
    out.append(DdlIndent.append(new StringBuilder(), level).append(s)).append('\n');
  }
}
