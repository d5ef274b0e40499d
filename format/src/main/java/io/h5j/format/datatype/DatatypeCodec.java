package io.h5j.format.datatype;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CharacterSet;
import io.h5j.type.ComplexType;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.MantissaNormalization;
import io.h5j.type.OpaqueType;
import io.h5j.type.ReferenceType;
import io.h5j.type.StringPadding;
import io.h5j.type.StringType;
import io.h5j.type.TimeType;
import io.h5j.type.VarLenType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decode, encode and encoded size of the Datatype message (header message 0x0003), versions
 * 1 to 5. Version 5 came with HDF5 2.0's complex class (11); its other encodings are those of
 * version 4, and libhdf5 2.0 also writes it for other types under libver "latest".
 *
 * <p>Encoding writes one version for the whole (nested) type: the lowest libhdf5 reads for it,
 * which is 1 unless the type contains an array or a VAX float (3), a revised reference (4,
 * which needs HDF5 1.12) or a complex type (5, which needs HDF5 2.0). Callers that want
 * libhdf5's "latest format" encoding pass a minimum version of 3. Decoding accepts every
 * version and rejects anything malformed with {@link H5FormatException}.
 */
public final class DatatypeCodec {
  /** Deepest nesting of compound, array, enum and variable-length types accepted. */
  public static final int MAX_DEPTH = 32;

  private static final String STRUCTURE = "datatype message";
  /** Complex class bit 0: both parts have the base type (libhdf5 2.0 knows no other case). */
  private static final int COMPLEX_HOMOGENEOUS = 1;
  /** Complex class bits 1-2, the form: 0 rectangular (real, imaginary), the only one defined. */
  private static final int COMPLEX_RECTANGULAR = 0;

  private DatatypeCodec() {}

  // ---------------------------------------------------------------- versions

  /** The version {@link #encode(Datatype, ByteWriter)} writes for {@code t}. */
  public static int version(Datatype t) {
    return version(t, 1);
  }

  /**
   * The version written for {@code t} when at least {@code minVersion} (1..4) is wanted: more
   * when the type needs it.
   */
  public static int version(Datatype t, int minVersion) {
    if (minVersion < 1 || minVersion > 4) {
      throw new IllegalArgumentException("datatype message versions are 1..4, got " + minVersion);
    }
    return Math.max(minVersion, required(t));
  }

  private static int required(Datatype t) {
    if (t instanceof ComplexType) {
      return 5;
    } else if (t instanceof ArrayType a) {
      return Math.max(3, required(a.base()));
    } else if (t instanceof FloatType f) {
      return f.order() == Endianness.VAX ? 3 : 1;
    } else if (t instanceof ReferenceType r) {
      return r.kind().revised() ? 4 : 1;
    } else if (t instanceof CompoundType c) {
      int v = 1;
      for (CompoundType.Member m : c.members()) {
        v = Math.max(v, required(m.type()));
      }
      return v;
    } else if (t instanceof EnumType e) {
      return required(e.base());
    } else if (t instanceof VarLenType v) {
      return required(v.base());
    }
    return 1;
  }

  // ---------------------------------------------------------------- encode

  /** Writes the message body of {@code t} at the lowest suitable version. */
  public static void encode(Datatype t, ByteWriter w) {
    encodeAt(t, w, version(t));
  }

  /** Writes the message body of {@code t} at version {@code version(t, minVersion)}. */
  public static void encode(Datatype t, ByteWriter w, int minVersion) {
    encodeAt(t, w, version(t, minVersion));
  }

  /** The bytes {@link #encode(Datatype, ByteWriter)} writes. */
  public static byte[] encode(Datatype t) {
    ByteWriter w = new ByteWriter(io.h5j.format.io.FileParams.DEFAULT, encodedSize(t));
    encode(t, w);
    return w.toByteArray();
  }

  /** Number of bytes {@link #encode(Datatype, ByteWriter)} writes. */
  public static int encodedSize(Datatype t) {
    return sizeAt(t, version(t));
  }

  /** Number of bytes {@link #encode(Datatype, ByteWriter, int)} writes. */
  public static int encodedSize(Datatype t, int minVersion) {
    return sizeAt(t, version(t, minVersion));
  }

