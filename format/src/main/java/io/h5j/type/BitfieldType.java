package io.h5j.type;

/**
 * Bit field class 4.
 *
 * @param size element size in bytes, at least 1
 * @param order byte order (little- or big-endian)
 * @param bitOffset bits below the field
 * @param bitPrecision significant bits
 * @param loPad value of unused low bits
 * @param hiPad value of unused high bits
 */
public record BitfieldType(int size, Endianness order, int bitOffset, int bitPrecision,
    boolean loPad, boolean hiPad) implements Datatype {
  /**
   * Validates the fields.
   *
   * @param size element size in bytes, at least 1
   * @param order byte order (little- or big-endian)
   * @param bitOffset bits below the field
   * @param bitPrecision significant bits
   * @param loPad value of unused low bits
   * @param hiPad value of unused high bits
   */
  public BitfieldType {
    Check.that(size >= 1, () -> "bitfield size must be at least 1, got " + size);
    Check.that(Check.notNull(order, "order") != Endianness.VAX, "bitfields cannot be VAX ordered");
    Check.that(bitOffset <= 0xffff && bitPrecision <= 0xffff, "bit fields must fit 16 bits");
    Check.bitRange(size, bitOffset, bitPrecision, "bitfield");
  }

  /**
   * A full-width bit field of {@code size} bytes.
   *
   * @param size the size in bytes, at least 1
   * @param order byte order
   * @return the bit field type, all its bits significant
   */
  public static BitfieldType of(int size, Endianness order) {
    return new BitfieldType(size, order, 0, 8 * size, false, false);
  }

  @Override
  public int classId() {
    return 4;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
