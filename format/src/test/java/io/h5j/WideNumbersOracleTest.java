package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.FixedPointType;
import io.h5j.type.FloatType;
import io.h5j.type.MantissaNormalization;
import io.h5j.type.Dataspace;
import io.h5j.testing.OracleTest;
import io.h5j.testing.WideNumbersOracle;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Integers wider than 8 bytes and floats wider than 16, which libhdf5 makes from any integer
 * or float type with H5Tset_size, _precision, _offset and _fields: h5j reads the integers
 * libhdf5 1.10.8 writes (32 and 40 bytes, a 150-bit big-endian one at bit offset 10) as the
 * BigIntegers their stored bits hold, and the floats (binary256, its fields in 64 bytes, a
 * quad's in 24; values beyond a double's range) as the doubles libhdf5 converts them to; a
 * file h5j writes with the same types and values libhdf5 reads as the same types, bytes and
 * values.
 */
@OracleTest
class WideNumbersOracleTest {
  private static final Endianness LE = Endianness.LITTLE_ENDIAN;
  private static final Endianness BE = Endianness.BIG_ENDIAN;

  @TempDir
  Path dir;

  @Test
  void wideNumbersLibhdf5WritesReadAsLibhdf5ReadsThem() throws IOException {
    Path file = dir.resolve("libhdf5.h5");
    WideNumbersOracle.write(file);
    Map<String, String> oracle = WideNumbersOracle.read(file);
    assertEquals(10, oracle.size(), oracle.keySet().toString());
    try (H5File f = H5File.open(file)) {
      for (Map.Entry<String, String> e : oracle.entrySet()) {
        String[] expected = WideNumbersOracle.values(e.getValue());
        Object value = read(f, e.getKey());
        if (e.getValue().startsWith("int ")) {
          assertArrayEquals(expected, Arrays.stream((BigInteger[]) value)
              .map(BigInteger::toString).toArray(), e.getKey());
        } else {
          assertArrayEquals(Arrays.stream(expected).mapToDouble(WideNumbersOracle::toDouble)
              .toArray(), (double[]) value, e.getKey());
        }
      }
      assertEquals(new FixedPointType(24, BE, false, 10, 150, false, false),
          f.dataset("/uint150_in_24_bytes_be").datatype());
    }
  }

  @Test
  void wideNumbersH5jWritesReadEqualInLibhdf5() throws IOException {
    Path theirs = dir.resolve("libhdf5.h5");
    WideNumbersOracle.write(theirs);
    Map<String, String> oracle = WideNumbersOracle.read(theirs);
    Map<String, Datatype> types = new LinkedHashMap<>();
    types.put("/int256", new FixedPointType(32, LE, true, 0, 256, false, false));
    types.put("/int256be", new FixedPointType(32, BE, true, 0, 256, false, false));
    types.put("/uint150_in_24_bytes_be", new FixedPointType(24, BE, false, 10, 150, false,
        false));
    types.put("/int200_in_40_bytes", new FixedPointType(40, LE, true, 3, 200, false, false));
    types.put("/float256", FloatType.ieee(32, 19, 236, LE));
    types.put("/float256be", FloatType.ieee(32, 19, 236, BE));
    types.put("/float256_in_64_bytes", new FloatType(64, LE, false, false, false,
        MantissaNormalization.IMPLIED, 255, 0, 256, 236, 19, 0, 236, (1L << 18) - 1));
    types.put("/quad_in_24_bytes", new FloatType(24, LE, false, false, false,
        MantissaNormalization.IMPLIED, 127, 0, 128, 112, 15, 0, 112, (1L << 14) - 1));
    Path ours = dir.resolve("h5j.h5");
    try (H5File f = H5File.create(ours)) {
      for (Map.Entry<String, Datatype> e : types.entrySet()) {
        String[] v = WideNumbersOracle.values(oracle.get(e.getKey()));
        Object values = e.getValue() instanceof FixedPointType
            ? Arrays.stream(v).map(BigInteger::new).toArray(BigInteger[]::new)
            : Arrays.stream(v).mapToDouble(WideNumbersOracle::toDouble).toArray();
        f.root().createDataset(e.getKey().substring(1),
            DatasetSpec.of(values).datatype(e.getValue()));
      }
      String[] attr = WideNumbersOracle.values(oracle.get("/int256@attr_int256"));
      f.dataset("/int256").attributes().put("attr_int256", types.get("/int256"),
          Dataspace.simple(attr.length),
          Arrays.stream(attr).map(BigInteger::new).toArray(BigInteger[]::new));
    }
    Map<String, String> expected = new java.util.TreeMap<>(oracle);
    expected.remove("/float256_beyond_double"); // values no double holds
    assertEquals(expected, WideNumbersOracle.read(ours));
    assertTrue(expected.get("/int256").contains("-578960446186580977117854925043439539266"),
        "the values are as wide as meant");
    String dump = io.h5j.testing.Oracles.h5dump(ours, "-H");
    assertTrue(dump.contains("192-bit big-endian unsigned integer 150-bit precision")
        && dump.contains("512-bit little-endian floating-point 256-bit precision"), dump);
  }

  private static Object read(H5File f, String path) throws IOException {
    int at = path.indexOf('@');
    return at < 0 ? f.dataset(path).read()
        : f.dataset(path.substring(0, at)).attributes().get(path.substring(at + 1));
  }
}
