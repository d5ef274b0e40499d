package io.h5j.type;

/**
 * Fixed-point (integer) class 0.
 *
 * @param size element size in bytes, at least 1 (libhdf5 accepts any: H5Tset_size on an
 *     integer type makes a 32-byte one as readily as a 4-byte one)
 * @param order byte order (little- or big-endian)
 * @param signed two's complement when true
 * @param bitOffset bits below the value (filled with the low pad bit)
 * @param bitPrecision significant bits, at least 1, {@code bitOffset + bitPrecision <= 8*size}
 * @param loPad value of unused low bits (the lo_pad flag)
 * @param hiPad value of unused high bits (the hi_pad flag)
 */
public record FixedPointType(int size, Endianness order, boolean signed, int bitOffset,
    int bitPrecision, boolean loPad, boolean hiPad) implements Datatype {

  /**
   * Validates the fields; throws IllegalArgumentException when they describe no integer.
   *
   * @param size element size in bytes, at least 1 (libhdf5 accepts any: H5Tset_size on an integer
   *     type makes a 32-byte one as readily as a 4-byte one)
   * @param order byte order (little- or big-endian)
   * @param signed two's complement when true
   * @param bitOffset bits below the value (filled with the low pad bit)
   * @param bitPrecision significant bits, at least 1, {@code bitOffset + bitPrecision <= 8*size}
   * @param loPad value of unused low bits (the lo_pad flag)
   * @param hiPad value of unused high bits (the hi_pad flag)
   */
  public FixedPointType {
    Check.that(size >= 1, () -> "fixed-point size must be at least 1 byte, got " + size);
    Check.that(Check.notNull(order, "order") != Endianness.VAX,
        "fixed-point types cannot be VAX ordered");
    Check.that(bitOffset <= 0xffff && bitPrecision <= 0xffff, "bit fields must fit 16 bits");
    Check.bitRange(size, bitOffset, bitPrecision, "fixed-point");
  }

  /**
   * A full-width integer without padding.
   *
   * @param size the size in bytes, at least 1
   * @param signed two's complement when true, unsigned otherwise
   * @param order byte order
   * @return the integer type, all its bits significant
   */
  public static FixedPointType of(int size, boolean signed, Endianness order) {
    return new FixedPointType(size, order, signed, 0, 8 * size, false, false);
  }

  /**
   * The same type in another byte order.
   *
   * @param o the byte order wanted
   * @return a copy with byte order {@code o}
   */
  public FixedPointType withOrder(Endianness o) {
    return new FixedPointType(size, o, signed, bitOffset, bitPrecision, loPad, hiPad);
  }

  @Override
  public int classId() {
    return 0;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