  private static void header(ByteWriter w, int version, Datatype t, int bits) {
    w.u8(version << 4 | t.classId());
    w.u8(bits).u8(bits >>> 8).u8(bits >>> 16);
    w.u32(t.size() & 0xffffffffL);
  }

  private static int orderBit(Endianness o) {
    return o == Endianness.LITTLE_ENDIAN ? 0 : 1;
  }

  private static int bit(boolean b, int pos) {
    return b ? 1 << pos : 0;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static int padded8(int n) {
    return (n + 7) / 8 * 8;
  }

  /** Bytes of a compound v3 member offset: the fewest that hold the compound size. */
  static int offsetWidth(int compoundSize) {
    int n = 1;
    while (n < 4 && (compoundSize >>> (8 * n)) != 0) {
      n++;
    }
    return n;
  }

  private static void encodeAt(Datatype t, ByteWriter w, int v) {
    if (t instanceof FixedPointType f) {
      header(w, v, t, orderBit(f.order()) | bit(f.loPad(), 1) | bit(f.hiPad(), 2)
          | bit(f.signed(), 3));
      w.u16(f.bitOffset()).u16(f.bitPrecision());
    } else if (t instanceof FloatType f) {
      int order = switch (f.order()) {
        case LITTLE_ENDIAN -> 0;
        case BIG_ENDIAN -> 1;
        case VAX -> 1 | 1 << 6;
      };
      header(w, v, t, order | bit(f.loPad(), 1) | bit(f.hiPad(), 2) | bit(f.internalPad(), 3)
          | f.normalization().ordinal() << 4 | f.signLocation() << 8);
      w.u16(f.bitOffset()).u16(f.bitPrecision());
      w.u8(f.exponentLocation()).u8(f.exponentSize());
      w.u8(f.mantissaLocation()).u8(f.mantissaSize());
      w.u32(f.exponentBias());
    } else if (t instanceof TimeType tt) {
      header(w, v, t, orderBit(tt.order()));
      w.u16(tt.bitPrecision());
    } else if (t instanceof StringType s) {
      header(w, v, t, s.padding().ordinal() | s.charset().ordinal() << 4);
    } else if (t instanceof BitfieldType b) {
      header(w, v, t, orderBit(b.order()) | bit(b.loPad(), 1) | bit(b.hiPad(), 2));
      w.u16(b.bitOffset()).u16(b.bitPrecision());
    } else if (t instanceof OpaqueType o) {
      byte[] tag = ascii(o.tag());
      int len = padded8(tag.length);
      header(w, v, t, len);
      w.bytes(tag).zeros(len - tag.length);
    } else if (t instanceof CompoundType c) {
      header(w, v, t, c.members().size());
      int offWidth = offsetWidth(c.size());
      for (CompoundType.Member m : c.members()) {
        byte[] name = ascii(m.name());
        w.bytes(name);
        if (v >= 3) {
          w.u8(0);
          w.uN(m.offset(), offWidth);
        } else {
          w.zeros(padded8(name.length + 1) - name.length);
          w.u32(m.offset());
          if (v == 1) {
            // dimensionality 0, reserved, permutation, reserved, four dimension sizes
            w.zeros(1 + 3 + 4 + 4 + 16);
          }
        }
        encodeAt(m.type(), w, v);
      }
    } else if (t instanceof ReferenceType r) {
      header(w, v, t, r.kind().revised() ? r.kind().code | 1 << 4 : r.kind().code);
    } else if (t instanceof EnumType e) {
      header(w, v, t, e.names().size());
      encodeAt(e.base(), w, v);
      for (String n : e.names()) {
        byte[] name = ascii(n);
        w.bytes(name);
        w.zeros(v >= 3 ? 1 : padded8(name.length + 1) - name.length);
      }
      // Member values are stored in the base type's byte order.
      byte[] value = new byte[e.size()];
      for (long x : e.values()) {
        Bits.storeLong(x, value, 0, e.size(), e.base().order());
        w.bytes(value);
      }
    } else if (t instanceof VarLenType vl) {
      header(w, v, t, vl.string()
          ? 1 | vl.padding().ordinal() << 4 | vl.charset().ordinal() << 8 : 0);
      encodeAt(vl.base(), w, v);
    } else if (t instanceof ArrayType a) {
      header(w, v, t, 0);
      int[] dims = a.dims();
      w.u8(dims.length);
      if (v == 2) {
        w.zeros(3);
      }
      for (int d : dims) {
        w.u32(d);
      }
      if (v == 2) {
        for (int i = 0; i < dims.length; i++) {
          w.u32(i);
        }
      }
      encodeAt(a.base(), w, v);
    } else if (t instanceof ComplexType c) {
      header(w, v, t, COMPLEX_HOMOGENEOUS | COMPLEX_RECTANGULAR << 1);
      encodeAt(c.base(), w, v);
    } else {
      throw new IllegalStateException("unknown datatype " + t);
    }
  }

  private static int sizeAt(Datatype t, int v) {
    final int h = 8;
    if (t instanceof FixedPointType || t instanceof BitfieldType) {
      return h + 4;
    } else if (t instanceof FloatType) {
      return h + 12;
    } else if (t instanceof TimeType) {
      return h + 2;
    } else if (t instanceof StringType || t instanceof ReferenceType) {
      return h;
    } else if (t instanceof OpaqueType o) {
      return h + padded8(ascii(o.tag()).length);
    } else if (t instanceof CompoundType c) {
      int n = h;
      for (CompoundType.Member m : c.members()) {
        int name = ascii(m.name()).length;
        n += v >= 3 ? name + 1 + offsetWidth(c.size())
            : padded8(name + 1) + 4 + (v == 1 ? 28 : 0);
        n += sizeAt(m.type(), v);
      }
      return n;
    } else if (t instanceof EnumType e) {
      int n = h + sizeAt(e.base(), v);
      for (String name : e.names()) {
        int len = ascii(name).length;
        n += v >= 3 ? len + 1 : padded8(len + 1);
      }
      return n + e.names().size() * e.size();
    } else if (t instanceof VarLenType vl) {
      return h + sizeAt(vl.base(), v);
    } else if (t instanceof ArrayType a) {
      int rank = a.dims().length;
      return h + 1 + (v == 2 ? 3 + 8 * rank : 4 * rank) + sizeAt(a.base(), v);
    } else if (t instanceof ComplexType c) {
      return h + sizeAt(c.base(), v);
    }
    throw new IllegalStateException("unknown datatype " + t);
  }

  // ---------------------------------------------------------------- decode

  /**
   * Reads one datatype message body from {@code r}, leaving it after the message.
   *
   * @throws H5FormatException when the bytes are not a valid datatype message
   */
  public static Datatype decode(ByteReader r) throws H5FormatException {
    return decode(r, 0);
  }

  private static Datatype decode(ByteReader r, int depth) throws H5FormatException {
    if (depth > MAX_DEPTH) {
      throw r.error("datatype nested deeper than " + MAX_DEPTH + " levels");
    }
    long at = r.fileAddress();
    int classAndVersion = r.u8();
    int version = classAndVersion >>> 4;
    int cls = classAndVersion & 0x0f;
    int bits = r.u8() | r.u8() << 8 | r.u8() << 16;
    long rawSize = r.u32();
    if (version < 1 || version > 5) {
      throw version > 5
          ? H5FormatException.tooNew(STRUCTURE, at, "unknown datatype message version " + version)
          : new H5FormatException(STRUCTURE, at, "unknown datatype message version " + version);
    }
    if (rawSize < 1 || rawSize > Integer.MAX_VALUE) {
      throw new H5FormatException(STRUCTURE, at, "datatype size " + rawSize + " is invalid");
    }
    int size = (int) rawSize;
    try {
      Datatype t = decodeClass(r, at, version, cls, bits, size, depth);
      if (t.size() != size && !(t instanceof ReferenceType ref && ref.kind().revised())) {
        throw new H5FormatException(STRUCTURE, at, "datatype size " + size
            + " does not match the " + t.size() + " bytes its description implies");
      }
      return t;
    } catch (IllegalArgumentException e) {
      throw new H5FormatException(STRUCTURE, at, "invalid datatype: " + e.getMessage(), e);
    }
  }

  private static Endianness order(int bits) {
    return (bits & 1) == 0 ? Endianness.LITTLE_ENDIAN : Endianness.BIG_ENDIAN;
  }

  private static boolean flag(int bits, int pos) {
    return (bits >>> pos & 1) != 0;
  }

  private static Datatype decodeClass(ByteReader r, long at, int version, int cls, int bits,
      int size, int depth) throws H5FormatException {
    switch (cls) {
      case 0: {
        int offset = r.u16();
        int precision = r.u16();
        return new FixedPointType(size, order(bits), flag(bits, 3), offset, precision,
            flag(bits, 1), flag(bits, 2));
      }
      case 1: {
        Endianness order = switch (bits & 1 | (bits >>> 5 & 2)) {
          case 0 -> Endianness.LITTLE_ENDIAN;
          case 1 -> Endianness.BIG_ENDIAN;
          case 3 -> Endianness.VAX;
          default -> throw new H5FormatException(STRUCTURE, at, "reserved float byte order");
        };
        int norm = bits >>> 4 & 3;
        if (norm == 3) {
          throw new H5FormatException(STRUCTURE, at, "reserved mantissa normalization 3");
        }
        int offset = r.u16();
        int precision = r.u16();
        int epos = r.u8();
        int esize = r.u8();
        int mpos = r.u8();
        int msize = r.u8();
        long bias = r.u32();
        return new FloatType(size, order, flag(bits, 1), flag(bits, 2), flag(bits, 3),
            MantissaNormalization.values()[norm], bits >>> 8 & 0xff, offset, precision, epos,
            esize, mpos, msize, bias);
      }
      case 2:
        return new TimeType(size, order(bits), r.u16());
      case 3:
        return new StringType(size, padding(bits & 0xf, r, at), charset(bits >>> 4 & 0xf, at));
      case 4: {
        int offset = r.u16();
        int precision = r.u16();
        return new BitfieldType(size, order(bits), offset, precision, flag(bits, 1),
            flag(bits, 2));
      }
      case 5: {
        int len = bits & 0xff;
        byte[] tag = r.bytes(len);
        int end = 0;
        while (end < len && tag[end] != 0) {
          end++;
        }
        return new OpaqueType(size, new String(tag, 0, end, StandardCharsets.ISO_8859_1));
      }
      case 6:
        return decodeCompound(r, version, bits & 0xffff, size, depth);
      case 7: {
        ReferenceType.Kind kind = ReferenceType.Kind.ofCode(bits & 0xf);
        if (kind == null || (kind.revised() && (version < 4 || (bits >>> 4 & 0xf) != 1))) {
          throw H5FormatException.unsupported(STRUCTURE, at, "unsupported reference type " + (bits & 0xf)
              + " (encoding version " + (bits >>> 4 & 0xf) + ") in datatype version " + version);
        }
        // libhdf5 uses a revised reference's in-file size (size of offsets + 10: kind, flags,
        // length, heap ID), whatever the message says: as the base of a variable-length
        // sequence it writes 64, the size of H5R_ref_t in memory.
        return new ReferenceType(kind, kind.revised() && r.params() != null
            ? r.params().offsetSize() + 10 : size);
      }
      case 8: {
        int n = bits & 0xffff;
        Datatype base = decode(r, depth + 1);
        if (!(base instanceof FixedPointType fb)) {
          throw new H5FormatException(STRUCTURE, at, "enum base type is not an integer");
        }
        if (fb.size() > 8) {
          throw new H5FormatException(STRUCTURE, at, "enum base type wider than 8 bytes");
        }
        // Each member needs at least one name byte and its value: check before allocating.
        if ((long) n * (1 + fb.size()) > r.remaining()) {
          throw new H5FormatException(STRUCTURE, at, n + " enum members cannot fit");
        }
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          names.add(version >= 3 ? r.cString() : r.paddedCString(8));
        }
        List<Long> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          long raw = Bits.loadLong(r.bytes(fb.size()), 0, fb.size(), fb.order());
          values.add(extend(raw, fb));
        }
        return new EnumType(fb, names, values);
      }
      case 9: {
        int type = bits & 0xf;
        if (type > 1) {
          throw new H5FormatException(STRUCTURE, at, "reserved variable-length type " + type);
        }
        Datatype base = decode(r, depth + 1);
        if (type == 1) {
          return new VarLenType(size, base, true, padding(bits >>> 4 & 0xf, r, at),
              charset(bits >>> 8 & 0xf, at));
        }
        return new VarLenType(size, base, false, StringPadding.NULLTERM, CharacterSet.ASCII);
      }
      case 10: {
        // Version 1 cannot hold arrays by the spec, yet libhdf5 reads one as version 2 (some
        // 1.4-era writers stored them so): reserved bytes and permutations as in version 2.
        int rank = r.u8();
        if (version < 3) {
          r.skip(3);
        }
        if (rank < 1 || rank > ArrayType.MAX_RANK) {
          throw new H5FormatException(STRUCTURE, at, "array rank " + rank + " is not 1..32");
        }
        int[] dims = new int[rank];
        for (int i = 0; i < rank; i++) {
          dims[i] = r.uNasInt(4, "array dimension");
        }
        if (version < 3) {
          r.skip(4L * rank); // permutation indices: never implemented, ignored
        }
        return new ArrayType(dims, decode(r, depth + 1));
      }
      case 11:
        return decodeComplex(r, at, version, bits, depth);
      default:
        throw new H5FormatException(STRUCTURE, at, "unknown datatype class " + cls);
    }
  }

  private static ComplexType decodeComplex(ByteReader r, long at, int version, int bits,
      int depth) throws H5FormatException {
    if (version < 5) {
      throw new H5FormatException(STRUCTURE, at, "complex datatype in message version "
          + version + " (it needs version 5)");
    }
    if ((bits & COMPLEX_HOMOGENEOUS) == 0) {
      throw new H5FormatException(STRUCTURE, at,
          "complex datatype whose parts have different types (not homogeneous)");
    }
    int form = bits >>> 1 & 3;
    if (form != COMPLEX_RECTANGULAR) {
      throw new H5FormatException(STRUCTURE, at, "complex datatype of form " + form
          + " (only 0, rectangular, is defined)");
    }
    Datatype base = decode(r, depth + 1);
    if (!(base instanceof FloatType f)) {
      throw new H5FormatException(STRUCTURE, at, "complex datatype whose parts are not "
          + "floating-point but class " + base.classId());
    }
    return new ComplexType(f);
  }

  /** Sign- or zero-extends a raw little-endian integer of the base type's width. */
  private static long extend(long raw, FixedPointType base) {
    int bitsWide = 8 * base.size();
    if (base.signed() && bitsWide < 64) {
      return raw << (64 - bitsWide) >> (64 - bitsWide);
    }
    return raw;
  }

  private static StringPadding padding(int code, ByteReader r, long at)
      throws H5FormatException {
    if (code > 2) {
      throw new H5FormatException(STRUCTURE, at, "reserved string padding " + code);
    }
    return StringPadding.values()[code];
  }

  private static CharacterSet charset(int code, long at) throws H5FormatException {
    if (code > 1) {
      throw new H5FormatException(STRUCTURE, at, "reserved character set " + code);
    }
    return CharacterSet.values()[code];
  }

  private static CompoundType decodeCompound(ByteReader r, int version, int n, int size,
      int depth) throws H5FormatException {
    long at = r.fileAddress();
    // Every member needs at least a name byte and an 8-byte member type header.
    if ((long) n * 9 > r.remaining()) {
      throw new H5FormatException(STRUCTURE, at, n + " compound members cannot fit");
    }
    int offWidth = offsetWidth(size);
    List<CompoundType.Member> members = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String name;
      long offset;
      int[] dims = null;
      if (version >= 3) {
        name = r.cString();
        offset = r.uN(offWidth);
      } else {
        name = r.paddedCString(8);
        offset = r.u32();
        if (version == 1) {
          int rank = r.u8();
          r.skip(3 + 4 + 4);
          long[] d = {r.u32(), r.u32(), r.u32(), r.u32()};
          if (rank > 4) {
            throw r.error("compound member \"" + name + "\" has rank " + rank + " > 4");
          }
          if (rank > 0) {
            dims = new int[rank];
            for (int k = 0; k < rank; k++) {
              if (d[k] < 1 || d[k] > Integer.MAX_VALUE) {
                throw r.error("compound member \"" + name + "\" dimension " + d[k]);
              }
              dims[k] = (int) d[k];
            }
          }
        }
      }
      if (offset > Integer.MAX_VALUE) {
        throw r.error("compound member offset " + offset + " is too large");
      }
      Datatype type = decode(r, depth + 1);
      if (dims != null) {
        type = new ArrayType(dims, type);
      }
      members.add(new CompoundType.Member(name, (int) offset, type));
    }
    return new CompoundType(size, members);
  }
}
