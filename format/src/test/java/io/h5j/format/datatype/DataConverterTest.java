package io.h5j.format.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.type.CharacterSet;
import io.h5j.type.Complex;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.MantissaNormalization;
import io.h5j.type.OpaqueType;
import io.h5j.type.ReferenceType;
import io.h5j.type.StringPadding;
import io.h5j.type.StringType;
import io.h5j.type.VarLenType;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileParams;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class DataConverterTest {
  private static final DataConverter C = new DataConverter(FileParams.DEFAULT);
  private static final Endianness LE = Endianness.LITTLE_ENDIAN;
  private static final Endianness BE = Endianness.BIG_ENDIAN;

  private static Object roundTrip(Datatype t, Object values) throws Exception {
    MemoryHeap heap = new MemoryHeap();
    byte[] raw = C.fromJavaArray(t, values, heap);
    assertEquals(java.lang.reflect.Array.getLength(values) * t.size(), raw.length);
    return C.toJavaArray(t, raw, java.lang.reflect.Array.getLength(values), heap);
  }

  @Property
  void int8(@ForAll byte[] v, @ForAll boolean be) throws Exception {
    assertArrayEquals(v, (byte[]) roundTrip(order(Datatypes.INT8, be), v));
  }

  @Property
  void int16(@ForAll short[] v, @ForAll boolean be) throws Exception {
    assertArrayEquals(v, (short[]) roundTrip(order(Datatypes.INT16, be), v));
  }

  @Property
  void int32(@ForAll int[] v, @ForAll boolean be) throws Exception {
    assertArrayEquals(v, (int[]) roundTrip(order(Datatypes.INT32, be), v));
  }

  @Property
  void int64(@ForAll long[] v, @ForAll boolean be) throws Exception {
    assertArrayEquals(v, (long[]) roundTrip(order(Datatypes.INT64, be), v));
  }

  @Property
  void uint8(@ForAll short[] v, @ForAll boolean be) throws Exception {
    for (int i = 0; i < v.length; i++) {
      v[i] &= 0xff;
    }
    assertArrayEquals(v, (short[]) roundTrip(order(Datatypes.UINT8, be), v));
  }

  @Property
  void uint16(@ForAll int[] v, @ForAll boolean be) throws Exception {
    for (int i = 0; i < v.length; i++) {
      v[i] &= 0xffff;
    }
    assertArrayEquals(v, (int[]) roundTrip(order(Datatypes.UINT16, be), v));
  }

  @Property
  void uint32(@ForAll long[] v, @ForAll boolean be) throws Exception {
    for (int i = 0; i < v.length; i++) {
      v[i] &= 0xffffffffL;
    }
    assertArrayEquals(v, (long[]) roundTrip(order(Datatypes.UINT32, be), v));
  }

  @Property
  void uint64(@ForAll long[] v, @ForAll boolean be) throws Exception {
    assertArrayEquals(v, (long[]) roundTrip(order(Datatypes.UINT64, be), v));
  }

  @Property
  void float32(@ForAll float[] v, @ForAll boolean be) throws Exception {
    assertArrayEquals(v, (float[]) roundTrip(order(Datatypes.FLOAT32, be), v));
  }

  @Property
  void float64(@ForAll double[] v, @ForAll boolean be) throws Exception {
    assertArrayEquals(v, (double[]) roundTrip(order(Datatypes.FLOAT64, be), v));
  }

  @Property
  void complex128(@ForAll double[] re, @ForAll boolean be) throws Exception {
    Complex[] v = new Complex[re.length];
    for (int i = 0; i < re.length; i++) {
      v[i] = new Complex(re[i], re[re.length - 1 - i]);
    }
    assertArrayEquals(v, (Complex[]) roundTrip(order(Datatypes.COMPLEX128, be), v));
  }

  @Property
  void complex64PartsRoundAsFloats(@ForAll double[] re, @ForAll boolean be) throws Exception {
    Complex[] v = new Complex[re.length];
    Complex[] rounded = new Complex[re.length];
    for (int i = 0; i < re.length; i++) {
      double im = -re[re.length - 1 - i];
      v[i] = new Complex(re[i], im);
      rounded[i] = new Complex((float) re[i], (float) im);
    }
    assertArrayEquals(rounded, (Complex[]) roundTrip(order(Datatypes.COMPLEX64, be), v));
  }

  @Test
  void complexPartsAreRealThenImaginary() throws Exception {
    byte[] raw = C.fromJavaArray(Datatypes.bigEndian(Datatypes.COMPLEX64),
        new Complex[] {new Complex(1, -2)}, null);
    assertArrayEquals(new byte[] {0x3f, (byte) 0x80, 0, 0, (byte) 0xc0, 0, 0, 0}, raw);
  }

  private static Datatype order(Datatype t, boolean be) {
    return be ? Datatypes.bigEndian(t) : t;
  }

  @Test
  void bigEndianBytesAreBigEndian() throws Exception {
    byte[] raw = C.fromJavaArray(Datatypes.bigEndian(Datatypes.INT32), new int[] {0x01020304},
        null);
    assertArrayEquals(new byte[] {1, 2, 3, 4}, raw);
    byte[] f = {0x3f, (byte) 0xf8, 0, 0, 0, 0, 0, 0};
    assertArrayEquals(new double[] {1.5},
        (double[]) C.toJavaArray(Datatypes.bigEndian(Datatypes.FLOAT64), f, 1, null));
  }

  // ------------------------------------------------------------ generic float layouts

  /** FLOAT32 with the internal-pad flag: same values, but forced off the fast path. */
  private static final FloatType GENERIC32 = new FloatType(4, LE, false, false, true,
      MantissaNormalization.IMPLIED, 31, 0, 32, 23, 8, 0, 23, 127);
  private static final FloatType GENERIC64 = new FloatType(8, BE, false, false, true,
      MantissaNormalization.IMPLIED, 63, 0, 64, 52, 11, 0, 52, 1023);

  @Property(tries = 5000)
  void genericFloatPathMatchesJavaSingle(@ForAll int bits) throws Exception {
    byte[] raw = {(byte) bits, (byte) (bits >> 8), (byte) (bits >> 16), (byte) (bits >> 24)};
    float got = ((float[]) C.toJavaArray(GENERIC32, raw, 1, null))[0];
    float want = Float.intBitsToFloat(bits);
    assertEquals(Float.isNaN(want), Float.isNaN(got));
    if (!Float.isNaN(want)) {
      assertEquals(bits, Float.floatToRawIntBits(got));
      assertArrayEquals(raw, C.fromJavaArray(GENERIC32, new float[] {got}, null));
    }
  }

  @Property(tries = 5000)
  void genericFloatPathMatchesJavaDouble(@ForAll long bits) throws Exception {
    double want = Double.longBitsToDouble(bits);
    byte[] raw = C.fromJavaArray(Datatypes.bigEndian(Datatypes.FLOAT64), new double[] {want},
        null);
    double got = ((double[]) C.toJavaArray(GENERIC64, raw, 1, null))[0];
    assertEquals(Double.isNaN(want), Double.isNaN(got));
    if (!Double.isNaN(want)) {
      assertEquals(bits, Double.doubleToRawLongBits(got));
      assertArrayEquals(raw, C.fromJavaArray(GENERIC64, new double[] {got}, null));
    }
  }

  @Property(tries = 3000)
  void doublesRoundToNearestEvenSingle(@ForAll double d) throws Exception {
    byte[] raw = C.fromJavaArray(GENERIC32, new float[] {(float) d}, null);
    FloatType wide = new FloatType(8, LE, false, false, true, MantissaNormalization.IMPLIED,
        31, 0, 32, 23, 8, 0, 23, 127); // 4 significant bytes in an 8-byte element -> double[]
    byte[] raw8 = C.fromJavaArray(wide, new double[] {d}, null);
    assertArrayEquals(raw, Arrays.copyOf(raw8, 4), "generic rounding equals Java's (float)");
  }

  @Test
  void half16AllPatternsRoundTrip() throws Exception {
    for (FloatType t : List.of(Datatypes.FLOAT16, Datatypes.BFLOAT16,
        Datatypes.FLOAT16.withOrder(BE), Datatypes.FLOAT16.withOrder(Endianness.VAX))) {
      byte[] raw = new byte[2 * 65536];
      for (int i = 0; i < 65536; i++) {
        raw[2 * i] = (byte) i;
        raw[2 * i + 1] = (byte) (i >> 8);
      }
      float[] f = (float[]) C.toJavaArray(t, raw, 65536, null);
      byte[] back = C.fromJavaArray(t, f, null);
      for (int i = 0; i < 65536; i++) {
        if (!Float.isNaN(f[i])) {
          assertEquals(raw[2 * i], back[2 * i], t + " pattern " + i);
          assertEquals(raw[2 * i + 1], back[2 * i + 1], t + " pattern " + i);
        }
      }
    }
  }

  @Test
  void half16KnownValues() throws Exception {
    float[] f = (float[]) C.toJavaArray(Datatypes.FLOAT16,
        new byte[] {0, 0x3c, 0, 0x3e, (byte) 0xff, 0x7b, 1, 0, 0, (byte) 0xfc, 0, (byte) 0x80},
        6, null);
    assertArrayEquals(new float[] {1f, 1.5f, 65504f, 0x1p-24f, Float.NEGATIVE_INFINITY, -0f}, f);
    // overflow to infinity, ties to even
    byte[] raw = C.fromJavaArray(Datatypes.FLOAT16, new float[] {1e6f, 1 + 0x1p-11f}, null);
    assertArrayEquals(new byte[] {0, 0x7c, 0, 0x3c}, raw);
  }

  @Test
  void bfloat16IsTopHalfOfSingle() throws Exception {
    Random rnd = new Random(1);
    for (int k = 0; k < 10000; k++) {
      int hi = rnd.nextInt(1 << 16);
      byte[] raw = {(byte) hi, (byte) (hi >> 8)};
      float got = ((float[]) C.toJavaArray(Datatypes.BFLOAT16, raw, 1, null))[0];
      float want = Float.intBitsToFloat(hi << 16);
      assertEquals(Float.isNaN(want), Float.isNaN(got));
      if (!Float.isNaN(want)) {
        assertEquals(want, got);
      }
    }
  }

  @Test
  void x87ExtendedPrecision() throws Exception {
    double[] v = {1.5, -3.25e100, 0x1p-1070, Double.MAX_VALUE, 0.0, Double.NEGATIVE_INFINITY};
    double[] back = (double[]) roundTrip(TypeArbitraries.X87, v);
    assertArrayEquals(v, back);
    byte[] raw = C.fromJavaArray(TypeArbitraries.X87, new double[] {1.0}, null);
    // 1.0 = explicit leading bit 63 set, exponent 16383
    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, (byte) 0x80, (byte) 0xff, 0x3f, 0, 0, 0,
        0, 0, 0}, raw);
  }

  // ------------------------------------------------------------ generic integer layouts

  @Property
  void oddIntegerLayouts(@ForAll("oddInts") FixedPointType t, @ForAll long seed)
      throws Exception {
    Random rnd = new Random(seed);
    int n = 20;
    byte[] raw = new byte[n * t.size()];
    rnd.nextBytes(raw);
    Object values = C.toJavaArray(t, raw, n, null);
    Object again = C.toJavaArray(t, C.fromJavaArray(t, values, null), n, null);
    assertTrue(deepEq(values, again));
  }

  @Provide
  Arbitrary<FixedPointType> oddInts() {
    return TypeArbitraries.fixed(16);
  }

  @Test
  void twelveBitSignedValue() throws Exception {
    FixedPointType t = new FixedPointType(2, BE, true, 4, 12, false, true);
    byte[] raw = C.fromJavaArray(t, new short[] {-2}, null);
    assertArrayEquals(new byte[] {(byte) 0xff, (byte) 0xe0}, raw);
    assertArrayEquals(new short[] {-2}, (short[]) C.toJavaArray(t, raw, 1, null));
    FixedPointType big = FixedPointType.of(16, true, LE);
    BigInteger[] b = {BigInteger.ONE.shiftLeft(100).negate(), BigInteger.TEN};
    assertArrayEquals(b, (BigInteger[]) roundTrip(big, b));
  }

  @Property
  void integersOfAnyWidthRoundTripAsBigIntegers(@ForAll @IntRange(min = 9, max = 48) int size,
      @ForAll boolean be, @ForAll boolean signed, @ForAll long seed) throws Exception {
    Random rnd = new Random(seed);
    int precision = 1 + rnd.nextInt(8 * size);
    int offset = rnd.nextInt(8 * size - precision + 1);
    FixedPointType t = new FixedPointType(size, be ? BE : LE, signed, offset, precision,
        rnd.nextBoolean(), rnd.nextBoolean());
    BigInteger[] v = new BigInteger[4];
    for (int i = 0; i < v.length; i++) {
      BigInteger u = new BigInteger(precision, rnd);
      v[i] = signed ? u.subtract(BigInteger.ONE.shiftLeft(precision - 1)) : u;
    }
    assertArrayEquals(v, (BigInteger[]) roundTrip(t, v));
  }

  @Test
  void aFloatWiderThanSixteenBytesReadsAsTheNearestDouble() throws Exception {
    FloatType binary256 = FloatType.ieee(32, 19, 236, BE);
    double[] v = {1.0 / 3, -0.0, 5e-324, Double.MAX_VALUE, Double.NEGATIVE_INFINITY, Double.NaN};
    assertArrayEquals(v, (double[]) roundTrip(binary256, v));
    assertArrayEquals(v, (double[]) roundTrip(TypeArbitraries.WIDE_PADDED, v));
    // 1 + 2^-60 holds in binary256: its top 63 mantissa bits round to 1.0
    byte[] raw = C.fromJavaArray(binary256, new double[] {1}, null);
    raw[32 - 1 - 176 / 8] |= 1 << (176 % 8); // mantissa bit 176 = 2^-60
    assertArrayEquals(new double[] {1}, (double[]) C.toJavaArray(binary256, raw, 1, null));
    raw[32 - 1 - 230 / 8] |= 1 << (230 % 8); // and 2^-6
    assertArrayEquals(new double[] {1 + 0x1p-6}, (double[]) C.toJavaArray(binary256, raw, 1,
        null));
  }

  /** Any type without heap data or strings: raw → Java → raw → Java is stable. */
  @Property(tries = 1000)
  void javaValuesOfAnyTypeRoundTrip(@ForAll("plainTypes") Datatype t, @ForAll long seed,
      @ForAll @IntRange(max = 5) int n) throws Exception {
    Random rnd = new Random(seed);
    byte[] raw = new byte[n * t.size()];
    rnd.nextBytes(raw);
    Object values = C.toJavaArray(t, raw, n, null);
    assertEquals(DataConverter.javaArrayClass(t), values.getClass());
    Object again = C.toJavaArray(t, C.fromJavaArray(t, values, null), n, null);
    assertTrue(deepEq(values, again),
        () -> Arrays.deepToString(new Object[] {values}) + " vs "
            + Arrays.deepToString(new Object[] {again}));
  }

  @Provide
  Arbitrary<Datatype> plainTypes() {
    return TypeArbitraries.types(2, false);
  }

  // ------------------------------------------------------------ strings, vlen, compound

  @Test
  void fixedStringPadding() throws Exception {
    byte[] raw = "ab\0cd\0xy  \0\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    assertArrayEquals(new String[] {"ab", "xy  "}, (String[]) C.toJavaArray(
        new StringType(6, StringPadding.NULLTERM, CharacterSet.ASCII), raw, 2, null));
    assertArrayEquals(new String[] {"ab\0cd", "xy  "}, (String[]) C.toJavaArray(
        new StringType(6, StringPadding.NULLPAD, CharacterSet.ASCII), raw, 2, null));
    assertArrayEquals(new String[] {"ab\0cd\0xy  \0\0"}, (String[]) C.toJavaArray(
        new StringType(12, StringPadding.SPACEPAD, CharacterSet.ASCII), raw, 1, null));
    StringType t = new StringType(4, StringPadding.NULLTERM, CharacterSet.UTF8);
    assertArrayEquals(new String[] {"abc", "é", ""},
        (String[]) roundTrip(t, new String[] {"abcdef", "éé", ""}));
    assertArrayEquals(new String[] {"ab  "}, (String[]) C.toJavaArray(t,
        C.fromJavaArray(new StringType(4, StringPadding.SPACEPAD, CharacterSet.ASCII),
            new String[] {"ab"}, null), 1, null));
    assertThrows(IllegalArgumentException.class, () -> C.fromJavaArray(
        Datatypes.fixedString(4, CharacterSet.ASCII), new String[] {"é"}, null));
  }

  @Property
  void vlenStrings(@ForAll @Size(max = 10) List<String> strings) throws Exception {
    String[] v = strings.stream().map(s -> s.replace("\0", "")).toArray(String[]::new);
    assertArrayEquals(v, (String[]) roundTrip(Datatypes.vlenString(CharacterSet.UTF8), v));
  }

  @Test
  void vlenSequencesAndElementLayout() throws Exception {
    VarLenType t = Datatypes.vlenSequence(Datatypes.INT32);
    Object[] v = {new int[] {1, 2, 3}, new int[0], new int[] {-7}};
    MemoryHeap heap = new MemoryHeap();
    byte[] raw = C.fromJavaArray(t, v, heap);
    assertEquals(48, raw.length);
    // length 3, collection 4096, index 1
    assertArrayEquals(new byte[] {3, 0, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0},
        Arrays.copyOf(raw, 16));
    assertTrue(Arrays.deepEquals(v, (Object[]) C.toJavaArray(t, raw, 3, heap)));
    raw[0] = 4; // longer than the heap object
    assertThrows(H5FormatException.class, () -> C.toJavaArray(t, raw, 3, heap));
    VarLenType nested = Datatypes.vlenSequence(Datatypes.vlenString(CharacterSet.UTF8));
    Object[] vv = {new String[] {"a", "bc"}, new String[] {}};
    assertTrue(Arrays.deepEquals(vv, (Object[]) roundTrip(nested, vv)));
  }

  @Test
  void compoundWithEveryKindOfMember() throws Exception {
    EnumType color = Datatypes.enumOf(Datatypes.INT8, "RED", "GREEN");
    CompoundType inner = CompoundType.packed(List.of("x", "y"),
        List.of(Datatypes.UINT16, Datatypes.FLOAT32));
    CompoundType t = new CompoundType(64, List.of(
        new CompoundType.Member("i", 0, Datatypes.bigEndian(Datatypes.INT32)),
        new CompoundType.Member("d", 8, Datatypes.FLOAT64),
        new CompoundType.Member("s", 16, Datatypes.fixedString(5, CharacterSet.UTF8)),
        new CompoundType.Member("a", 21, Datatypes.array(Datatypes.INT16, 2, 2)),
        new CompoundType.Member("e", 29, color),
        new CompoundType.Member("in", 30, inner),
        new CompoundType.Member("v", 36, Datatypes.vlenString(CharacterSet.UTF8)),
        new CompoundType.Member("o", 52, new OpaqueType(4, "tag"))));
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("i", -5L);
    m.put("d", 2.5);
    m.put("s", "hi");
    m.put("a", new short[] {1, 2, 3, 4});
    m.put("e", "GREEN");
    Map<String, Object> in = new LinkedHashMap<>();
    in.put("x", 65535L);
    in.put("y", 0.5);
    m.put("in", in);
    m.put("v", "variable");
    m.put("o", new byte[] {1, 2, 3, 4});
    @SuppressWarnings("unchecked")
    Map<String, Object>[] back = (Map<String, Object>[]) roundTrip(t, new Map[] {m, m});
    assertEquals(2, back.length);
    assertEquals(List.copyOf(m.keySet()), List.copyOf(back[1].keySet()));
    assertTrue(deepEq(m, back[1]),
        Arrays.deepToString(back[1].values().toArray()));
    assertThrows(IllegalArgumentException.class, () -> C.fromJavaArray(t,
        new Map[] {Map.of("i", 1L)}, new MemoryHeap()));
  }

  @Test
  void enumsAndReferences() throws Exception {
    EnumType e = new EnumType(Datatypes.bigEndian(Datatypes.UINT16) instanceof FixedPointType f
        ? f : null, List.of("A", "B"), List.of(1L, 40000L));
    assertArrayEquals(new String[] {"B", "A", "7"},
        (String[]) roundTrip(e, new String[] {"B", "A", "7"}));
    ReferenceType obj = Datatypes.objectReference();
    assertArrayEquals(new long[] {800, -1}, (long[]) roundTrip(obj, new long[] {800, -1}));
  }

  @Test
  void forJavaArrayPicksNaturalTypes() {
    assertEquals(Datatypes.INT64, DataConverter.forJavaArray(new long[0]));
    assertEquals(Datatypes.FLOAT64, DataConverter.forJavaArray(new double[0]));
    assertEquals(Datatypes.INT8, DataConverter.forJavaArray(new byte[0]));
    assertEquals(Datatypes.vlenString(CharacterSet.UTF8),
        DataConverter.forJavaArray(new String[0]));
    assertEquals(Datatypes.vlenSequence(Datatypes.FLOAT32),
        DataConverter.forJavaArray(new Object[] {new float[2]}));
    assertThrows(IllegalArgumentException.class,
        () -> DataConverter.forJavaArray(new boolean[0]));
  }

  @Test
  void wrongJavaArrayIsAnIllegalArgument() {
    assertThrows(IllegalArgumentException.class,
        () -> C.fromJavaArray(Datatypes.UINT8, new byte[1], null));
    assertThrows(IllegalArgumentException.class,
        () -> C.toJavaArray(Datatypes.INT32, new byte[7], 2, null));
  }

  /** Structural equality through arrays and maps (maps compare arrays by identity). */
  static boolean deepEq(Object a, Object b) {
    if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
      if (!List.copyOf(ma.keySet()).equals(List.copyOf(mb.keySet()))) {
        return false;
      }
      for (Object k : ma.keySet()) {
        if (!deepEq(ma.get(k), mb.get(k))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Object[] oa && b instanceof Object[] ob) {
      if (oa.length != ob.length || oa.getClass() != ob.getClass()) {
        return false;
      }
      for (int i = 0; i < oa.length; i++) {
        if (!deepEq(oa[i], ob[i])) {
          return false;
        }
      }
      return true;
    }
    return Arrays.deepEquals(new Object[] {a}, new Object[] {b});
  }
}
