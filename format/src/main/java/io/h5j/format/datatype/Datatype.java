package io.h5j.format.datatype;

/**
 * An HDF5 datatype: the closed family of the twelve datatype classes of the Datatype
 * message (header message 0x0003). Every implementation is an immutable record whose
 * constructor validates its fields, so an instance always describes a type that can be
 * encoded. {@link DatatypeCodec} reads and writes them; {@link DataConverter} turns raw
 * element bytes into Java arrays and back.
 */
public sealed interface Datatype
    permits FixedPointType, FloatType, TimeType, StringType, BitfieldType, OpaqueType,
        CompoundType, ReferenceType, EnumType, VarLenType, ArrayType, ComplexType {

  /** Size of one element in bytes, as stored in the file. */
  int size();

  /** The class number in the datatype message (0 fixed-point ... 10 array, 11 complex). */
  int classId();
}
