package io.h5j.format.datatype;

import io.h5j.format.io.FileParams;
import java.util.ArrayList;
import java.util.List;

/**
 * Constants and factories for the common datatypes. Numeric constants are little-endian;
 * {@link #bigEndian} (or {@code withOrder}) gives the big-endian twin.
 */
public final class Datatypes {
  private Datatypes() {}

  /** Signed integers. */
  public static final FixedPointType INT8 = FixedPointType.of(1, true, Endianness.LITTLE_ENDIAN);
  public static final FixedPointType INT16 = FixedPointType.of(2, true, Endianness.LITTLE_ENDIAN);
  public static final FixedPointType INT32 = FixedPointType.of(4, true, Endianness.LITTLE_ENDIAN);
  public static final FixedPointType INT64 = FixedPointType.of(8, true, Endianness.LITTLE_ENDIAN);
  /** Unsigned integers. */
  public static final FixedPointType UINT8 = FixedPointType.of(1, false, Endianness.LITTLE_ENDIAN);
  public static final FixedPointType UINT16 = FixedPointType.of(2, false, Endianness.LITTLE_ENDIAN);
  public static final FixedPointType UINT32 = FixedPointType.of(4, false, Endianness.LITTLE_ENDIAN);
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

  /** The big-endian twin of a numeric type (other types are returned unchanged). */
  public static Datatype bigEndian(Datatype t) {
    return withOrder(t, Endianness.BIG_ENDIAN);
  }

  /**
   * {@code t} with byte order {@code o}, for fixed-point, float, complex, time and bit field
   * types.
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

  /** A fixed-length, NUL-padded string of {@code size} bytes (as h5py writes). */
  public static StringType fixedString(int size, CharacterSet charset) {
    return new StringType(size, StringPadding.NULLPAD, charset);
  }

  /** A variable-length, NUL-terminated string for files with 8-byte offsets (as h5py). */
  public static VarLenType vlenString(CharacterSet charset) {
    return vlenString(charset, FileParams.DEFAULT);
  }

  /** A variable-length, NUL-terminated string for files with the given offset size. */
  public static VarLenType vlenString(CharacterSet charset, FileParams params) {
    return new VarLenType(vlenSize(params), VLEN_CHAR, true, StringPadding.NULLTERM, charset);
  }

  /** A variable-length sequence of {@code base} for files with 8-byte offsets. */
  public static VarLenType vlenSequence(Datatype base) {
    return vlenSequence(base, FileParams.DEFAULT);
  }

  /** A variable-length sequence of {@code base} for files with the given offset size. */
  public static VarLenType vlenSequence(Datatype base, FileParams params) {
    return new VarLenType(vlenSize(params), base, false, StringPadding.NULLTERM,
        CharacterSet.ASCII);
  }

  /** Bytes of one variable-length element: length, collection address, object index. */
  public static int vlenSize(FileParams params) {
    return 4 + params.offsetSize() + 4;
  }

  /** An object reference (an object header address). */
  public static ReferenceType objectReference(FileParams params) {
    return new ReferenceType(ReferenceType.Kind.OBJECT, params.offsetSize());
  }

  /** A dataset region reference (a global heap ID). */
  public static ReferenceType regionReference(FileParams params) {
    return new ReferenceType(ReferenceType.Kind.DATASET_REGION, params.offsetSize() + 4);
  }

  /** An array type of {@code base} with the given shape. */
  public static ArrayType array(Datatype base, int... dims) {
    return new ArrayType(dims, base);
  }

  /** An enum over {@code base} whose values are 0, 1, 2, ... in name order. */
  public static EnumType enumOf(FixedPointType base, String... names) {
    List<Long> values = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      values.add((long) i);
    }
    return new EnumType(base, List.of(names), values);
  }
}
