package io.h5j.format.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import io.h5j.type.CharacterSet;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.EnumType;
import io.h5j.type.StringPadding;
import io.h5j.type.StringType;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class DatatypeCodecTest {
  private static final FileParams P = FileParams.DEFAULT;

  @Provide
  Arbitrary<Datatype> types() {
    return TypeArbitraries.types(3, true);
  }

  static Datatype decode(byte[] b) throws H5FormatException {
    ByteReader r = new ByteReader(b, 0, "test", P);
    Datatype t = DatatypeCodec.decode(r);
    assertEquals(b.length, r.position(), "whole message consumed");
    return t;
  }

  static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  @Property(tries = 1500)
  void encodeThenDecodeIsIdentity(@ForAll("types") Datatype t,
      @ForAll @IntRange(min = 1, max = 4) int minVersion) throws Exception {
    ByteWriter w = new ByteWriter(P);
    DatatypeCodec.encode(t, w, minVersion);
    byte[] b = w.toByteArray();
    assertEquals(DatatypeCodec.encodedSize(t, minVersion), b.length);
    assertEquals(t, decode(b));
    assertEquals(DatatypeCodec.version(t, minVersion), (b[0] & 0xff) >>> 4);
    convertGarbage(t, b);
  }

  @Property(tries = 3000)
  void decodeOfArbitraryBytesFailsOnlyWithFormatException(@ForAll @Size(max = 200) byte[] b) {
    decodeExpectingOnlyFormatErrors(b);
  }

  @Property(tries = 3000)
  void decodeOfMutatedEncodingFailsOnlyWithFormatException(@ForAll("types") Datatype t,
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 0, max = 100000) Integer> positions,
      @ForAll @Size(min = 4, max = 4) byte[] values, @ForAll @IntRange(max = 100) int cut) {
    byte[] b = DatatypeCodec.encode(t);
    for (int i = 0; i < positions.size(); i++) {
      b[positions.get(i) % b.length] = values[i];
    }
    decodeExpectingOnlyFormatErrors(b);
    decodeExpectingOnlyFormatErrors(java.util.Arrays.copyOf(b, b.length * cut / 100));
  }

  private static void decodeExpectingOnlyFormatErrors(byte[] b) {
    try {
      Datatype t = DatatypeCodec.decode(new ByteReader(b, 0, "fuzz", P));
      // Whatever decodes must encode again and decode to the same model.
      ByteWriter w = new ByteWriter(P);
      DatatypeCodec.encode(t, w);
      assertEquals(t, decode(w.toByteArray()));
      convertGarbage(t, b);
    } catch (H5FormatException expected) {
      // fine
    } catch (Throwable e) {
      fail("decode threw " + e + " for " + HexFormat.of().formatHex(b), e);
    }
  }

  /** Converting arbitrary element bytes of a decoded type fails only with format errors. */
  private static void convertGarbage(Datatype t, byte[] seed) throws H5FormatException {
    if (t.size() > 4096) {
      return;
    }
    java.util.Random rnd = new java.util.Random(java.util.Arrays.hashCode(seed));
    byte[] raw = new byte[3 * t.size()];
    rnd.nextBytes(raw);
    byte[] heapObject = new byte[64];
    rnd.nextBytes(heapObject);
    DataConverter c = new DataConverter(P);
    try {
      c.toJavaArray(t, raw, 3, (addr, index) -> heapObject);
    } catch (H5FormatException expected) {
      // a vlen element longer than its heap object, or a vlen size that is not 16
    } catch (java.io.IOException e) {
      fail(e);
    }
  }

  @Test
  void deepNestingIsRejected() {
    Datatype t = Datatypes.INT8;
    for (int i = 0; i < 40; i++) {
      t = Datatypes.array(t, 1);
    }
    byte[] b = DatatypeCodec.encode(t);
    assertThrows(H5FormatException.class, () -> decode(b));
  }

  // ---------------------------------------------------------------- spec vectors

  @Test
  void ieeeFloat32LittleEndian() throws Exception {
    // v1 class 1; LE, implied normalization (bits 4-5 = 2), sign at bit 31; size 4;
    // offset 0, precision 32, exponent at 23 size 8, mantissa at 0 size 23, bias 127
    byte[] b = hex("11 20 1f 00 04000000 0000 2000 17 08 00 17 7f000000");
    assertEquals(Datatypes.FLOAT32, decode(b));
    assertEquals(HexFormat.of().formatHex(b), HexFormat.of().formatHex(
        DatatypeCodec.encode(Datatypes.FLOAT32)));
  }

  @Test
  void ieeeFloat64BigEndian() throws Exception {
    byte[] b = hex("11 21 3f 00 08000000 0000 4000 34 0b 00 34 ff030000");
    Datatype t = decode(b);
    assertEquals(Datatypes.bigEndian(Datatypes.FLOAT64), t);
    assertEquals(HexFormat.of().formatHex(b), HexFormat.of().formatHex(DatatypeCodec.encode(t)));
  }

  @Test
  void fixedString() throws Exception {
    // v1 class 3; NULLPAD (1), UTF-8 (1 << 4); size 10
    byte[] b = hex("13 11 00 00 0a000000");
    assertEquals(new StringType(10, StringPadding.NULLPAD, CharacterSet.UTF8), decode(b));
    assertEquals(HexFormat.of().formatHex(b), HexFormat.of().formatHex(DatatypeCodec.encode(
        Datatypes.fixedString(10, CharacterSet.UTF8))));
  }

  @Test
  void compoundVersion1WithTwoMembers() throws Exception {
    String int32 = "10 08 00 00 04000000 0000 2000";
    String f64 = "11 20 3f 00 08000000 0000 4000 34 0b 00 34 ff030000";
    String noDims = "00 000000 00000000 00000000 00000000 00000000 00000000 00000000";
    byte[] b = hex("16 02 00 00 10000000"
        + "61 00 00 00 00 00 00 00" + "00000000" + noDims + int32
        + "76 61 6c 75 65 5f 78 00" + "08000000" + noDims + f64);
    CompoundType expected = new CompoundType(16, List.of(
        new CompoundType.Member("a", 0, Datatypes.INT32),
        new CompoundType.Member("value_x", 8, Datatypes.FLOAT64)));
    assertEquals(expected, decode(b));
    assertEquals(HexFormat.of().formatHex(b), HexFormat.of().formatHex(
        DatatypeCodec.encode(expected)));
  }

  @Test
  void compoundVersion1OldStyleArrayMember() throws Exception {
    String int16 = "10 08 00 00 02000000 0000 1000";
    byte[] b = hex("16 01 00 00 0c000000" + "76 00 00 00 00 00 00 00" + "00000000"
        + "02 000000 00000000 00000000 02000000 03000000 00000000 00000000" + int16);
    assertEquals(new CompoundType(12, List.of(new CompoundType.Member("v", 0,
        Datatypes.array(Datatypes.INT16, 2, 3)))), decode(b));
  }

  @Test
  void enumeration() throws Exception {
    // v1 class 8, 2 members; base uint8; names padded to 8; values 0, 5
    byte[] b = hex("18 02 00 00 01000000" + "10 00 00 00 01000000 0000 0800"
        + "52 45 44 00 00 00 00 00" + "47 52 45 45 4e 00 00 00" + "00 05");
    EnumType expected = new EnumType(Datatypes.UINT8, List.of("RED", "GREEN"), List.of(0L, 5L));
    assertEquals(expected, decode(b));
    assertEquals(HexFormat.of().formatHex(b), HexFormat.of().formatHex(
        DatatypeCodec.encode(expected)));
  }

  @Test
  void arrayVersion2() throws Exception {
    // v2 class 10; rank 2, reserved, dims 2 x 3, permutation 0 1, base int32
    byte[] b = hex("2a 00 00 00 18000000 02 000000 02000000 03000000 00000000 01000000"
        + "10 08 00 00 04000000 0000 2000");
    assertEquals(Datatypes.array(Datatypes.INT32, 2, 3), decode(b));
  }

  @Test
  void arrayInVersion1ReadsAsVersion2() throws Exception {
    // as arrayVersion2 with the version nibble 1: libhdf5 reads it (fixtures/crafted/array_v1.h5)
    byte[] b = hex("1a 00 00 00 18000000 02 000000 02000000 03000000 00000000 01000000"
        + "10 08 00 00 04000000 0000 2000");
    assertEquals(Datatypes.array(Datatypes.INT32, 2, 3), decode(b));
  }

  @Test
  void arrayEncodesAsVersion3() throws Exception {
    byte[] b = DatatypeCodec.encode(Datatypes.array(Datatypes.INT32, 2, 3));
    assertEquals("3a000000180000000202000000030000003008000004000000000020 00".replace(" ", ""),
        HexFormat.of().formatHex(b));
  }

  @Test
  void compoundVersion3OffsetsUseFewestBytes() {
    assertEquals(1, DatatypeCodec.offsetWidth(255));
    assertEquals(2, DatatypeCodec.offsetWidth(256));
    assertEquals(2, DatatypeCodec.offsetWidth(65535));
    assertEquals(3, DatatypeCodec.offsetWidth(65536));
    assertEquals(4, DatatypeCodec.offsetWidth(1 << 24));
  }

  @Test
  void invalidValuesAreRejected() {
    // fixed-point of size 0, of size 17 with 137 bits, precision beyond size
    assertThrows(H5FormatException.class, () -> decode(hex("10 08 00 00 00000000 0000 0800")));
    assertThrows(H5FormatException.class, () -> decode(hex("10 08 00 00 11000000 0000 8900")));
    assertThrows(H5FormatException.class, () -> decode(hex("10 08 00 00 01000000 0100 0800")));
    // complex class 11 in version 1, version 0 and 6 (5 is libhdf5 2.0's)
    assertThrows(H5FormatException.class, () -> decode(hex("1b 00 00 00 01000000")));
    assertThrows(H5FormatException.class, () -> decode(hex("03 00 00 00 01000000")));
    assertThrows(H5FormatException.class, () -> decode(hex("63 00 00 00 01000000")));
    // compound claiming 65535 members in a short message
    assertThrows(H5FormatException.class, () -> decode(hex("16 ff ff 00 10000000 61 00")));
  }

  // libhdf5 2.0's H5Tencode of H5T_COMPLEX_IEEE_F32LE (after its 2-byte prefix): version 5
  // class 11, homogeneous (bit 0), rectangular form (bits 1-2 zero), 8 bytes; then the base
  // float, which libhdf5 encodes in version 1
  private static final String LIBHDF5_COMPLEX64 =
      "5b 01 00 00 08000000 11 20 1f 00 04000000 0000 2000 17 08 00 17 7f000000";

  @Test
  void complexAsLibhdf5EncodesIt() throws Exception {
    assertEquals(Datatypes.COMPLEX64, decode(hex(LIBHDF5_COMPLEX64)));
    byte[] ours = DatatypeCodec.encode(Datatypes.COMPLEX64);
    assertEquals(5, (ours[0] & 0xff) >>> 4, "a complex type needs version 5");
    assertEquals(11, ours[0] & 0x0f);
    assertEquals(Datatypes.COMPLEX64, decode(ours));
  }

  @Test
  void typesHoldingAComplexAreVersion5() {
    Datatype compound = CompoundType.packed(List.of("x", "z"),
        List.of(Datatypes.INT32, Datatypes.COMPLEX128));
    assertEquals(5, DatatypeCodec.version(compound));
    assertEquals(5, DatatypeCodec.version(Datatypes.array(Datatypes.COMPLEX64, 3), 3));
    assertEquals(5, DatatypeCodec.version(Datatypes.vlenSequence(Datatypes.COMPLEX64)));
    assertEquals(1, DatatypeCodec.version(Datatypes.FLOAT32));
  }

  @Test
  void complexVariantsLibhdf5DoesNotDefineAreRejected() {
    byte[] lower = hex(LIBHDF5_COMPLEX64);
    lower[0] = 0x4b; // version 4
    byte[] heterogeneous = hex(LIBHDF5_COMPLEX64);
    heterogeneous[1] = 0;
    byte[] polar = hex(LIBHDF5_COMPLEX64);
    polar[1] = 0b011;
    byte[] integerParts = hex("5b 01 00 00 08000000 10 08 00 00 04000000 0000 2000");
    byte[] wrongSize = hex(LIBHDF5_COMPLEX64);
    wrongSize[4] = 16;
    for (byte[] b : List.of(lower, heterogeneous, polar, integerParts, wrongSize)) {
      H5FormatException e = assertThrows(H5FormatException.class, () -> decode(b));
      assertTrue(e.getMessage().contains("complex") || e.getMessage().contains("size"),
          e.getMessage());
    }
  }

  @Test
  void arbitraryGeneratorSanity() {
    Arbitraries.of(1).sample();
  }
}
