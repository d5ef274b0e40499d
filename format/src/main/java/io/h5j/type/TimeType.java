package io.h5j.type;

/**
 * Time class 2 (rarely used; libhdf5 defines 32- and 64-bit UNIX times).
 *
 * @param size element size in bytes, 1..8
 * @param order byte order (little- or big-endian)
 * @param bitPrecision significant bits, 1..8*size
 */
public record TimeType(int size, Endianness order, int bitPrecision) implements Datatype {
  /**
   * Validates the fields.
   *
   * @param size element size in bytes, 1..8
   * @param order byte order (little- or big-endian)
   * @param bitPrecision significant bits, 1..8*size
   */
  public TimeType {
    Check.that(size >= 1 && size <= 8, () -> "time size must be 1..8 bytes, got " + size);
    Check.that(Check.notNull(order, "order") != Endianness.VAX, "time cannot be VAX ordered");
    Check.bitRange(size, 0, bitPrecision, "time");
  }

  @Override
  public int classId() {
    return 2;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
