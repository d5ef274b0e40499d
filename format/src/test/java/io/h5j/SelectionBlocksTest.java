package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@link Selection#in}: the public blocks of a selection in a dataset's dimensions. */
class SelectionBlocksTest {
  private static final long[] DIMS = {100, 10};

  @Test
  void numpySelectionResolvesToBlocksPerDimension() {
    SelectionBlocks b = Selection.parse("10:20:3, 4").in(DIMS, "/x");
    assertEquals(2, b.rank());
    assertArrayEquals(new long[] {10, 4}, b.start());
    assertArrayEquals(new long[] {3, 1}, b.stride());
    assertArrayEquals(new long[] {4, 1}, b.count(), "rows 10, 13, 16, 19");
    assertArrayEquals(new long[] {1, 1}, b.block());
    assertArrayEquals(new long[] {4, 1}, b.shape());
    assertEquals(4, b.elementCount());
    assertEquals(20, b.end(0));
    assertEquals(5, b.end(1));
  }

  @Test
  void allBoxAndHyperslabResolveAsGiven() {
    SelectionBlocks all = Selection.all().in(DIMS, "/x");
    assertArrayEquals(new long[] {0, 0}, all.start());
    assertArrayEquals(new long[] {100, 10}, all.shape());
    SelectionBlocks box = Selection.box(new long[] {5, 2}, new long[] {3, 4}).in(DIMS, "/x");
    assertArrayEquals(new long[] {1, 1}, box.count());
    assertArrayEquals(new long[] {3, 4}, box.block());
    SelectionBlocks slab = Selection.hyperslab(new long[] {0, 1}, new long[] {10, 2},
        new long[] {10, 5}, new long[] {2, 1}).in(DIMS, "/x");
    assertEquals(100, slab.elementCount());
    assertEquals(box, Selection.parse("5:8, 2:6").in(DIMS, "/x"));
  }

  @Test
  void arraysAreCopies() {
    SelectionBlocks b = Selection.box(new long[] {5, 2}, new long[] {3, 4}).in(DIMS, "/x");
    b.start()[0] = 99;
    b.count()[0] = 99;
    b.stride()[0] = 99;
    b.block()[0] = 99;
    assertArrayEquals(new long[] {5, 2}, b.start());
    assertArrayEquals(new long[] {1, 1}, b.count());
    assertArrayEquals(new long[] {1, 1}, b.stride());
    assertArrayEquals(new long[] {3, 4}, b.block());
  }

  @Test
  void selectionOutsideTheDatasetIsRefusedNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Selection.box(new long[] {99, 0}, new long[] {2, 1}).in(DIMS, "/x"));
    assertEquals(true, e.getMessage().contains("/x"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Selection.parse("1, 2, 3").in(DIMS, "/x"));
  }
}
