package io.h5j.versioning;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The dataset paths a fuzzed graph may use, each with the dtype, chunk shape (hence rank)
 * and fill value it keeps for the whole graph: every version's dataset at a path shares one
 * {@code /_version_data/<path>/raw_data}, whose chunks and dtype are fixed when it is made.
 * Dataset paths are leaves, never a prefix of another (a path that is a dataset in one
 * version and a group in another would put a raw_data group inside another's). Groups
 * {@code g} and {@code g/h} hold some of them and can be deleted whole.
 */
final class PathCatalog {
  /** One path: numpy dtype ({@code str}: variable-length strings), chunks, fill or null. */
  record Entry(String path, String dtype, long[] chunks, Double fill) {
    int rank() {
      return chunks.length;
    }

    @Override
    public String toString() {
      return path + " " + dtype + " chunks " + Arrays.toString(chunks) + " fill " + fill;
    }
  }

  static final List<String> PATHS = List.of("a", "b", "g/c", "g/d", "g/h/e");
  static final List<String> GROUPS = List.of("g", "g/h");

  private static final double[] FILLS = {0, -7, 7, 1.5, -1};

  private final List<Entry> entries;

  PathCatalog(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /**
   * A random catalog; strings only if {@code strings}. Fill values fit every dtype
   * (1.5 only for floats); null (the library's default, 0) sometimes.
   */
  static PathCatalog random(Random rnd, boolean strings) {
    List<String> dtypes = new ArrayList<>(InteropScenario.NUMERIC_DTYPES);
    if (strings) {
      dtypes.add("str");
      dtypes.add("str");
    }
    List<Entry> out = new ArrayList<>();
    for (String p : PATHS) {
      String dtype = dtypes.get(rnd.nextInt(dtypes.size()));
      int rank = 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 3 : 2);
      long[] chunks = new long[rank];
      for (int d = 0; d < rank; d++) {
        chunks[d] = 1 + rnd.nextInt(rank == 3 ? 3 : 5);
      }
      Double fill = null;
      if (!dtype.equals("str") && rnd.nextInt(4) != 0) {
        fill = FILLS[rnd.nextInt(FILLS.length)];
        if (fill == 1.5 && !dtype.startsWith("<f")) {
          fill = 7.0;
        }
        if (fill < 0 && dtype.contains("u")) {
          fill = 0.0;
        }
      }
      out.add(new Entry(p, dtype, chunks, fill));
    }
    return new PathCatalog(out);
  }

  List<Entry> entries() {
    return entries;
  }

  Entry entry(String path) {
    for (Entry e : entries) {
      if (e.path().equals(path)) {
        return e;
      }
    }
    throw new IllegalArgumentException("no path '" + path + "' in the catalog");
  }

  @Override
  public String toString() {
    return entries.toString();
  }
}
