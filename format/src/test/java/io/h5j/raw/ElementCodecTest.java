package io.h5j.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.CharacterSet;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ElementCodec}: bytes it encodes are what libhdf5 reads as those values (written raw
 * through {@code Dataset.write(Selection, ByteBuffer)}, read back by h5py), and it decodes
 * stored bytes to what {@code Dataset.read()} gives.
 */
@OracleTest
class ElementCodecTest {
  @TempDir Path dir;

  private static final Datatype BIG_INT16 = Datatypes.bigEndian(Datatypes.INT16);
  private static final Datatype PAIR = CompoundType.packed(List.of("a", "b"),
      List.of(Datatypes.INT8, Datatypes.FLOAT64));

  @Test
  void encodedBytesReadInLibhdf5AsTheValues() throws IOException {
    Path file = dir.resolve("codec.h5");
    try (H5File f = H5File.create(file)) {
      put(f, "be16", BIG_INT16, new short[] {-2, 300, 32767});
      put(f, "u32", Datatypes.UINT32, new long[] {0, 4_000_000_000L, 7});
      put(f, "f32", Datatypes.FLOAT32, new float[] {1.5f, -0.25f, 1e30f});
      put(f, "s5", Datatypes.fixedString(5, CharacterSet.ASCII), new String[] {"ab", "hello", ""});
      put(f, "pair", PAIR, new Map[] {Map.of("a", -3L, "b", 0.5), Map.of("a", 9L, "b", -1.0)});
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "for n in ['be16', 'u32', 'f32', 's5']:",
        "    print(n, [x.decode() if isinstance(x, bytes) else x.item() for x in f[n][()]])",
        "print('pair', [(int(r['a']), float(r['b'])) for r in f['pair'][()]])"), file.toString());
    assertEquals(String.join("\n",
        "be16 [-2, 300, 32767]",
        "u32 [0, 4000000000, 7]",
        "f32 [1.5, -0.25, 1.0000000150474662e+30]",
        "s5 ['ab', 'hello', '']",
        "pair [(-3, 0.5), (9, -1.0)]"), out.trim());
  }

  @Test
  void decodesStoredBytesAsDatasetsReadThem() throws IOException {
    Path file = dir.resolve("decode.h5");
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("x", DatasetSpec.of(new int[] {5, -6, 7, 1 << 30}));
      ByteBuffer stored = ByteBuffer.allocate(16);
      f.dataset("x").read(Selection.all(), stored);
      Object decoded = ElementCodec.decode(Datatypes.INT32, stored.array(), 4);
      assertArrayEquals((int[]) f.dataset("x").read(), (int[]) decoded);
      assertArrayEquals(new int[] {5, -6}, (int[]) ElementCodec.decode(Datatypes.INT32,
          stored.array(), 2));
    }
  }

  @Test
  void arrayClassIsWhatEncodeTakes() throws IOException {
    assertEquals(int[].class, ElementCodec.arrayClass(Datatypes.INT32));
    assertEquals(long[].class, ElementCodec.arrayClass(Datatypes.UINT32));
    assertEquals(Map[].class, ElementCodec.arrayClass(PAIR));
    assertArrayEquals(new byte[] {(byte) 0xff, (byte) 0xfe}, ElementCodec.encode(BIG_INT16,
        new short[] {-2}));
    assertThrows(IllegalArgumentException.class,
        () -> ElementCodec.encode(Datatypes.INT32, new long[] {1}));
    assertThrows(IllegalArgumentException.class,
        () -> ElementCodec.decode(Datatypes.INT32, new byte[7], 2));
  }

  @Test
  void refusesVariableLengthData() {
    Datatype vlen = Datatypes.vlenString(CharacterSet.UTF8);
    Datatype inCompound = CompoundType.packed(List.of("s"), List.of(vlen));
    assertTrue(ElementCodec.holdsVariableLength(vlen));
    assertTrue(ElementCodec.holdsVariableLength(inCompound));
    assertFalse(ElementCodec.holdsVariableLength(PAIR));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ElementCodec.decode(vlen, new byte[16], 1));
    assertTrue(e.getMessage().contains("variable-length"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> ElementCodec.encode(inCompound, new Map[] {Map.of("s", "x")}));
  }

  private static void put(H5File f, String name, Datatype type, Object values)
      throws IOException {
    int n = java.lang.reflect.Array.getLength(values);
    f.root().createDataset(name, DatasetSpec.empty(type, n))
        .write(Selection.all(), ByteBuffer.wrap(ElementCodec.encode(type, values)));
    assertEquals(toList(values), toList(f.dataset(name).read()));
  }

  private static List<Object> toList(Object array) {
    List<Object> out = new java.util.ArrayList<>();
    for (int i = 0; i < java.lang.reflect.Array.getLength(array); i++) {
      out.add(java.lang.reflect.Array.get(array, i));
    }
    return out;
  }
}
