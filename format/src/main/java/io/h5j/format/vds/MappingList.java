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
 * whole chunks) is {@code 3 × rank} longs; consecutive boxes of one pair of stored names form
 * a run, and names are escaped and checked once per distinct pair; the mappings of a chunk
 * grid ({@link #addChunks}) are kept as their arrays of chunk coordinates and source starts.
 * Any other mapping is kept as a {@link Mapping}. {@link MappingBlockWriter#addAll} encodes the list.
 */
public final class MappingList {
  private final int rank;
  private int size;
  /**
   * Runs of consecutive mappings, in order: a run of boxes with one name pair (its index in
   * {@link #pairs}), or of {@link Mapping}s kept in {@link #others} (pair -1). Runs, not a pair
   * per mapping: a versioned file's block is one run of thousands of boxes.
   */
  private int[] runPair = new int[4];
  private int[] runLength = new int[4];
  /** Per run: its index in {@link #chunkRuns}, or -1 for boxes in pages or others. */
  private int[] runChunks = new int[4];
  private int runs;
  /** The runs {@link #addChunks} added, each kept as given (a copy): no longs per box. */
  private final List<ChunkRun> chunkRuns = new ArrayList<>();

  /**
   * Mappings of one {@link #addChunks} call: chunk {@code i} of the grid of {@code chunk} over
   * {@code shape} at {@code coords[i * rank ..]}, from {@code starts[i * rank ..]}.
   */
  record ChunkRun(long[] shape, long[] chunk, long[] coords, long[] starts) {
    /**
     * Checks every mapping (the first is number {@code first}): each chunk inside the grid,
     * each source start a range of the chunk's extent; returns the number of mappings. One
     * pass per dimension, its limits at hand (a commit checks thousands of chunks).
     */
    int check(int first) {
      int rank = chunk.length;
      for (int d = 0; d < rank; d++) {
        long c = chunk[d];
        long grid = shape[d] / c + (shape[d] % c == 0 ? 0 : 1);
        long anyStart = EncodedSelection.UNLIMITED - c; // fits a chunk of any extent
        for (int i = d; i < coords.length; i += rank) {
          long g = coords[i];
          long s = starts[i];
          // an edge chunk's extent is smaller: the exact test only for the rare large start
          if (g < 0 || g >= grid || s < 0
              || s > anyStart && s > EncodedSelection.UNLIMITED - Math.min(c, shape[d] - g * c)) {
            int m = i / rank;
            throw new IllegalArgumentException("mapping " + (first + m) + ": chunk "
                + Arrays.toString(Arrays.copyOfRange(coords, m * rank, m * rank + rank))
                + " is outside the grid of " + Arrays.toString(chunk) + " over "
                + Arrays.toString(shape) + " or its source start "
                + Arrays.toString(Arrays.copyOfRange(starts, m * rank, m * rank + rank))
                + " is not a range");
          }
        }
      }
      return coords.length / rank;
    }

    /**
     * Puts mapping {@code i}'s box into {@code values[0 .. 3 * rank)} as pages hold boxes:
     * source start, virtual start, shape (the chunk cut at the dataset's shape).
     */
    void box(int i, long[] values) {
      int rank = chunk.length;
      for (int d = 0, c = i * rank; d < rank; d++, c++) {
        long v = coords[c] * chunk[d];
        values[d] = starts[c];
        values[rank + d] = v;
        values[2 * rank + d] = Math.min(chunk[d], shape[d] - v);
      }
    }
  }
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
    long[] p = room();
    int at = pageAt;
    for (int d = 0; d < rank; d++) { // element loops: ranks are small, arraycopy calls cost more
      p[at + d] = sourceStart[d];
      p[at + rank + d] = virtualStart[d];
      p[at + 2 * rank + d] = shape[d];
    }
    pageAt = at + 3 * rank;
    append(pair, -1, 1);
    return this;
  }

  /**
   * Adds one mapping per chunk of a regular grid, in the order given: the chunk of the virtual
   * dataset (of {@code shape}) at grid coordinates {@code chunkCoords[i * rank ..]} (its
   * element box: those coordinates times {@code chunk}, cut at {@code shape}) shows the box of
   * the same shape at {@code sourceStarts[i * rank ..]} of {@code sourceDatasetPath} in
   * {@code sourceFile} (literal paths, as {@link #addBox}). All or none are added.
   *
   * @throws IllegalArgumentException for an empty name or one with a NUL, arrays whose lengths
   *     do not fit the rank, a chunk dimension below 1, a chunk outside the grid, a negative
   *     source start or a source end beyond 2^63 - 2
   */
  public MappingList addChunks(String sourceFile, String sourceDatasetPath, long[] shape,
      long[] chunk, long[] chunkCoords, long[] sourceStarts) {
    checkGrid(rank, shape, chunk, chunkCoords, sourceStarts);
    // the copies are checked: what is checked is what is kept, whatever the caller does next
    ChunkRun run = new ChunkRun(shape.clone(), chunk.clone(), chunkCoords.clone(),
        sourceStarts.clone());
    int n = run.check(size);
    int pair = pair(sourceFile, sourceDatasetPath);
    if (n > 0) {
      chunkRuns.add(run);
      append(pair, chunkRuns.size() - 1, n);
    }
    return this;
  }

  /** Checks the rank and array lengths of {@link #addChunks}' arguments. */
  private static void checkGrid(int rank, long[] shape, long[] chunk, long[] chunkCoords,
      long[] sourceStarts) {
    if (rank < 1 || rank > EncodedSelection.MAX_RANK || shape.length != rank
        || chunk.length != rank || chunkCoords.length % rank != 0
        || sourceStarts.length != chunkCoords.length) {
      throw new IllegalArgumentException("chunk mappings need rank " + rank + " (1.."
          + EncodedSelection.MAX_RANK + ") in the shape and chunk shape, and " + rank
          + " chunk coordinates and source start values per mapping; got " + chunkCoords.length
          + " and " + sourceStarts.length);
    }
    for (int d = 0; d < rank; d++) {
      if (chunk[d] < 1 || shape[d] < 0) {
        throw new IllegalArgumentException("chunk shape " + Arrays.toString(chunk)
            + " or shape " + Arrays.toString(shape) + " is not a grid");
      }
    }
  }

  /** The page the next box goes to, at {@link #pageAt}: a new one when the last is full. */
  private long[] room() {
    if (page == null || pageAt == page.length) {
      // pages grow from 16 boxes to perPage: a spec of a few mappings stays small
      int boxes = page == null ? Math.min(16, perPage) : Math.min(2 * page.length / (3 * rank),
          perPage);
      page = new long[boxes * 3 * rank];
      pages.add(page);
      pageAt = 0;
    }
    return page;
  }

  /** Adds any mapping (its names are stored patterns: see {@link Mapping}). */
  public MappingList add(Mapping m) {
    others.add(m);
    append(-1, -1, 1);
    return this;
  }

  /**
   * Counts {@code n} more mappings of name pair {@code pair} (-1: others) in the runs; those of
   * an {@link #addChunks} call ({@code chunks}: its index in {@link #chunkRuns}) are a run.
   */
  private void append(int pair, int chunks, int n) {
    if (runs == 0 || runPair[runs - 1] != pair || chunks >= 0 || runChunks[runs - 1] >= 0) {
      if (runs == runPair.length) {
        runPair = Arrays.copyOf(runPair, runs * 2);
        runLength = Arrays.copyOf(runLength, runs * 2);
        runChunks = Arrays.copyOf(runChunks, runs * 2);
      }
      runPair[runs] = pair;
      runChunks[runs] = chunks;
      runLength[runs++] = 0;
    }
    runLength[runs - 1] += n;
    size += n;
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

  /** The number of runs: consecutive mappings that are boxes of one name pair, or others. */
  int runCount() {
    return runs;
  }

  /** The mappings of run {@code r}. */
  int runLength(int r) {
    return runLength[r];
  }

  /**
   * Whether run {@code r} holds boxes: those of {@link #chunkRun} if it has one, else the next
   * ones of {@link #page}; otherwise its mappings are the next ones of {@link #other}.
   */
  boolean isBoxRun(int r) {
    return runPair[r] >= 0;
  }

  /** The boxes of run {@code r} if {@link #addChunks} added it, else null. */
  ChunkRun chunkRun(int r) {
    return runChunks[r] < 0 ? null : chunkRuns.get(runChunks[r]);
  }

  /** The stored source file name of the boxes of run {@code r}. */
  String file(int r) {
    return pairs.get(2 * runPair[r]);
  }

  /** The stored source dataset name of the boxes of run {@code r}. */
  String dataset(int r) {
    return pairs.get(2 * runPair[r] + 1);
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
