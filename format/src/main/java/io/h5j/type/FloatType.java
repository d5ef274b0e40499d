package io.h5j.type;

/**
 * Floating-point class 1, with its bit layout spelled out so that any binary format can be
 * described: IEEE half/single/double, bfloat16, x87 extended, VAX.
 * Bit positions count from the least significant bit of the whole element.
 *
 * @param size element size in bytes, at least 1 (VAX order needs an even size); the sign,
 *     exponent and mantissa fields lie in the first 511 bits, as the message's byte-wide
 *     positions and sizes allow
 * @param order byte order
 * @param loPad value of unused bits below {@code bitOffset}
 * @param hiPad value of unused bits above {@code bitOffset + bitPrecision}
 * @param internalPad value of unused bits between the sign, exponent and mantissa
 * @param normalization how the leading mantissa bit is stored
 * @param signLocation bit position of the sign bit
 * @param bitOffset position of the first significant bit
 * @param bitPrecision number of significant bits
 * @param exponentLocation bit position of the exponent field
 * @param exponentSize exponent width in bits, 1..31
 * @param mantissaLocation bit position of the mantissa field
 * @param mantissaSize mantissa width in bits, 1..255 (2.. when the leading bit is explicit)
 * @param exponentBias the exponent bias, an unsigned 32-bit value
 */
public record FloatType(int size, Endianness order, boolean loPad, boolean hiPad,
    boolean internalPad, MantissaNormalization normalization, int signLocation, int bitOffset,
    int bitPrecision, int exponentLocation, int exponentSize, int mantissaLocation,
    int mantissaSize, long exponentBias) implements Datatype {

  /**
   * Validates the fields; throws IllegalArgumentException when they describe no float.
   *
   * @param size element size in bytes, at least 1 (VAX order needs an even size); the sign,
   *     exponent and mantissa fields lie in the first 511 bits, as the message's byte-wide
   *     positions and sizes allow
   * @param order byte order
   * @param loPad value of unused bits below {@code bitOffset}
   * @param hiPad value of unused bits above {@code bitOffset + bitPrecision}
   * @param internalPad value of unused bits between the sign, exponent and mantissa
   * @param normalization how the leading mantissa bit is stored
   * @param signLocation bit position of the sign bit
   * @param bitOffset position of the first significant bit
   * @param bitPrecision number of significant bits
   * @param exponentLocation bit position of the exponent field
   * @param exponentSize exponent width in bits, 1..31
   * @param mantissaLocation bit position of the mantissa field
   * @param mantissaSize mantissa width in bits, 1..255 (2.. when the leading bit is explicit)
   * @param exponentBias the exponent bias, an unsigned 32-bit value
   */
  public FloatType {
    Check.that(size >= 1, () -> "floating-point size must be at least 1 byte, got " + size);
    Check.notNull(order, "order");
    Check.notNull(normalization, "normalization");
    Check.that(order != Endianness.VAX || size % 2 == 0, "VAX order needs an even size");
    Check.that(bitOffset <= 0xffff && bitPrecision <= 0xffff, "bit fields must fit 16 bits");
    Check.bitRange(size, bitOffset, bitPrecision, "floating-point");
    int lo = bitOffset;
    int hi = bitOffset + bitPrecision;
    Check.that(signLocation >= lo && signLocation < hi && signLocation <= 255,
        () -> "sign location " + signLocation + " outside the significant bits");
    Check.that(exponentSize >= 1 && exponentSize <= 31, "exponent size must be 1..31 bits");
    Check.that(exponentLocation >= lo && exponentLocation + exponentSize <= hi
        && exponentLocation <= 255, "exponent field outside the significant bits");
    Check.that(mantissaSize >= (normalization == MantissaNormalization.IMPLIED ? 1 : 2)
        && mantissaSize <= 255, () -> "mantissa size " + mantissaSize + " is out of range");
    Check.that(mantissaLocation >= lo && mantissaLocation + mantissaSize <= hi
        && mantissaLocation <= 255, "mantissa field outside the significant bits");
    Check.that(!overlaps(signLocation, 1, exponentLocation, exponentSize)
        && !overlaps(signLocation, 1, mantissaLocation, mantissaSize)
        && !overlaps(exponentLocation, exponentSize, mantissaLocation, mantissaSize),
        "sign, exponent and mantissa fields overlap");
    Check.that(exponentBias >= 0 && exponentBias <= 0xffffffffL, "exponent bias must be u32");
  }

  private static boolean overlaps(int a, int an, int b, int bn) {
    return a < b + bn && b < a + an;
  }

  /**
   * An IEEE-754-style layout packed from bit 0: mantissa, then exponent, then sign, with an
   * implied leading bit and bias {@code 2^(exponentBits-1) - 1}. {@code ieee(2, 5, 10, LE)}
   * is half precision, {@code ieee(2, 8, 7, LE)} is bfloat16.
   *
   * @param size element size in bytes
   * @param exponentBits the exponent's width in bits
   * @param mantissaBits the stored mantissa's width in bits (the leading bit is implied)
   * @param order byte order
   * @return the float type
   */
  public static FloatType ieee(int size, int exponentBits, int mantissaBits, Endianness order) {
    int precision = 1 + exponentBits + mantissaBits;
    return new FloatType(size, order, false, false, false, MantissaNormalization.IMPLIED,
        precision - 1, 0, precision, mantissaBits, exponentBits, 0, mantissaBits,
        (1L << (exponentBits - 1)) - 1);
  }

  /**
   * The same layout in another byte order.
   *
   * @param o the byte order wanted
   * @return a copy with byte order {@code o}
   */
  public FloatType withOrder(Endianness o) {
    return new FloatType(size, o, loPad, hiPad, internalPad, normalization, signLocation,
        bitOffset, bitPrecision, exponentLocation, exponentSize, mantissaLocation, mantissaSize,
        exponentBias);
  }

  /**
   * True for IEEE binary32 (any byte order but VAX).
   *
   * @return whether this is binary32
   */
  public boolean isIeeeSingle() {
    return size == 4 && order != Endianness.VAX && sameLayout(Datatypes.FLOAT32);
  }

  /**
   * True for IEEE binary64 (any byte order but VAX).
   *
   * @return whether this is binary64
   */
  public boolean isIeeeDouble() {
    return size == 8 && order != Endianness.VAX && sameLayout(Datatypes.FLOAT64);
  }

  /**
   * Whether every field but the byte order equals {@code o}'s (asked on every read of floats:
   * no copy in another order made for the comparison).
   */
  private boolean sameLayout(FloatType o) {
    return size == o.size && loPad == o.loPad && hiPad == o.hiPad
        && internalPad == o.internalPad && normalization == o.normalization
        && signLocation == o.signLocation && bitOffset == o.bitOffset
        && bitPrecision == o.bitPrecision && exponentLocation == o.exponentLocation
        && exponentSize == o.exponentSize && mantissaLocation == o.mantissaLocation
        && mantissaSize == o.mantissaSize && exponentBias == o.exponentBias;
  }

  @Override
  public int classId() {
    return 1;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
