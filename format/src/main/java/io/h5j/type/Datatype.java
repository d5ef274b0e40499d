package io.h5j.type;

/**
 * An HDF5 datatype: the closed family of the twelve datatype classes of the Datatype
 * message (header message 0x0003). Every implementation is an immutable record whose
 * constructor validates its fields, so an instance always describes a type that h5j can
 * store. {@link Datatypes} holds the common ones.
 *
 * <p>{@link #name()} (and {@code toString()}) is a short readable name: {@code int32},
 * {@code uint8 BE}, {@code float64}, {@code complex64}, {@code string[10] ASCII NULLPAD},
 * {@code vlen string UTF8}, {@code compound{x: float64, y: int32}},
 * {@code enum int8 {A=0, B=1}}, {@code array[3] of float32}; {@code h5j ls} and
 * {@code h5j dump} print the same names.
 */
public sealed interface Datatype
    permits FixedPointType, FloatType, TimeType, StringType, BitfieldType, OpaqueType,
        CompoundType, ReferenceType, EnumType, VarLenType, ArrayType, ComplexType {

  /**
   * Size of one element in bytes, as stored in the file.
   *
   * @return the size, at least 1
   */
  int size();

  /**
   * The class number in the datatype message (0 fixed-point ... 10 array, 11 complex).
   *
   * @return the class number, 0..11
   */
  int classId();

  /**
   * The readable name of this type, as described above; also its {@code toString()}.
   *
   * @return a name such as {@code int32} or {@code string[10] ASCII NULLPAD}
   */
  default String name() {
    return DatatypeNames.of(this);
  }
}
