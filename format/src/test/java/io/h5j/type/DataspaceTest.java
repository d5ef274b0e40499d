package io.h5j.type;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Dataspace as a value: its kinds, counts, readable form and immutability. */
class DataspaceTest {

  @Test
  void scalarAndNullAreToldApartThoughBothHaveNoDimensions() {
    assertTrue(Dataspace.SCALAR.isScalar());
    assertFalse(Dataspace.SCALAR.isNull());
    assertTrue(Dataspace.NULL.isNull());
    assertFalse(Dataspace.NULL.isScalar());
    assertEquals(0, Dataspace.SCALAR.rank());
    assertEquals(0, Dataspace.NULL.rank());
    assertEquals(1, Dataspace.SCALAR.elementCount());
    assertEquals(0, Dataspace.NULL.elementCount());
    assertFalse(Dataspace.simple(3).isScalar() || Dataspace.simple(3).isNull());
  }

  @Test
  void toStringIsReadable() {
    assertEquals("scalar", Dataspace.SCALAR.toString());
    assertEquals("null", Dataspace.NULL.toString());
    assertEquals("(3, 4)", Dataspace.simple(3, 4).toString());
    assertEquals("(0)", Dataspace.simple(0).toString());
    assertEquals("(3, 4) max (unlimited, 4)",
        Dataspace.simple(new long[] {3, 4}, new long[] {Dataspace.UNLIMITED, 4}).toString());
    assertEquals("(3) max (10)", Dataspace.simple(new long[] {3}, new long[] {10}).toString());
  }

  @Test
  void countsAndShapes() {
    Dataspace s = Dataspace.simple(new long[] {2, 3, 4}, null);
    assertEquals(3, s.rank());
    assertEquals(24, s.elementCount());
    assertArrayEquals(new long[] {2, 3, 4}, s.maxDims());
    assertFalse(s.hasMaxDims());
    assertThrows(ArithmeticException.class,
        () -> Dataspace.simple(1L << 32, 1L << 32).elementCount());
  }

  @Test
  void theValueCannotBeChangedThroughItsArrays() {
    long[] dims = {5, 6};
    Dataspace s = Dataspace.simple(dims);
    dims[0] = 7;
    s.dims()[1] = 8;
    assertEquals(Dataspace.simple(5, 6), s);
    assertEquals(Dataspace.simple(5, 6).hashCode(), s.hashCode());
  }

  @Test
  void refusesMismatchedRanks() {
    assertThrows(IllegalArgumentException.class,
        () -> Dataspace.simple(new long[] {1, 2}, new long[] {1}));
  }
}
