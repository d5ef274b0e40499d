package io.h5j.type;

import java.util.ArrayList;
import java.util.List;

/**
 * Constants and factories for the common datatypes. Numeric constants are little-endian;
 * {@link #bigEndian} (or {@code withOrder}) gives the big-endian twin.
 */
public final class Datatypes {
  private Datatypes() {}

  /** Signed 8-bit integer, little-endian. */
  public static final FixedPointType INT8 = FixedPointType.of(1, true, Endianness.LITTLE_ENDIAN);
  /** Signed 16-bit integer, little-endian. */
  public static final FixedPointType INT16 = FixedPointType.of(2, true, Endianness.LITTLE_ENDIAN);
  /** Signed 32-bit integer, little-endian. */
  public static final FixedPointType INT32 = FixedPointType.of(4, true, Endianness.LITTLE_ENDIAN);
  /** Signed 64-bit integer, little-endian. */
  public static final FixedPointType INT64 = FixedPointType.of(8, true, Endianness.LITTLE_ENDIAN);
  /** Unsigned 8-bit integer, little-endian. */
  public static final FixedPointType UINT8 = FixedPointType.of(1, false, Endianness.LITTLE_ENDIAN);
  /** Unsigned 16-bit integer, little-endian. */
  public static final FixedPointType UINT16 = FixedPointType.of(2, false, Endianness.LITTLE_ENDIAN);
  /** Unsigned 32-bit integer, little-endian. */
  public static final FixedPointType UINT32 = FixedPointType.of(4, false, Endianness.LITTLE_ENDIAN);
  /** Unsigned 64-bit integer, little-endian. */
  public static final FixedPointType UINT64 = FixedPointType.of(8, false, Endianness.LITTLE_ENDIAN);
  /** IEEE 754 half precision. */
  public static final FloatType FLOAT16 = FloatType.ieee(2, 5, 10, Endianness.LITTLE_ENDIAN);
  /** IEEE 754 single precision. */
  public static final FloatType FLOAT32 = FloatType.ieee(4, 8, 23, Endianness.LITTLE_ENDIAN);
  /** IEEE 754 double precision. */
  public static final FloatType FLOAT64 = FloatType.ieee(8, 11, 52, Endianness.LITTLE_ENDIAN);
  /** bfloat16: the top half of an IEEE single. */
  public static final FloatType BFLOAT16 = FloatType.ieee(2, 8, 7, Endianness.LITTLE_ENDIAN);
  /** Complex of two IEEE singles (numpy's complex64, libhdf5 2.0's H5T_COMPLEX_IEEE_F32LE). */
  public static final ComplexType COMPLEX64 = new ComplexType(FLOAT32);
  /** Complex of two IEEE doubles (numpy's complex128, H5T_COMPLEX_IEEE_F64LE). */
  public static final ComplexType COMPLEX128 = new ComplexType(FLOAT64);
  /** The 1-byte character type libhdf5 records as the base of variable-length strings. */
  public static final FixedPointType VLEN_CHAR = UINT8;

  /**
   * The big-endian twin of a numeric type (other types are returned unchanged).
   *
   * @param t any datatype
   * @return the type in big-endian order, or {@code t} itself when byte order does not apply
   */
  public static Datatype bigEndian(Datatype t) {
    return withOrder(t, Endianness.BIG_ENDIAN);
  }

  /**
   * {@code t} with byte order {@code o}, for fixed-point, float, complex, time and bit field
   * types.
   *
   * @param t the type to reorder
   * @param o the byte order wanted
   * @return the type in order {@code o}
   */
  public static Datatype withOrder(Datatype t, Endianness o) {
    if (t instanceof FixedPointType f) {
      return f.withOrder(o);
    } else if (t instanceof FloatType f) {
      return f.withOrder(o);
    } else if (t instanceof ComplexType c) {
      return c.withOrder(o);
    } else if (t instanceof TimeType tt) {
      return new TimeType(tt.size(), o, tt.bitPrecision());
    } else if (t instanceof BitfieldType b) {
      return new BitfieldType(b.size(), o, b.bitOffset(), b.bitPrecision(), b.loPad(), b.hiPad());
    }
    return t;
  }

  /**
   * A fixed-length, NUL-padded string of {@code size} bytes (as h5py writes).
   *
   * @param size the length in bytes, at least 1
   * @param charset ASCII or UTF-8
   * @return the string type
   */
  public static StringType fixedString(int size, CharacterSet charset) {
    return new StringType(size, StringPadding.NULLPAD, charset);
  }

  /** The size of offsets (addresses) in files libhdf5 and h5j write by default, in bytes. */
  public static final int DEFAULT_OFFSET_SIZE = 8;

