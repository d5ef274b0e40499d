package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.select.Hyperslab;
import org.junit.jupiter.api.Test;

/** numpy's slicing rules for {@link Selection#parse} and {@link Slice}, without a file. */
class SelectionParseTest {
  private static final long[] DIMS = {1000, 10};

  private static Hyperslab in(String text, long... dims) {
    return Selection.parse(text).resolve(dims, "/x");
  }

  @Test
  void rangesStepsAndWholeDimensions() {
    Hyperslab h = in("500:510, ::2", DIMS);
    assertArrayEquals(new long[] {500, 0}, h.start());
    assertArrayEquals(new long[] {1, 2}, h.stride());
    assertArrayEquals(new long[] {1, 5}, h.count());
    assertArrayEquals(new long[] {10, 1}, h.block(), "a range is one block, read in runs");
    assertArrayEquals(new long[] {10, 5}, Selection.parse("500:510, ::2").resultShape(DIMS, "/x"));
    assertEquals(h, Selection.of(Slice.range(500, 510), Slice.every(2)).resolve(DIMS, "/x"));
    assertArrayEquals(new long[] {4}, in("1:8:2", 10).count(), "1, 3, 5, 7");
    assertArrayEquals(new long[] {3}, in("1:7:2", 10).count(), "1, 3, 5");
  }

  @Test
  void negativeIndicesCountFromTheEndAndStopsClip() {
    assertArrayEquals(new long[] {999, 0}, in("-1", DIMS).start());
    assertArrayEquals(new long[] {990}, in("-10:", 1000).start());
    assertArrayEquals(new long[] {10}, in("-10:", 1000).shape());
    assertArrayEquals(new long[] {5}, in("5:99999", 10).shape(), "clipped as numpy");
    assertArrayEquals(new long[] {0}, in("8:3", 10).shape(), "empty, as numpy");
    assertArrayEquals(new long[] {2}, in(":-8", 10).shape());
    assertArrayEquals(new long[] {10}, in("-50:", 10).shape(), "a start before 0 clips");
    assertArrayEquals(new long[] {2}, in("-3::2", 10).shape(), "7, 9");
  }

  @Test
  void anIndexDropsItsDimensionFromTheResultShapeOnly() {
    Selection s = Selection.parse("7");
    assertArrayEquals(new long[] {1, 10}, s.resolve(DIMS, "/x").shape());
    assertArrayEquals(new long[] {10}, s.resultShape(DIMS, "/x"));
    assertArrayEquals(new long[] {}, Selection.parse("7, 3").resultShape(DIMS, "/x"));
    assertArrayEquals(new long[] {1000}, Selection.parse("..., 3").resultShape(DIMS, "/x"));
  }

  @Test
  void ellipsisAndMissingDimensions() {
    long[] dims = {4, 5, 6};
    assertEquals(in(":, :, 2", dims), in("..., 2", dims));
    assertEquals(in("1, :, :", dims), in("1", dims));
    assertEquals(in("1, :, 2", dims), in("1, ..., 2", dims));
    assertEquals(Hyperslab.all(dims), in("...", dims));
    assertEquals(Hyperslab.all(dims), in("", dims));
  }

  @Test
  void mistakesAreNamed() {
    var step = assertThrows(IllegalArgumentException.class, () -> Selection.parse("::0"));
    assertTrue(step.getMessage().contains("step must be at least 1"), step.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Slice.range(0, 5, -1));
    var word = assertThrows(IllegalArgumentException.class, () -> Selection.parse("1:x"));
    assertTrue(word.getMessage().contains("'x' in '1:x' is not an integer"), word.getMessage());
    var parts = assertThrows(IllegalArgumentException.class, () -> Selection.parse("1:2:3:4"));
    assertTrue(parts.getMessage().contains("'1:2:3:4'"), parts.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Selection.parse("..., 1, ..."));
    assertThrows(IllegalArgumentException.class, () -> Selection.parse("1,,2"));
    var range = assertThrows(IllegalArgumentException.class, () -> in("10", 10));
    assertEquals("index 10 is out of range for dimension 0 of dataset /x, of size 10",
        range.getMessage());
    assertThrows(IllegalArgumentException.class, () -> in("-11", 10));
  }

  @Test
  void aRankMismatchSaysSo() {
    var many = assertThrows(IllegalArgumentException.class, () -> in("1, 2, 3", DIMS));
    assertEquals("selection [1, 2, 3] has 3 indices; dataset /x has rank 2 (shape (1000, 10))",
        many.getMessage());
    var box = assertThrows(IllegalArgumentException.class, () -> Selection.box(new long[] {0},
        new long[] {5}).resolve(DIMS, "/x"));
    assertTrue(box.getMessage().contains("has rank 1; dataset /x has rank 2 (shape (1000, 10))"),
        box.getMessage());
  }
}
