package io.h5j.format.vds;

import io.h5j.format.select.EncodedSelection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The mappings of a block not yet encoded, in order, kept without an object per mapping: a box
 * (one block of a source placed at one block of the virtual dataset, as versioned files map
 * whole chunks) is {@code 3 × rank} longs plus the index of its pair of stored names, which
 * repeat from mapping to mapping and are escaped and checked once per distinct pair. Any other mapping is kept as
 * a {@link Mapping}. {@link MappingBlockWriter#addAll} encodes the list.
 */
public final class MappingList {
  private final int rank;
  private int size;
  /**
   * Per mapping: a box's name pair (its index in {@link #pairs}), or -1 for a
   * {@link Mapping} kept in {@link #others}. Ints, not references: no write barrier per box.
   */
  private int[] pairOf = new int[16];
  /** Distinct stored (escaped) name pairs: file, dataset, file, dataset, ... */
  private final List<String> pairs = new ArrayList<>();
  private final Map<String, Integer> pairIndex = new HashMap<>();
  /** Longs per full page of boxes; pages are never regrown or copied. */
  private static final int PAGE = 8192;
  /**
   * The boxes in order, each as source start, virtual start and shape ({@code rank} values
   * each); the first pages are smaller, the rest hold {@link #perPage} boxes.
   */
  private final List<long[]> pages = new ArrayList<>();
  private final int perPage;
  private long[] page;
  private int pageAt;
  private final List<Mapping> others = new ArrayList<>();
  /** The literal names last given and their pair: a caller repeats the same names. */
  private String lastFile;
  private String lastDataset;
  private int lastPair = -1;

  /** An empty list whose boxes have {@code rank} dimensions (1..32; checked per box). */
  public MappingList(int rank) {
    this.rank = rank;
    this.perPage = Math.max(1, PAGE / Math.max(1, 3 * rank));
  }

  /** The rank of the boxes. */
  public int rank() {
    return rank;
  }

  /** Mappings added so far. */
  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /**
   * Adds a mapping of the box of {@code shape} at {@code sourceStart} of dataset
   * {@code sourceDatasetPath} in {@code sourceFile} (literal paths: a {@code %} is stored
   * escaped; {@code "."} for the virtual dataset's own file) to the box at
   * {@code virtualStart}.
   *
   * @throws IllegalArgumentException for an empty name or one with a NUL, arrays whose length
   *     is not the rank, a negative start, a shape below 1 or an end beyond 2^63 - 2
   */
  public MappingList addBox(String sourceFile, String sourceDatasetPath, long[] sourceStart,
      long[] virtualStart, long[] shape) {
    checkBox(size, rank, sourceStart, virtualStart, shape);
    int pair = pair(sourceFile, sourceDatasetPath);
    if (page == null || pageAt == page.length) {
      // pages grow from 16 boxes to perPage: a spec of a few mappings stays small
      int boxes = page == null ? Math.min(16, perPage) : Math.min(2 * page.length / (3 * rank),
          perPage);
      page = new long[boxes * 3 * rank];
      pages.add(page);
      pageAt = 0;
    }
    long[] p = page;
    int at = pageAt;
    for (int d = 0; d < rank; d++) { // element loops: ranks are small, arraycopy calls cost more
      p[at + d] = sourceStart[d];
      p[at + rank + d] = virtualStart[d];
      p[at + 2 * rank + d] = shape[d];
    }
    pageAt = at + 3 * rank;
    append(pair);
    return this;
  }

  /** Adds any mapping (its names are stored patterns: see {@link Mapping}). */
  public MappingList add(Mapping m) {
    others.add(m);
    append(-1);
    return this;
  }

  private void append(int pair) {
    if (size == pairOf.length) {
      pairOf = Arrays.copyOf(pairOf, size * 2);
    }
    pairOf[size++] = pair;
  }

  /**
   * Checks mapping {@code mapping}'s box: every array of length {@code rank} (1..32), both
   * boxes ranges of longs below 2^63 - 1.
   */
  static void checkBox(int mapping, int rank, long[] sourceStart, long[] virtualStart,
      long[] shape) {
    if (rank < 1 || rank > EncodedSelection.MAX_RANK || sourceStart.length != rank
        || virtualStart.length != rank || shape.length != rank) {
      throw new IllegalArgumentException("mapping " + mapping + ": a box needs rank " + rank
          + " (1.." + EncodedSelection.MAX_RANK + ") in its source start, virtual start and"
          + " shape");
    }
    checkRange(mapping, sourceStart, shape, "source");
    checkRange(mapping, virtualStart, shape, "virtual");
  }

  private static void checkRange(int mapping, long[] start, long[] shape, String which) {
    for (int d = 0; d < start.length; d++) {
      if (start[d] < 0 || shape[d] < 1 || start[d] > EncodedSelection.UNLIMITED - shape[d]) {
        throw new IllegalArgumentException("mapping " + mapping + ": " + which + " box at "
            + Arrays.toString(start) + " of " + Arrays.toString(shape) + " is not a range");
      }
    }
  }

  /** The index of the pair of these literal names, added (checked and escaped) when new. */
  private int pair(String file, String dataset) {
    if (lastPair >= 0 && file.equals(lastFile) && dataset.equals(lastDataset)) {
      return lastPair;
    }
    String f = stored(file, "source file name");
    String d = stored(dataset, "source dataset name");
    Integer known = pairIndex.get(f + '\0' + d); // a NUL is in no name
    int found = known != null ? known : pairs.size() / 2;
    if (known == null) {
      pairIndex.put(f + '\0' + d, found);
      pairs.add(f);
      pairs.add(d);
    }
    lastFile = file;
    lastDataset = dataset;
    lastPair = found;
    return found;
  }

  /** A literal name, checked, as stored (escaped). */
  static String stored(String literal, String what) {
    Mapping.check(literal, what);
    return Mapping.escape(literal);
  }

  // ---- for MappingBlockWriter.addAll, which walks the list in order ----

  /** Whether mapping {@code i} is a box; otherwise it is the next of {@link #other}. */
  boolean isBox(int i) {
    return pairOf[i] >= 0;
  }

  /** The stored source file name of box {@code i}. */
  String file(int i) {
    return pairs.get(2 * pairOf[i]);
  }

  /** The stored source dataset name of box {@code i}. */
  String dataset(int i) {
    return pairs.get(2 * pairOf[i] + 1);
  }

  /** Page {@code k} of the boxes (full but for the last): source start, virtual start, shape. */
  long[] page(int k) {
    return pages.get(k);
  }

  /** The {@code k}-th mapping that is not a box. */
  Mapping other(int k) {
    return others.get(k);
  }
}
