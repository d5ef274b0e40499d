package io.h5j.type;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The readable name of each datatype class, which is also its toString (cli prints it). */
class DatatypeNamesTest {

  @Test
  void integersNameTheirSignWidthAndANonDefaultOrder() {
    assertEquals("int32", Datatypes.INT32.name());
    assertEquals("uint8", Datatypes.UINT8.toString());
    assertEquals("int64 BE", Datatypes.bigEndian(Datatypes.INT64).name());
    assertEquals("uint24", FixedPointType.of(3, false, Endianness.LITTLE_ENDIAN).name());
  }

  @Test
  void floatsNameTheStandardLayoutsAndSpellOutCustomOnes() {
    assertEquals("float64", Datatypes.FLOAT64.name());
    assertEquals("float32 BE", Datatypes.bigEndian(Datatypes.FLOAT32).name());
    assertEquals("float16", Datatypes.FLOAT16.name());
    assertEquals("bfloat16", Datatypes.BFLOAT16.name());
    assertEquals("float24 (custom: 7-bit exponent, 16-bit mantissa)",
        FloatType.ieee(3, 7, 16, Endianness.LITTLE_ENDIAN).name());
  }

  @Test
  void complexNumbersTakeNumpysNames() {
    assertEquals("complex64", Datatypes.COMPLEX64.name());
    assertEquals("complex128 BE", Datatypes.COMPLEX128.withOrder(Endianness.BIG_ENDIAN).name());
    assertEquals("complex of float16", new ComplexType(Datatypes.FLOAT16).name());
  }

  @Test
  void stringsNameTheirSizeCharacterSetAndPadding() {
    assertEquals("string[10] ASCII NULLPAD",
        Datatypes.fixedString(10, CharacterSet.ASCII).name());
    assertEquals("string[4] UTF8 SPACEPAD",
        new StringType(4, StringPadding.SPACEPAD, CharacterSet.UTF8).name());
    assertEquals("vlen string UTF8", Datatypes.vlenString(CharacterSet.UTF8).name());
    assertEquals("vlen sequence of int32", Datatypes.vlenSequence(Datatypes.INT32).name());
  }

  @Test
  void containersNameTheirMembers() {
    CompoundType point = CompoundType.packed(List.of("x", "y"),
        List.of(Datatypes.FLOAT64, Datatypes.INT32));
    assertEquals("compound{x: float64, y: int32}", point.name());
    assertEquals("compound{p: compound{x: float64, y: int32}, n: uint8}",
        CompoundType.packed(List.of("p", "n"), List.of(point, Datatypes.UINT8)).toString());
    assertEquals("enum int8 {A=0, B=1}", Datatypes.enumOf(Datatypes.INT8, "A", "B").name());
    assertEquals("array[3] of float32", Datatypes.array(Datatypes.FLOAT32, 3).name());
    assertEquals("array[2, 2] of compound{x: float64, y: int32}",
        Datatypes.array(point, 2, 2).name());
  }

  @Test
  void theOtherClassesNameTheirKindAndSize() {
    assertEquals("opaque[4]", new OpaqueType(4, "").name());
    assertEquals("opaque[8] \"raw bytes\"", new OpaqueType(8, "raw bytes").name());
    assertEquals("bitfield16 BE", BitfieldType.of(2, Endianness.BIG_ENDIAN).name());
    assertEquals("reference (object)", Datatypes.objectReference().name());
    assertEquals("reference (dataset_region)", Datatypes.regionReference(4).name());
    assertEquals("time32", new TimeType(4, Endianness.LITTLE_ENDIAN, 32).name());
  }
}
