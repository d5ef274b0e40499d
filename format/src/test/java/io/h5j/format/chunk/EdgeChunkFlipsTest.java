package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@link EdgeChunkFlips} against a walk over every chunk of both extents. */
class EdgeChunkFlipsTest {
  /**
   * Random ranks, chunk shapes and pairs of extents (grow, shrink, both, neither): the chunks
   * visited are, once each, those inside both extents that are partial edge chunks under
   * exactly one.
   */
  @Property(tries = 500)
  void visitsExactlyTheChunksWhoseEdgeStateChanges(@ForAll long seed) throws Exception {
    Random rnd = new Random(seed);
    int rank = 1 + rnd.nextInt(3);
    long[] chunk = new long[rank];
    long[] before = new long[rank];
    long[] after = new long[rank];
    for (int d = 0; d < rank; d++) {
      chunk[d] = 1 + rnd.nextInt(4);
      before[d] = rnd.nextInt(13);
      after[d] = rnd.nextInt(4) == 0 ? before[d] : rnd.nextInt(13);
    }
    List<List<Long>> visited = new ArrayList<>();
    EdgeChunkFlips.forEach(chunk, before, after, o -> visited.add(key(o)));
    Set<List<Long>> want = new HashSet<>();
    everyChunk(chunk, before, o -> {
      boolean inAfter = true;
      for (int d = 0; d < rank; d++) {
        inAfter &= o[d] < after[d];
      }
      if (inAfter && partialEdge(chunk, before, o) != partialEdge(chunk, after, o)) {
        want.add(key(o));
      }
    });
    String what = Arrays.toString(chunk) + " " + Arrays.toString(before) + " -> "
        + Arrays.toString(after);
    assertEquals(want.size(), visited.size(), what + ": each once " + visited);
    assertEquals(want, new HashSet<>(visited), what);
  }

  /** Appending rows when the columns' partial chunk stays: nothing to visit. */
  @Test
  void appendKeepingTheLastPartialChunkVisitsNothing() throws Exception {
    List<List<Long>> visited = new ArrayList<>();
    EdgeChunkFlips.forEach(new long[] {4, 3}, new long[] {13, 11}, new long[] {14, 11},
        o -> visited.add(key(o)));
    assertEquals(List.of(), visited);
    EdgeChunkFlips.forEach(new long[] {4, 3}, new long[] {13, 11}, new long[] {16, 11},
        o -> visited.add(key(o)));
    assertEquals(List.of(List.of(12L, 0L), List.of(12L, 3L), List.of(12L, 6L)), visited,
        "the row of edge chunks that became whole, not the column that stays an edge");
  }

  private static boolean partialEdge(long[] chunk, long[] dims, long[] o) {
    for (int d = 0; d < o.length; d++) {
      if (o[d] + chunk[d] > dims[d]) {
        return true;
      }
    }
    return false;
  }

  /** Every chunk that starts inside {@code dims}, one by one. */
  private static void everyChunk(long[] chunk, long[] dims, ShrinkRegion.OffsetVisitor v)
      throws Exception {
    int rank = chunk.length;
    long[] o = new long[rank];
    for (int d = 0; d < rank; d++) {
      if (dims[d] == 0) {
        return;
      }
    }
    while (true) {
      v.visit(o.clone());
      int d = rank - 1;
      while (d >= 0 && (o[d] += chunk[d]) >= dims[d]) {
        o[d] = 0;
        d--;
      }
      if (d < 0) {
        return;
      }
    }
  }

  private static List<Long> key(long[] o) {
    List<Long> k = new ArrayList<>();
    for (long x : o) {
      k.add(x);
    }
    return k;
  }
}
