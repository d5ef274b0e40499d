package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Shapes, flattening and reshaping of Java n-d arrays. */
class NdArraysTest {
  @Test
  void shapeFlattenAndReshapeAreInverse() {
    int[][][] a = new int[2][3][4];
    int k = 0;
    for (int[][] p : a) {
      for (int[] r : p) {
        for (int c = 0; c < r.length; c++) {
          r[c] = k++;
        }
      }
    }
    long[] shape = NdArrays.shapeOf(a);
    assertArrayEquals(new long[] {2, 3, 4}, shape);
    int[] flat = (int[]) NdArrays.flatten(a, shape);
    assertEquals(23, flat[23]);
    assertEquals(1 * 12 + 2 * 4 + 3, ((int[][][]) NdArrays.reshape(flat, shape))[1][2][3]);
    assertArrayEquals(a, (int[][][]) NdArrays.reshape(flat, shape));
    assertEquals("x", NdArrays.reshape(new String[] {"x"}, new long[0]));
  }

  @Test
  void onlyArraysOfPrimitivesAndStringsNest() {
    assertTrue(NdArrays.isNested(new double[1][1]));
    assertTrue(NdArrays.isNested(new String[1][1]));
    assertTrue(NdArrays.isNested(new boolean[1][1][1]));
    assertFalse(NdArrays.isNested(new double[1]));
    assertFalse(NdArrays.isNested(new Object[] {new int[] {1}}), "variable-length sequences");
  }

  @Test
  void raggedAndHoledArraysAreRefusedSayingWhere() {
    double[][] ragged = {{1, 2, 3}, {4, 5}};
    var e = assertThrows(IllegalArgumentException.class, () -> NdArrays.shapeOf(ragged));
    assertTrue(e.getMessage().contains("element [1] has length 2, its siblings 3"), e.getMessage());
    double[][][] deep = {{{1}, {2}}, {{3}, {4, 5}}};
    e = assertThrows(IllegalArgumentException.class, () -> NdArrays.shapeOf(deep));
    assertTrue(e.getMessage().contains("element [1][1] has length 2"), e.getMessage());
    double[][] holed = {{1}, null};
    e = assertThrows(IllegalArgumentException.class, () -> NdArrays.shapeOf(holed));
    assertTrue(e.getMessage().contains("element [1] is null"), e.getMessage());
  }

  @Test
  void shapesPrintAsNumpyPrintsThem() {
    assertEquals("(3, 2)", NdArrays.text(new long[] {3, 2}));
    assertEquals("(5,)", NdArrays.text(new long[] {5}));
    assertEquals("()", NdArrays.text(new long[0]));
  }
}
