package io.h5j.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link StoredSelection.Blocks#asRegular}: the regular hyperslab a block list forms. */
class StoredSelectionTest {
  private static StoredSelection.Blocks blocks(int rank, long... startEnd) {
    int n = startEnd.length / (2 * rank);
    long[] s = new long[n * rank];
    long[] e = new long[n * rank];
    for (int b = 0; b < n; b++) {
      System.arraycopy(startEnd, b * 2 * rank, s, b * rank, rank);
      System.arraycopy(startEnd, b * 2 * rank + rank, e, b * rank, rank);
    }
    return new StoredSelection.Blocks(rank, s, e);
  }

  private static StoredSelection.Hyperslab slab(long[] start, long[] stride, long[] count,
      long[] block) {
    return new StoredSelection.Hyperslab(start, stride, count, block);
  }

  @Test
  void oneBlockIsAHyperslabOfStrideOne() {
    assertEquals(slab(new long[] {1, 2}, new long[] {1, 1}, new long[] {1, 1},
        new long[] {2, 3}), blocks(2, 1, 2, 2, 4).asRegular());
  }

  @Test
  void aGridOfBlocksIsItsHyperslab() {
    // rows 0 and 3 (2 tall, stride 3) by columns 1 and 5 (1 wide, stride 4), in C order
    StoredSelection.Blocks grid = blocks(2, 0, 1, 1, 1, 0, 5, 1, 5, 3, 1, 4, 1, 3, 5, 4, 5);
    assertEquals(slab(new long[] {0, 1}, new long[] {3, 4}, new long[] {2, 2},
        new long[] {2, 1}), grid.asRegular());
  }

  @Test
  void adjacentBlocksMergeIntoOne() {
    assertEquals(slab(new long[] {0}, new long[] {1}, new long[] {1}, new long[] {6}),
        blocks(1, 0, 1, 2, 5).asRegular());
  }

  @Test
  void blocksOfOtherShapesOrDistancesOrAnLShapeAreIrregular() {
    assertNull(blocks(2, 0, 0, 1, 2, 3, 4, 4, 6).asRegular()); // vds.h5's two blocks
    assertNull(blocks(1, 0, 0, 2, 2, 6, 6).asRegular()); // distances 2 and 4
    assertNull(blocks(1, 0, 0, 2, 3).asRegular()); // lengths 1 and 2
    assertNull(blocks(2, 0, 0, 0, 1, 1, 0, 1, 0).asRegular()); // 3 of a 2x2 square
    assertNull(new StoredSelection.Blocks(1, new long[0], new long[0]).asRegular());
  }

  @Test
  void malformedValuesAreRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> new StoredSelection.Blocks(2, new long[] {0, 0, 1}, new long[] {0, 0, 1}));
    assertThrows(IllegalArgumentException.class, () -> blocks(1, 3, 2));
    assertThrows(IllegalArgumentException.class,
        () -> new StoredSelection.Points(2, new long[] {1, 2, 3}));
    assertThrows(IllegalArgumentException.class,
        () -> slab(new long[] {0}, new long[] {1, 1}, new long[] {1}, new long[] {1}));
  }

  @Test
  void valuesAreCopiedAndCompareByContent() {
    long[] c = {1, 2, 3, 4};
    StoredSelection.Points p = new StoredSelection.Points(2, c);
    c[0] = 9;
    assertEquals(new StoredSelection.Points(2, new long[] {1, 2, 3, 4}), p);
    assertEquals(2, p.count());
    assertEquals(4, p.coord(1, 1));
  }
}
