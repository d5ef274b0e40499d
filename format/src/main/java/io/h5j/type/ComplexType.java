package io.h5j.type;

/**
 * Complex number class 11 (HDF5 2.0): a real and an imaginary part of one floating-point
 * type, stored one after the other (rectangular form, real part first), like C99's
 * {@code float _Complex} and numpy's {@code complex64}/{@code complex128}. Elements are read
 * and written as {@link Complex} values.
 *
 * <p>libhdf5 2.0 writes the class in datatype message version 5, which libhdf5 before 2.0
 * cannot read; files meant for older readers store complex numbers as a compound of two
 * floats (h5py's default: members "r" and "i").
 *
 * @param base the type of each part; any {@link FloatType} layout
 */
public record ComplexType(FloatType base) implements Datatype {

  /**
   * Validates the base type and that the element size fits an int.
   *
   * @param base the type of each part; any {@link FloatType} layout
   */
  public ComplexType {
    Check.notNull(base, "base");
    Check.that(base.size() <= Integer.MAX_VALUE / 2, "complex base type too large");
  }

  /** Two parts of the base type. */
  @Override
  public int size() {
    return 2 * base.size();
  }

  /**
   * The same parts in another byte order.
   *
   * @param o the byte order wanted
   * @return a copy whose parts have byte order {@code o}
   */
  public ComplexType withOrder(Endianness o) {
    return new ComplexType(base.withOrder(o));
  }

  @Override
  public int classId() {
    return 11;
  }

  /** The readable {@link #name()}, e.g. {@code int32}. */
  @Override
  public String toString() {
    return name();
  }
}
