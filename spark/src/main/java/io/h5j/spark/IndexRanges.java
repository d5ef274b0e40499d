package io.h5j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.jspecify.annotations.Nullable;

/**
 * The index ranges a read keeps, per dimension: sorted, disjoint half-open intervals
 * {@code [lo, hi)} within the dataset's shape, narrowed by the filters on index columns
 * ({@code i0 >= a}, {@code i1 < b}, {@code i2 = c}, {@code i0 IN (...)}, and their ANDs).
 */
final class IndexRanges {
  private final long[][][] ranges; // [dim][interval] = {lo, hi}

  private IndexRanges(long[][][] ranges) {
    this.ranges = ranges;
  }

  /** Every index of {@code dims}. */
  static IndexRanges all(long[] dims) {
    long[][][] r = new long[dims.length][][];
    for (int k = 0; k < dims.length; k++) {
      r[k] = dims[k] == 0 ? new long[0][] : new long[][] {{0, dims[k]}};
    }
    return new IndexRanges(r);
  }

  /** The rank. */
  int rank() {
    return ranges.length;
  }

  /** The intervals of dimension {@code k}, {@code {lo, hi}} each. */
  long[][] of(int k) {
    return ranges[k];
  }

  /** The number of indexes kept in dimension {@code k}. */
  long length(int k) {
    long n = 0;
    for (long[] r : ranges[k]) {
      n += r[1] - r[0];
    }
    return n;
  }

  /** The number of elements kept. */
  long elements() {
    long n = 1;
    for (int k = 0; k < ranges.length; k++) {
      n = multiplyCapped(n, length(k));
    }
    return n;
  }

  static long multiplyCapped(long a, long b) {
    long p = a * b;
    return a != 0 && (p / a != b || p < 0) ? Long.MAX_VALUE : p;
  }

  /**
   * Narrows these ranges by {@code filter} if it constrains index columns only.
   *
   * @return the narrowed ranges, or null when the filter is not one this class reads
   */
  @Nullable IndexRanges narrow(Filter filter) {
    if (filter instanceof And a) {
      IndexRanges left = narrow(a.left());
      return left == null ? null : left.narrow(a.right());
    }
    String attribute;
    long[][] keep;
    if (filter instanceof EqualTo e && integral(e.value())) {
      attribute = e.attribute();
      keep = point(((Number) e.value()).longValue());
    } else if (filter instanceof EqualNullSafe e && integral(e.value())) {
      attribute = e.attribute();
      keep = point(((Number) e.value()).longValue());
    } else if (filter instanceof GreaterThan g && integral(g.value())) {
      attribute = g.attribute();
      keep = from(((Number) g.value()).longValue(), 1);
    } else if (filter instanceof GreaterThanOrEqual g && integral(g.value())) {
      attribute = g.attribute();
      keep = from(((Number) g.value()).longValue(), 0);
    } else if (filter instanceof LessThan l && integral(l.value())) {
      attribute = l.attribute();
      keep = new long[][] {{Long.MIN_VALUE, ((Number) l.value()).longValue()}};
    } else if (filter instanceof LessThanOrEqual l && integral(l.value())) {
      attribute = l.attribute();
      long v = ((Number) l.value()).longValue();
      keep = new long[][] {{Long.MIN_VALUE, v == Long.MAX_VALUE ? v : v + 1}};
    } else if (filter instanceof In in) {
      attribute = in.attribute();
      List<long[]> points = new ArrayList<>();
      for (Object v : in.values()) {
        if (v == null) {
          continue; // never equal
        }
        if (!integral(v)) {
          return null;
        }
        points.add(point(((Number) v).longValue())[0]);
      }
      keep = points.toArray(new long[0][]);
    } else {
      return null;
    }
    int k = dimension(attribute);
    if (k < 0) {
      return null;
    }
    long[][][] out = ranges.clone();
    out[k] = intersect(ranges[k], union(keep));
    return new IndexRanges(out);
  }

  /** The dimension of index column {@code i<k>}, or -1. */
  private int dimension(String attribute) {
    if (!attribute.matches("i[0-9]{1,3}")) {
      return -1;
    }
    int k = Integer.parseInt(attribute.substring(1));
    return k < ranges.length ? k : -1;
  }

  private static boolean integral(@Nullable Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
  }

  private static long[][] point(long v) {
    return new long[][] {{v, v == Long.MAX_VALUE ? v : v + 1}};
  }

  private static long[][] from(long v, long plus) {
    return new long[][] {{v == Long.MAX_VALUE ? v : v + plus, Long.MAX_VALUE}};
  }

  /** Sorted, merged intervals. */
  private static long[][] union(long[][] in) {
    long[][] s = in.clone();
    Arrays.sort(s, (a, b) -> Long.compare(a[0], b[0]));
    List<long[]> out = new ArrayList<>();
    for (long[] r : s) {
      if (r[0] >= r[1]) {
        continue;
      }
      long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && r[0] <= last[1]) {
        last[1] = Math.max(last[1], r[1]);
      } else {
        out.add(new long[] {r[0], r[1]});
      }
    }
    return out.toArray(new long[0][]);
  }

  /** The intersection of two sorted disjoint interval lists. */
  private static long[][] intersect(long[][] a, long[][] b) {
    List<long[]> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < a.length && j < b.length) {
      long lo = Math.max(a[i][0], b[j][0]);
      long hi = Math.min(a[i][1], b[j][1]);
      if (lo < hi) {
        out.add(new long[] {lo, hi});
      }
      if (a[i][1] < b[j][1]) {
        i++;
      } else {
        j++;
      }
    }
    return out.toArray(new long[0][]);
  }
}
