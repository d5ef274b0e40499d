package io.h5j.format.datatype;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.CharacterSet;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.EnumType;
import io.h5j.type.StringPadding;
import io.h5j.type.StringType;
import io.h5j.type.VarLenType;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileParams;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks the codec and converter against libhdf5 1.10.8 through Debian's h5py: the script
 * prints each datatype as libhdf5 encodes it (H5Tencode) and the element bytes of a value.
 * Skipped loudly when /usr/bin/python3 with h5py is missing; fails then under CI=true.
 */
@OracleTest
class H5pyOracleTest {
  private static final DataConverter C = new DataConverter(FileParams.DEFAULT);
  private static final Map<String, String[]> LINES = new LinkedHashMap<>();

  @BeforeAll
  static void runScript(@TempDir Path dir) throws Exception {
    Oracles.requireH5py();
    Path python = Path.of(Oracles.PYTHON);
    Path script = dir.resolve("h5py_types.py");
    try (InputStream in = H5pyOracleTest.class.getResourceAsStream("h5py_types.py")) {
      Files.copy(in, script);
    }
    Process p = new ProcessBuilder(python.toString(), script.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "the h5py script failed");
    for (String line : out.split("\n")) {
      String[] f = line.split("\\|", -1);
      if (f.length == 3) {
        LINES.put(f[0], f);
      }
    }
  }

  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s);
  }

  private static Datatype type(String name) throws Exception {
    byte[] b = hex(LINES.get(name)[1]);
    ByteReader r = new ByteReader(b, 0, "h5py " + name, FileParams.DEFAULT);
    Datatype t = DatatypeCodec.decode(r);
    assertEquals(b.length, r.position());
    return t;
  }

  private static Object value(String name) throws Exception {
    Datatype t = type(name);
    byte[] raw = hex(LINES.get(name)[2]);
    return C.toJavaArray(t, raw, raw.length / t.size(), null);
  }

  /** Our encoding of what libhdf5 wrote is byte-identical (same version chosen). */
  private static void sameBytes(String name) throws Exception {
    assertEquals(LINES.get(name)[1], HexFormat.of().formatHex(DatatypeCodec.encode(type(name))));
  }

  @Test
  void floats() throws Exception {
    assertEquals(Datatypes.FLOAT16, type("f16"));
    assertArrayEquals(new float[] {1.5f}, (float[]) value("f16"));
    assertEquals(Datatypes.bigEndian(Datatypes.FLOAT32), type("f32be"));
    assertArrayEquals(new float[] {-2.25f}, (float[]) value("f32be"));
    assertEquals(Datatypes.FLOAT64, type("f64"));
    assertArrayEquals(new double[] {1e300}, (double[]) value("f64"));
    assertEquals(Datatypes.BFLOAT16, type("bf16"));
    assertArrayEquals(new float[] {1.5f}, (float[]) value("bf16"));
    for (String n : List.of("f16", "f32be", "f64", "bf16")) {
      sameBytes(n);
    }
  }

  @Test
  void integers() throws Exception {
    assertEquals(Datatypes.INT8, type("i8"));
    assertArrayEquals(new byte[] {-5}, (byte[]) value("i8"));
    assertEquals(Datatypes.UINT8, type("u8"));
    assertArrayEquals(new short[] {200}, (short[]) value("u8"));
    assertEquals(Datatypes.bigEndian(Datatypes.INT16), type("i16be"));
    assertArrayEquals(new short[] {-300}, (short[]) value("i16be"));
    assertEquals(Datatypes.UINT64, type("u64"));
    assertArrayEquals(new long[] {-1L}, (long[]) value("u64"));
    for (String n : List.of("i8", "u8", "i16be", "u64")) {
      sameBytes(n);
    }
  }

  @Test
  void stringsCompoundsEnumsArraysVlen() throws Exception {
    assertEquals(new StringType(7, StringPadding.NULLPAD, CharacterSet.ASCII), type("s7"));
    assertArrayEquals(new String[] {"abc"}, (String[]) value("s7"));
    CompoundType cmp = CompoundType.packed(List.of("a", "b"),
        List.of(Datatypes.INT32, Datatypes.bigEndian(Datatypes.FLOAT64)));
    assertEquals(cmp, type("cmp"));
    Map<?, ?> m = ((Map<?, ?>[]) value("cmp"))[0];
    assertEquals(Map.of("a", 7L, "b", 0.5), m);
    assertEquals(new EnumType(Datatypes.UINT8, List.of("GREEN", "RED"), List.of(5L, 0L)),
        type("enum"));
    assertEquals(Datatypes.array(Datatypes.INT32, 2, 3), type("arr"));
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, (int[]) ((Object[]) value("arr"))[0]);
    // H5Tencode gives the in-memory size of variable-length types (8 for a char* string,
    // 16 for an hvl_t sequence), not the on-disk 4 + size of offsets + 4; the rest matches.
    assertEquals(new VarLenType(8, Datatypes.VLEN_CHAR, true, StringPadding.NULLTERM,
        CharacterSet.UTF8), type("vstr"));
    assertEquals(new VarLenType(16, Datatypes.INT32, false, StringPadding.NULLTERM,
        CharacterSet.ASCII), type("vseq"));
    for (String n : List.of("s7", "cmp", "enum", "vstr", "vseq")) {
      sameBytes(n);
    }
  }
}