  /**
   * A variable-length, NUL-terminated string for files with 8-byte offsets (as h5py).
   *
   * @param charset ASCII or UTF-8
   * @return the string type
   */
  public static VarLenType vlenString(CharacterSet charset) {
    return vlenString(charset, DEFAULT_OFFSET_SIZE);
  }

  /**
   * A variable-length, NUL-terminated string for files with offsets of the given size.
   *
   * @param charset ASCII or UTF-8
   * @param offsetSize the file's size of offsets in bytes: 2, 4 or 8
   * @return the string type
   */
  public static VarLenType vlenString(CharacterSet charset, int offsetSize) {
    return new VarLenType(vlenSize(offsetSize), VLEN_CHAR, true, StringPadding.NULLTERM,
        charset);
  }

  /**
   * A variable-length sequence of {@code base} for files with 8-byte offsets.
   *
   * @param base the type of each element of a sequence
   * @return the sequence type
   */
  public static VarLenType vlenSequence(Datatype base) {
    return vlenSequence(base, DEFAULT_OFFSET_SIZE);
  }

  /**
   * A variable-length sequence of {@code base} for files with offsets of the given size.
   *
   * @param base the type of each element of a sequence
   * @param offsetSize the file's size of offsets in bytes: 2, 4 or 8
   * @return the sequence type
   */
  public static VarLenType vlenSequence(Datatype base, int offsetSize) {
    return new VarLenType(vlenSize(offsetSize), base, false, StringPadding.NULLTERM,
        CharacterSet.ASCII);
  }

  /**
   * Bytes of one variable-length element in files with offsets of the given size: length,
   * global heap collection address, object index.
   *
   * @param offsetSize the file's size of offsets in bytes: 2, 4 or 8
   * @return 4 + offsetSize + 4
   */
  public static int vlenSize(int offsetSize) {
    return 4 + offsetSize + 4;
  }

  /**
   * An object reference (an object header address) for files with 8-byte offsets.
   *
   * @return the reference type, 8 bytes
   */
  public static ReferenceType objectReference() {
    return objectReference(DEFAULT_OFFSET_SIZE);
  }

  /**
   * An object reference (an object header address) for files with offsets of that size.
   *
   * @param offsetSize the file's size of offsets in bytes: 2, 4 or 8
   * @return the reference type, {@code offsetSize} bytes
   */
  public static ReferenceType objectReference(int offsetSize) {
    return new ReferenceType(ReferenceType.Kind.OBJECT, offsetSize);
  }

  /**
   * A dataset region reference (a global heap ID) for files with 8-byte offsets.
   *
   * @return the reference type, 12 bytes
   */
  public static ReferenceType regionReference() {
    return regionReference(DEFAULT_OFFSET_SIZE);
  }

  /**
   * A dataset region reference (a global heap ID) for files with offsets of that size.
   *
   * @param offsetSize the file's size of offsets in bytes: 2, 4 or 8
   * @return the reference type, {@code offsetSize + 4} bytes
   */
  public static ReferenceType regionReference(int offsetSize) {
    return new ReferenceType(ReferenceType.Kind.DATASET_REGION, offsetSize + 4);
  }

  /**
   * An array type of {@code base} with the given shape.
   *
   * @param base the type of each element
   * @param dims the array's shape, each at least 1
   * @return the array type
   */
  public static ArrayType array(Datatype base, int... dims) {
    return new ArrayType(dims, base);
  }

  /**
   * An enum over {@code base} whose values are 0, 1, 2, ... in name order.
   *
   * @param base the integer type the values are stored in
   * @param names the members' names, distinct, the first valued 0
   * @return the enum type
   */
  public static EnumType enumOf(FixedPointType base, String... names) {
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      values.add((long) i);
    }
    return new EnumType(base, List.of(names), values);
  }

  /**
   * Whether stored elements of {@code t} hold file addresses: variable-length values (heap
   * IDs) or references, directly or inside compounds and arrays. Their stored bytes differ
   * between two files holding the same values (a copy, a repack), so such elements are
   * compared by value, not by bytes.
   *
   * @param t the datatype
   * @return true when elements of {@code t} hold a heap ID or a reference anywhere
   */
  public static boolean holdsAddresses(Datatype t) {
    if (t instanceof VarLenType || t instanceof ReferenceType) {
      return true;
    } else if (t instanceof CompoundType c) {
      return c.members().stream().anyMatch(m -> holdsAddresses(m.type()));
    } else if (t instanceof ArrayType a) {
      return holdsAddresses(a.base());
    }
    return false;
  }
}
