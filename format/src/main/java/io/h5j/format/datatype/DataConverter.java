package io.h5j.format.datatype;

import io.h5j.format.H5FormatException;
import io.h5j.format.heap.GlobalHeapId;
import io.h5j.format.heap.VlenSink;
import io.h5j.format.heap.VlenSource;
import io.h5j.format.io.FileParams;
import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CharacterSet;
import io.h5j.type.Complex;
import io.h5j.type.ComplexType;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.OpaqueType;
import io.h5j.type.ReferenceType;
import io.h5j.type.StringPadding;
import io.h5j.type.StringType;
import io.h5j.type.TimeType;
import io.h5j.type.VarLenType;
import java.io.IOException;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts raw element bytes (as stored in the file) to flat Java arrays and back.
 *
 * <p>Java representation per datatype ({@link #javaArrayClass}):
 * <ul>
 *   <li>signed integers of 1, 2, 3-4, 5-8 bytes: {@code byte[]}, {@code short[]},
 *       {@code int[]}, {@code long[]}; unsigned of 1, 2, 3-4, 5-8 bytes: {@code short[]},
 *       {@code int[]}, {@code long[]}, {@code long[]} (a uint64 is kept as its two's
 *       complement bits: read it with {@link Long#toUnsignedString}); integers wider than
 *       8 bytes, of any width (a 16- or 32-byte integer): {@code BigInteger[]}. Bit offset and precision are honoured.</li>
 *   <li>floats of up to 4 bytes (f16, bfloat16, f32, any layout): {@code float[]}; wider:
 *       {@code double[]}, so that an x87 long double, a quad or a float of any width
 *       libhdf5 accepts reads as the nearest double (from its top 63 mantissa bits; beyond a
 *       double's range, infinity or zero).</li>
 *   <li>complex numbers (HDF5 2.0): {@link Complex}{@code []}, both parts as doubles.</li>
 *   <li>time: {@code long[]}; fixed and variable-length strings, enums: {@code String[]}
 *       (an enum value without a name becomes its number as text).</li>
 *   <li>bit fields, opaque and region references: {@code byte[][]} of raw elements; object
 *       references: {@code long[]} addresses (undefined = -1); revised (HDF5 1.12+)
 *       references: {@link RevisedReference}{@code []} (null for a null reference; region,
 *       attribute and external ones are read from and written to the heap).</li>
 *   <li>compound: {@code Map<String,Object>[]} of {@link LinkedHashMap}s, member values as
 *       scalars: Long (integers, time, object references), BigInteger, Double, String,
 *       Map, byte[], RevisedReference, Complex, or a Java array for array and sequence
 *       members.</li>
 *   <li>array types and variable-length sequences: {@code Object[]} whose elements are the
 *       Java arrays of the base type.</li>
 * </ul>
 *
 * <p>A variable-length element is a u32 length (sequence elements or string bytes), then a
 * global heap ID: the collection address (size of offsets) and a u32 object index. A length
 * of 0 needs no heap object and is written with a zero ID.
 */
public final class DataConverter {
  private final FileParams params;

  /** A converter for a file with the given size of offsets. */
  public DataConverter(FileParams params) {
    this.params = params;
  }

  /** The file parameters this converter uses. */
  public FileParams params() {
    return params;
  }

  // ============================================================== representation

  /** The Java array class {@link #toJavaArray} returns for elements of {@code t}. */
  public static Class<?> javaArrayClass(Datatype t) {
    if (t instanceof FixedPointType f) {
      return intClass(f.size(), f.signed());
    } else if (t instanceof FloatType f) {
      return f.size() <= 4 ? float[].class : double[].class;
    } else if (t instanceof ComplexType) {
      return Complex[].class;
    } else if (t instanceof TimeType) {
      return long[].class;
    } else if (t instanceof StringType || t instanceof EnumType) {
      return String[].class;
    } else if (t instanceof BitfieldType || t instanceof OpaqueType) {
      return byte[][].class;
    } else if (t instanceof CompoundType) {
      return Map[].class;
    } else if (t instanceof ReferenceType r) {
      return isAddressRef(r) ? long[].class
          : r.kind().revised() ? RevisedReference[].class : byte[][].class;
    } else if (t instanceof VarLenType v) {
      return v.string() ? String[].class : Object[].class;
    } else {
      return Object[].class;
    }
  }

  private static Class<?> intClass(int size, boolean signed) {
    if (size > 8) {
      return BigInteger[].class;
    } else if (size > 4) {
      return long[].class;
    } else if (size > 2) {
      return signed ? int[].class : long[].class;
    } else if (size == 2) {
      return signed ? short[].class : int[].class;
    }
    return signed ? byte[].class : short[].class;
  }

  private static boolean isAddressRef(ReferenceType r) {
    return r.kind() == ReferenceType.Kind.OBJECT && r.size() <= 8;
  }

  private static boolean fullWidth(FixedPointType f) {
    return f.bitOffset() == 0 && f.bitPrecision() == 8 * f.size()
        && (f.size() == 1 || f.size() == 2 || f.size() == 4 || f.size() == 8);
  }

  /**
   * The natural datatype for a Java array: byte/short/int/long[] → INT8..INT64,
   * float[]/double[] → FLOAT32/FLOAT64 (little-endian), Complex[] → COMPLEX128 (HDF5 2.0's
   * complex class, which libhdf5 before 2.0 cannot read), String[] → variable-length UTF-8
   * string, Object[] of primitive arrays → variable-length sequence, Map[] → packed compound
   * typed from the first map's values (Long, Double, String).
   */
  public static Datatype forJavaArray(Object javaArray) {
    return forJavaArray(javaArray, FileParams.DEFAULT);
  }

  /** Like {@link #forJavaArray(Object)} for a file with the given size of offsets. */
  public static Datatype forJavaArray(Object javaArray, FileParams params) {
    if (javaArray instanceof byte[]) {
      return Datatypes.INT8;
    } else if (javaArray instanceof short[]) {
      return Datatypes.INT16;
    } else if (javaArray instanceof int[]) {
      return Datatypes.INT32;
    } else if (javaArray instanceof long[]) {
      return Datatypes.INT64;
    } else if (javaArray instanceof float[]) {
      return Datatypes.FLOAT32;
    } else if (javaArray instanceof double[]) {
      return Datatypes.FLOAT64;
    } else if (javaArray instanceof Complex[]) {
      return Datatypes.COMPLEX128;
    } else if (javaArray instanceof String[]) {
      return Datatypes.vlenString(CharacterSet.UTF8, params.offsetSize());
    } else if (javaArray instanceof Map<?, ?>[] maps && maps.length > 0 && maps[0] != null) {
      List<String> names = new java.util.ArrayList<>();
      List<Datatype> types = new java.util.ArrayList<>();
      for (Map.Entry<?, ?> e : maps[0].entrySet()) {
        names.add(String.valueOf(e.getKey()));
        types.add(forScalar(e.getValue(), params));
      }
      return CompoundType.packed(names, types);
    } else if (javaArray instanceof Object[] seqs && seqs.length > 0 && seqs[0] != null
        && seqs[0].getClass().isArray() && seqs[0].getClass().getComponentType().isPrimitive()) {
      Class<?> c = seqs[0].getClass();
      for (Object s : seqs) {
        if (s == null || s.getClass() != c) {
          throw new IllegalArgumentException("sequences must all be " + c.getSimpleName());
        }
      }
      return Datatypes.vlenSequence(forJavaArray(seqs[0], params), params.offsetSize());
    }
    throw new IllegalArgumentException("no natural HDF5 type for "
        + (javaArray == null ? "null" : javaArray.getClass().getSimpleName())
        + "; build a Datatype explicitly");
  }

  private static Datatype forScalar(Object v, FileParams params) {
    if (v instanceof Long || v instanceof Integer) {
      return Datatypes.INT64;
    } else if (v instanceof Double || v instanceof Float) {
      return Datatypes.FLOAT64;
    } else if (v instanceof Complex) {
      return Datatypes.COMPLEX128;
    } else if (v instanceof String) {
      return Datatypes.vlenString(CharacterSet.UTF8, params.offsetSize());
    }
    throw new IllegalArgumentException("no natural HDF5 type for a compound member value "
        + (v == null ? "null" : v.getClass().getSimpleName()));
  }

  // ============================================================== read

  /**
   * Converts {@code count} elements of type {@code t} from {@code raw} to a Java array
   * (see the class comment for the representation).
   *
   * @param heap where variable-length data is read; may be null if {@code t} has none
   * @throws H5FormatException when variable-length data is missing or inconsistent
   */
  public Object toJavaArray(Datatype t, byte[] raw, int count, VlenSource heap)
      throws IOException {
    if (count < 0 || (long) count * t.size() > raw.length) {
      throw new IllegalArgumentException(count + " elements of " + t.size()
          + " bytes do not fit " + raw.length + " raw bytes");
    }
    return read(t, raw, 0, t.size(), count, heap);
  }

  private Object read(Datatype t, byte[] raw, int off, int stride, int n, VlenSource heap)
      throws IOException {
    if (t instanceof FixedPointType f) {
      return readInts(f, raw, off, stride, n);
    } else if (t instanceof FloatType f) {
      return readFloats(f, raw, off, stride, n);
    } else if (t instanceof ComplexType c) {
      return readComplex(c, raw, off, stride, n);
    } else if (t instanceof TimeType tt) {
      return readLongs(raw, off, stride, n, tt.size(), tt.order(), 0, tt.bitPrecision(), true);
    } else if (t instanceof StringType s) {
      String[] out = new String[n];
      for (int i = 0; i < n; i++) {
        out[i] = decodeString(raw, off + i * stride, s.size(), s.padding());
      }
      return out;
    } else if (t instanceof BitfieldType || t instanceof OpaqueType) {
      return readRaw(raw, off, stride, n, t.size());
    } else if (t instanceof CompoundType c) {
      return readCompound(c, raw, off, stride, n, heap);
    } else if (t instanceof ReferenceType r) {
      if (r.kind().revised()) {
        RevisedReference[] out = new RevisedReference[n];
        for (int i = 0; i < n; i++) {
          out[i] = RevisedReferenceCodec.decode(raw, off + i * stride, r.size(), params, heap);
        }
        return out;
      }
      if (!isAddressRef(r)) {
        return readRaw(raw, off, stride, n, r.size());
      }
      long[] out = new long[n];
      long undefined = Bits.mask(8 * r.size());
      for (int i = 0; i < n; i++) {
        long a = Bits.loadLong(raw, off + i * stride, r.size(), Endianness.LITTLE_ENDIAN);
        out[i] = a == undefined ? FileParams.UNDEFINED : a;
      }
      return out;
    } else if (t instanceof EnumType e) {
      FixedPointType b = e.base();
      long[] v = readLongs(raw, off, stride, n, b.size(), b.order(), 0, 8 * b.size(), b.signed());
      Map<Long, String> names = new HashMap<>();
      for (int i = e.names().size() - 1; i >= 0; i--) {
        names.put(e.values().get(i), e.names().get(i));
      }
      String[] out = new String[n];
      for (int i = 0; i < n; i++) {
        String name = names.get(v[i]);
        out[i] = name != null ? name : Long.toString(v[i]);
      }
      return out;
    } else if (t instanceof VarLenType v) {
      return readVlen(v, raw, off, stride, n, heap);
    } else {
      ArrayType a = (ArrayType) t;
      Datatype base = a.base();
      int m = a.elementCount();
      Object[] out = new Object[n];
      for (int i = 0; i < n; i++) {
        out[i] = read(base, raw, off + i * stride, base.size(), m, heap);
      }
      return out;
    }
  }

  private static byte[][] readRaw(byte[] raw, int off, int stride, int n, int size) {
    byte[][] out = new byte[n][];
    for (int i = 0; i < n; i++) {
      int p = off + i * stride;
      out[i] = java.util.Arrays.copyOfRange(raw, p, p + size);
    }
    return out;
  }

  private static Object readInts(FixedPointType f, byte[] raw, int off, int stride, int n) {
    int size = f.size();
    if (size > 8) {
      return readBigInts(f, raw, off, stride, n);
    }
    if (fullWidth(f)) {
      ByteBuffer bb = ByteBuffer.wrap(raw).order(f.order().nio());
      boolean signed = f.signed();
      switch (size) {
        case 1: {
          if (signed) {
            byte[] out = new byte[n];
            if (stride == 1) {
              System.arraycopy(raw, off, out, 0, n);
            } else {
              for (int i = 0; i < n; i++) {
                out[i] = raw[off + i * stride];
              }
            }
            return out;
          }
          short[] out = new short[n];
          for (int i = 0; i < n; i++) {
            out[i] = (short) (raw[off + i * stride] & 0xff);
          }
          return out;
        }
        case 2: {
          if (signed) {
            short[] out = new short[n];
            if (stride == 2) {
              view(bb, off, n * 2, f.order()).asShortBuffer().get(out);
            } else {
              for (int i = 0; i < n; i++) {
                out[i] = bb.getShort(off + i * stride);
              }
            }
            return out;
          }
          int[] out = new int[n];
          for (int i = 0; i < n; i++) {
            out[i] = bb.getShort(off + i * stride) & 0xffff;
          }
          return out;
        }
        case 4: {
          if (signed) {
            int[] out = new int[n];
            if (stride == 4) {
              view(bb, off, n * 4, f.order()).asIntBuffer().get(out);
            } else {
              for (int i = 0; i < n; i++) {
                out[i] = bb.getInt(off + i * stride);
              }
            }
            return out;
          }
          long[] out = new long[n];
          for (int i = 0; i < n; i++) {
            out[i] = bb.getInt(off + i * stride) & 0xffffffffL;
          }
          return out;
        }
        default: {
          long[] out = new long[n];
          if (stride == 8) {
            view(bb, off, n * 8, f.order()).asLongBuffer().get(out);
          } else {
            for (int i = 0; i < n; i++) {
              out[i] = bb.getLong(off + i * stride);
            }
          }
          return out;
        }
      }
    }
    long[] v = readLongs(raw, off, stride, n, size, f.order(), f.bitOffset(), f.bitPrecision(),
        f.signed());
    return narrow(v, intClass(size, f.signed()));
  }

  private static ByteBuffer view(ByteBuffer bb, int off, int len, Endianness order) {
    return bb.duplicate().position(off).limit(off + len).slice().order(order.nio());
  }

  /** Generic integer path for elements of up to 8 bytes. */
  private static long[] readLongs(byte[] raw, int off, int stride, int n, int size,
      Endianness order, int bitOffset, int precision, boolean signed) {
    long[] out = new long[n];
    long mask = Bits.mask(precision);
    int shift = 64 - precision;
    for (int i = 0; i < n; i++) {
      long v = Bits.loadLong(raw, off + i * stride, size, order) >>> bitOffset & mask;
      out[i] = signed && shift > 0 ? v << shift >> shift : v;
    }
    return out;
  }

  private static Object narrow(long[] v, Class<?> cls) {
    int n = v.length;
    if (cls == byte[].class) {
      byte[] out = new byte[n];
      for (int i = 0; i < n; i++) {
        out[i] = (byte) v[i];
      }
      return out;
    } else if (cls == short[].class) {
      short[] out = new short[n];
      for (int i = 0; i < n; i++) {
        out[i] = (short) v[i];
      }
      return out;
    } else if (cls == int[].class) {
      int[] out = new int[n];
      for (int i = 0; i < n; i++) {
        out[i] = (int) v[i];
      }
      return out;
    }
    return v;
  }

  private static BigInteger[] readBigInts(FixedPointType f, byte[] raw, int off, int stride,
      int n) {
    BigInteger[] out = new BigInteger[n];
    long[] bits = new long[Bits.words(f.size())];
    int prec = f.bitPrecision();
    for (int i = 0; i < n; i++) {
      Bits.load(raw, off + i * stride, f.size(), f.order(), bits);
      BigInteger v = BigInteger.ZERO;
      for (int low = (prec - 1) / 64 * 64; low >= 0; low -= 64) { // most significant first
        long word = Bits.get(bits, f.bitOffset() + low, Math.min(64, prec - low));
        v = v.shiftLeft(64).or(unsigned(word));
      }
      if (f.signed() && v.testBit(prec - 1)) {
        v = v.subtract(BigInteger.ONE.shiftLeft(prec));
      }
      out[i] = v;
    }
    return out;
  }

  private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private static BigInteger unsigned(long v) {
    return BigInteger.valueOf(v).and(MASK64);
  }

  private static Object readFloats(FloatType f, byte[] raw, int off, int stride, int n) {
    if (f.isIeeeSingle()) {
      float[] out = new float[n];
      ByteBuffer bb = ByteBuffer.wrap(raw).order(f.order().nio());
      if (stride == 4) {
        view(bb, off, n * 4, f.order()).asFloatBuffer().get(out);
      } else {
        for (int i = 0; i < n; i++) {
          out[i] = bb.getFloat(off + i * stride);
        }
      }
      return out;
    } else if (f.isIeeeDouble()) {
      double[] out = new double[n];
      ByteBuffer bb = ByteBuffer.wrap(raw).order(f.order().nio());
      if (stride == 8) {
        view(bb, off, n * 8, f.order()).asDoubleBuffer().get(out);
      } else {
        for (int i = 0; i < n; i++) {
          out[i] = bb.getDouble(off + i * stride);
        }
      }
      return out;
    }
    long[] bits = new long[Bits.words(f.size())];
    if (f.size() <= 4) {
      float[] out = new float[n];
      for (int i = 0; i < n; i++) {
        Bits.load(raw, off + i * stride, f.size(), f.order(), bits);
        out[i] = (float) FloatCodec.decode(f, bits);
      }
      return out;
    }
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      Bits.load(raw, off + i * stride, f.size(), f.order(), bits);
      out[i] = FloatCodec.decode(f, bits);
    }
    return out;
  }

  /** The real parts at {@code off}, the imaginary parts one base element further. */
  private static Complex[] readComplex(ComplexType c, byte[] raw, int off, int stride, int n) {
    FloatType part = c.base();
    Object re = readFloats(part, raw, off, stride, n);
    Object im = readFloats(part, raw, off + part.size(), stride, n);
    Complex[] out = new Complex[n];
    if (re instanceof float[] fr) {
      float[] fi = (float[]) im;
      for (int i = 0; i < n; i++) {
        out[i] = new Complex(fr[i], fi[i]);
      }
    } else {
      double[] dr = (double[]) re;
      double[] di = (double[]) im;
      for (int i = 0; i < n; i++) {
        out[i] = new Complex(dr[i], di[i]);
      }
    }
    return out;
  }

  private static String decodeString(byte[] raw, int pos, int len, StringPadding padding) {
    int end = pos + len;
    switch (padding) {
      case NULLTERM: {
        int e = pos;
        while (e < end && raw[e] != 0) {
          e++;
        }
        end = e;
        break;
      }
      case NULLPAD:
        while (end > pos && raw[end - 1] == 0) {
          end--;
        }
        break;
      default:
        while (end > pos && raw[end - 1] == ' ') {
          end--;
        }
    }
    return new String(raw, pos, end - pos, StandardCharsets.UTF_8);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object>[] readCompound(CompoundType c, byte[] raw, int off, int stride,
      int n, VlenSource heap) throws IOException {
    Map<String, Object>[] out = new Map[n];
    for (int i = 0; i < n; i++) {
      out[i] = new LinkedHashMap<>();
    }
    for (CompoundType.Member m : c.members()) {
      Object column = read(m.type(), raw, off + m.offset(), stride, n, heap);
      for (int i = 0; i < n; i++) {
        out[i].put(m.name(), box(column, i));
      }
    }
    return out;
  }

  /** Element {@code i} of a converted column, boxed as a compound member value. */
  private static Object box(Object column, int i) {
    if (column instanceof long[] a) {
      return a[i];
    } else if (column instanceof double[] a) {
      return a[i];
    } else if (column instanceof int[] a) {
      return (long) a[i];
    } else if (column instanceof short[] a) {
      return (long) a[i];
    } else if (column instanceof byte[] a) {
      return (long) a[i];
    } else if (column instanceof float[] a) {
      return (double) a[i];
    }
    return ((Object[]) column)[i];
  }

  /**
   * Every global heap object that {@code count} elements of {@code t} in {@code raw} refer
   * to, nested variable-length data included (read through {@code heap}), so that a caller
   * replacing the elements can release what they held.
   */
  public List<GlobalHeapId> heapIds(Datatype t, byte[] raw, int count, VlenSource heap)
      throws IOException {
    List<GlobalHeapId> out = new ArrayList<>();
    collectIds(t, raw, 0, t.size(), count, heap, out);
    return out;
  }

  private void collectIds(Datatype t, byte[] raw, int off, int stride, int n, VlenSource heap,
      List<GlobalHeapId> out) throws IOException {
    if (t instanceof CompoundType c) {
      for (CompoundType.Member m : c.members()) {
        collectIds(m.type(), raw, off + m.offset(), stride, n, heap, out);
      }
    } else if (t instanceof ArrayType a) {
      for (int i = 0; i < n; i++) {
        collectIds(a.base(), raw, off + i * stride, a.base().size(), a.elementCount(), heap,
            out);
      }
    } else if (t instanceof ReferenceType r && r.kind().revised()) {
      for (int i = 0; i < n; i++) {
        RevisedReferenceCodec.Stored s =
            RevisedReferenceCodec.stored(raw, off + i * stride, r.size(), params.offsetSize());
        if (s != null && s.body() != null) {
          out.add(s.body());
        }
      }
    } else if (t instanceof VarLenType v) {
      int osize = checkVlenSize(v);
      boolean nested = !v.string() && holdsVlen(v.base());
      for (int i = 0; i < n; i++) {
        int p = off + i * stride;
        long len = Bits.loadLong(raw, p, 4, Endianness.LITTLE_ENDIAN);
        if (len == 0) {
          continue;
        }
        GlobalHeapId id = new GlobalHeapId(
            Bits.loadLong(raw, p + 4, osize, Endianness.LITTLE_ENDIAN),
            (int) Bits.loadLong(raw, p + 4 + osize, 4, Endianness.LITTLE_ENDIAN));
        if (nested && len <= Integer.MAX_VALUE) {
          collectIds(v.base(), heap.read(id.collectionAddress(), id.index()), 0,
              v.base().size(), (int) len, heap, out);
        }
        out.add(id);
      }
    }
  }

  /** Whether elements of {@code t} refer to global heap objects (variable-length data). */
  public static boolean holdsVlen(Datatype t) {
    if (t instanceof VarLenType) {
      return true;
    } else if (t instanceof CompoundType c) {
      return c.members().stream().anyMatch(m -> holdsVlen(m.type()));
    } else if (t instanceof ArrayType a) {
      return holdsVlen(a.base());
    }
    return false;
  }

  private Object readVlen(VarLenType v, byte[] raw, int off, int stride, int n,
      VlenSource heap) throws IOException {
    int osize = checkVlenSize(v);
    Object[] out = v.string() ? new String[n] : new Object[n];
    Datatype base = v.base();
    for (int i = 0; i < n; i++) {
      int p = off + i * stride;
      long len = Bits.loadLong(raw, p, 4, Endianness.LITTLE_ENDIAN);
      if (len == 0) {
        out[i] = v.string() ? "" : Array.newInstance(
            javaArrayClass(base).getComponentType(), 0);
        continue;
      }
      long address = Bits.loadLong(raw, p + 4, osize, Endianness.LITTLE_ENDIAN);
      int index = (int) Bits.loadLong(raw, p + 4 + osize, 4, Endianness.LITTLE_ENDIAN);
      if (heap == null) {
        throw new IllegalArgumentException("variable-length data needs a VlenSource");
      }
      byte[] data = heap.read(address, index);
      long need = v.string() ? len : len * base.size();
      if (need > data.length) {
        throw new H5FormatException("variable-length element", -1, "needs " + need
            + " bytes but global heap object " + index + " of collection " + address + " has "
            + data.length);
      }
      out[i] = v.string() ? decodeString(data, 0, (int) len, v.padding())
          : read(base, data, 0, base.size(), (int) len, heap);
    }
    return out;
  }

  private int checkVlenSize(VarLenType v) throws H5FormatException {
    int expected = Datatypes.vlenSize(params.offsetSize());
    if (v.size() != expected) {
      throw new H5FormatException("variable-length datatype", -1, "element size " + v.size()
          + " is not " + expected + " (length, heap collection address, object index)");
    }
    return params.offsetSize();
  }

  // ============================================================== write

  /**
   * Converts a Java array (of class {@link #javaArrayClass}{@code (t)}) to raw element
   * bytes, storing variable-length data through {@code heap}.
   *
   * @param heap where variable-length data goes; may be null if {@code t} has none
   * @throws IllegalArgumentException when the array does not match the type
   */
  public byte[] fromJavaArray(Datatype t, Object javaArray, VlenSink heap) throws IOException {
    Class<?> expected = javaArrayClass(t);
    if (javaArray == null || !expected.isInstance(javaArray)) {
      throw new IllegalArgumentException("elements of " + t + " are given as "
          + expected.getSimpleName() + ", not "
          + (javaArray == null ? "null" : javaArray.getClass().getSimpleName()));
    }
    int n = Array.getLength(javaArray);
    long total = (long) n * t.size();
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(n + " elements are more than 2 GiB");
    }
    byte[] out = new byte[(int) total];
    write(t, javaArray, out, 0, t.size(), n, heap);
    return out;
  }

  private void write(Datatype t, Object arr, byte[] out, int off, int stride, int n,
      VlenSink heap) throws IOException {
    if (t instanceof FixedPointType f) {
      writeInts(f, arr, out, off, stride, n);
    } else if (t instanceof FloatType f) {
      writeFloats(f, arr, out, off, stride, n);
    } else if (t instanceof ComplexType c) {
      writeComplex(c, (Complex[]) arr, out, off, stride, n);
    } else if (t instanceof TimeType tt) {
      writeLongs((long[]) arr, out, off, stride, n, tt.size(), tt.order(), 0, tt.bitPrecision(),
          false, false);
    } else if (t instanceof StringType s) {
      String[] a = (String[]) arr;
      for (int i = 0; i < n; i++) {
        encodeString(a[i], s.charset(), s.padding(), out, off + i * stride, s.size());
      }
    } else if (t instanceof ReferenceType r && r.kind().revised()) {
      RevisedReference[] a = (RevisedReference[]) arr;
      for (int i = 0; i < n; i++) {
        RevisedReferenceCodec.encode(a[i], out, off + i * stride, r.size(), params, heap);
      }
    } else if (t instanceof BitfieldType || t instanceof OpaqueType
        || (t instanceof ReferenceType r && !isAddressRef(r))) {
      byte[][] a = (byte[][]) arr;
      for (int i = 0; i < n; i++) {
        if (a[i] == null || a[i].length != t.size()) {
          throw new IllegalArgumentException("element " + i + " must have " + t.size()
              + " bytes");
        }
        System.arraycopy(a[i], 0, out, off + i * stride, t.size());
      }
    } else if (t instanceof ReferenceType r) {
      long[] a = (long[]) arr;
      for (int i = 0; i < n; i++) {
        Bits.storeLong(a[i], out, off + i * stride, r.size(), Endianness.LITTLE_ENDIAN);
      }
    } else if (t instanceof CompoundType c) {
      Map<?, ?>[] maps = (Map<?, ?>[]) arr;
      for (CompoundType.Member m : c.members()) {
        Object column = column(m, maps, n);
        write(m.type(), column, out, off + m.offset(), stride, n, heap);
      }
    } else if (t instanceof EnumType e) {
      String[] a = (String[]) arr;
      Map<String, Long> values = new HashMap<>();
      for (int i = 0; i < e.names().size(); i++) {
        values.put(e.names().get(i), e.values().get(i));
      }
      long[] raw = new long[n];
      for (int i = 0; i < n; i++) {
        Long v = values.get(a[i]);
        if (v == null) {
          try {
            v = Long.parseLong(String.valueOf(a[i]));
          } catch (NumberFormatException ex) {
            throw new IllegalArgumentException("\"" + a[i] + "\" is not a name of the enum "
                + e.names() + " nor a number");
          }
        }
        raw[i] = v;
      }
      FixedPointType b = e.base();
      writeLongs(raw, out, off, stride, n, b.size(), b.order(), 0, 8 * b.size(), false, false);
    } else if (t instanceof VarLenType v) {
      writeVlen(v, (Object[]) arr, out, off, stride, n, heap);
    } else {
      ArrayType a = (ArrayType) t;
      Object[] elems = (Object[]) arr;
      Class<?> cls = javaArrayClass(a.base());
      int m = a.elementCount();
      for (int i = 0; i < n; i++) {
        Object e = elems[i];
        if (e == null || !cls.isInstance(e) || Array.getLength(e) != m) {
          throw new IllegalArgumentException("array element " + i + " must be a "
              + cls.getSimpleName() + " of length " + m);
        }
        write(a.base(), e, out, off + i * stride, a.base().size(), m, heap);
      }
    }
  }

  /** Gathers one member of every map into the Java array its type converts from. */
  private static Object column(CompoundType.Member m, Map<?, ?>[] maps, int n) {
    Class<?> comp = javaArrayClass(m.type()).getComponentType();
    Object col = Array.newInstance(comp, n);
    for (int i = 0; i < n; i++) {
      if (maps[i] == null || !maps[i].containsKey(m.name())) {
        throw new IllegalArgumentException("element " + i + " has no member \"" + m.name()
            + "\"");
      }
      Object v = maps[i].get(m.name());
      try {
        if (comp.isPrimitive()) {
          Number num = (Number) v;
          if (comp == long.class) {
            Array.setLong(col, i, num.longValue());
          } else if (comp == int.class) {
            Array.setInt(col, i, num.intValue());
          } else if (comp == short.class) {
            Array.setShort(col, i, num.shortValue());
          } else if (comp == byte.class) {
            Array.setByte(col, i, num.byteValue());
          } else if (comp == double.class) {
            Array.setDouble(col, i, num.doubleValue());
          } else {
            Array.setFloat(col, i, num.floatValue());
          }
        } else {
          Array.set(col, i, v);
        }
      } catch (ClassCastException | IllegalArgumentException | NullPointerException e) {
        throw new IllegalArgumentException("member \"" + m.name() + "\" of element " + i
            + " must be a " + (comp.isPrimitive() ? "Number" : comp.getSimpleName()) + ", not "
            + (v == null ? "null" : v.getClass().getSimpleName()), e);
      }
    }
    return col;
  }

  private static void writeInts(FixedPointType f, Object arr, byte[] out, int off, int stride,
      int n) {
    int size = f.size();
    if (size > 8) {
      writeBigInts(f, (BigInteger[]) arr, out, off, stride, n);
      return;
    }
    if (fullWidth(f)) {
      ByteBuffer bb = ByteBuffer.wrap(out).order(f.order().nio());
      if (arr instanceof byte[] a) {
        for (int i = 0; i < n; i++) {
          out[off + i * stride] = a[i];
        }
        return;
      } else if (arr instanceof short[] a) {
        if (size == 1) {
          for (int i = 0; i < n; i++) {
            out[off + i * stride] = (byte) a[i];
          }
        } else if (stride == 2) {
          view(bb, off, n * 2, f.order()).asShortBuffer().put(a, 0, n);
        } else {
          for (int i = 0; i < n; i++) {
            bb.putShort(off + i * stride, a[i]);
          }
        }
        return;
      } else if (arr instanceof int[] a) {
        if (size == 2) {
          for (int i = 0; i < n; i++) {
            bb.putShort(off + i * stride, (short) a[i]);
          }
        } else if (stride == 4) {
          view(bb, off, n * 4, f.order()).asIntBuffer().put(a, 0, n);
        } else {
          for (int i = 0; i < n; i++) {
            bb.putInt(off + i * stride, a[i]);
          }
        }
        return;
      } else if (arr instanceof long[] a) {
        if (size == 4) {
          for (int i = 0; i < n; i++) {
            bb.putInt(off + i * stride, (int) a[i]);
          }
        } else if (stride == 8) {
          view(bb, off, n * 8, f.order()).asLongBuffer().put(a, 0, n);
        } else {
          for (int i = 0; i < n; i++) {
            bb.putLong(off + i * stride, a[i]);
          }
        }
        return;
      }
    }
    writeLongs(widen(arr, n), out, off, stride, n, size, f.order(), f.bitOffset(),
        f.bitPrecision(), f.loPad(), f.hiPad());
  }

  private static long[] widen(Object arr, int n) {
    if (arr instanceof long[] a) {
      return a;
    }
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = arr instanceof int[] a ? a[i] : arr instanceof short[] s ? s[i] : ((byte[]) arr)[i];
    }
    return v;
  }

  /** Generic integer path for elements of up to 8 bytes: value bits and padding bits. */
  private static void writeLongs(long[] v, byte[] out, int off, int stride, int n, int size,
      Endianness order, int bitOffset, int precision, boolean loPad, boolean hiPad) {
    long mask = Bits.mask(precision);
    long pad = (loPad ? Bits.mask(bitOffset) : 0)
        | (hiPad && bitOffset + precision < 64 ? ~Bits.mask(bitOffset + precision) : 0);
    pad &= Bits.mask(8 * size);
    for (int i = 0; i < n; i++) {
      Bits.storeLong((v[i] & mask) << bitOffset | pad, out, off + i * stride, size, order);
    }
  }

  private static void writeBigInts(FixedPointType f, BigInteger[] a, byte[] out, int off,
      int stride, int n) {
    long[] bits = new long[Bits.words(f.size())];
    int prec = f.bitPrecision();
    for (int i = 0; i < n; i++) {
      BigInteger v = a[i];
      java.util.Arrays.fill(bits, 0);
      for (int low = 0; low < prec; low += 64) { // two's complement bits, 64 at a time
        Bits.set(bits, f.bitOffset() + low, Math.min(64, prec - low),
            v.shiftRight(low).longValue());
      }
      if (f.loPad()) {
        Bits.fill(bits, 0, f.bitOffset());
      }
      if (f.hiPad()) {
        Bits.fill(bits, f.bitOffset() + prec, 8 * f.size());
      }
      Bits.store(bits, out, off + i * stride, f.size(), f.order());
    }
  }

  private static void writeFloats(FloatType f, Object arr, byte[] out, int off, int stride,
      int n) {
    if (f.isIeeeSingle()) {
      float[] a = (float[]) arr;
      ByteBuffer bb = ByteBuffer.wrap(out).order(f.order().nio());
      if (stride == 4) {
        view(bb, off, n * 4, f.order()).asFloatBuffer().put(a, 0, n);
      } else {
        for (int i = 0; i < n; i++) {
          bb.putFloat(off + i * stride, a[i]);
        }
      }
      return;
    } else if (f.isIeeeDouble()) {
      double[] a = (double[]) arr;
      ByteBuffer bb = ByteBuffer.wrap(out).order(f.order().nio());
      if (stride == 8) {
        view(bb, off, n * 8, f.order()).asDoubleBuffer().put(a, 0, n);
      } else {
        for (int i = 0; i < n; i++) {
          bb.putDouble(off + i * stride, a[i]);
        }
      }
      return;
    }
    long[] bits = new long[Bits.words(f.size())];
    float[] fa = arr instanceof float[] x ? x : null;
    double[] da = fa == null ? (double[]) arr : null;
    for (int i = 0; i < n; i++) {
      FloatCodec.encode(f, fa != null ? fa[i] : da[i], bits);
      Bits.store(bits, out, off + i * stride, f.size(), f.order());
    }
  }

  private static void writeComplex(ComplexType c, Complex[] a, byte[] out, int off, int stride,
      int n) {
    FloatType part = c.base();
    boolean single = part.size() <= 4;
    Object re = single ? new float[n] : new double[n];
    Object im = single ? new float[n] : new double[n];
    for (int i = 0; i < n; i++) {
      if (a[i] == null) {
        throw new IllegalArgumentException("complex element " + i + " is null");
      }
      if (single) {
        ((float[]) re)[i] = (float) a[i].re();
        ((float[]) im)[i] = (float) a[i].im();
      } else {
        ((double[]) re)[i] = a[i].re();
        ((double[]) im)[i] = a[i].im();
      }
    }
    writeFloats(part, re, out, off, stride, n);
    writeFloats(part, im, out, off + part.size(), stride, n);
  }

  private static byte[] stringBytes(String s, CharacterSet charset) {
    byte[] b = (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
    if (charset == CharacterSet.ASCII) {
      for (byte x : b) {
        if (x < 0) {
          throw new IllegalArgumentException("\"" + s + "\" is not ASCII; use a UTF-8 type");
        }
      }
    }
    return b;
  }

  private static void encodeString(String s, CharacterSet charset, StringPadding padding,
      byte[] out, int pos, int size) {
    byte[] b = stringBytes(s, charset);
    int room = padding == StringPadding.NULLTERM ? size - 1 : size;
    int len = Math.min(b.length, room);
    while (len > 0 && len < b.length && (b[len] & 0xc0) == 0x80) {
      len--; // do not cut a UTF-8 sequence in half
    }
    System.arraycopy(b, 0, out, pos, len);
    byte fill = padding == StringPadding.SPACEPAD ? (byte) ' ' : 0;
    java.util.Arrays.fill(out, pos + len, pos + size, fill);
  }

  private void writeVlen(VarLenType v, Object[] a, byte[] out, int off, int stride, int n,
      VlenSink heap) throws IOException {
    int osize = checkVlenSize(v);
    Datatype base = v.base();
    for (int i = 0; i < n; i++) {
      byte[] data;
      long len;
      if (v.string()) {
        data = stringBytes((String) a[i], v.charset());
        len = data.length;
      } else {
        if (a[i] == null) {
          throw new IllegalArgumentException("sequence " + i + " is null");
        }
        data = fromJavaArray(base, a[i], heap);
        len = Array.getLength(a[i]);
      }
      GlobalHeapId id = GlobalHeapId.NONE;
      if (len > 0) {
        if (heap == null) {
          throw new IllegalArgumentException("variable-length data needs a VlenSink");
        }
        id = heap.write(data);
      }
      int p = off + i * stride;
      Bits.storeLong(len, out, p, 4, Endianness.LITTLE_ENDIAN);
      Bits.storeLong(id.collectionAddress(), out, p + 4, osize, Endianness.LITTLE_ENDIAN);
      Bits.storeLong(id.index(), out, p + 4 + osize, 4, Endianness.LITTLE_ENDIAN);
    }
  }
}
