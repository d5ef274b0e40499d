package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Virtual datasets whose type differs from their sources' (wider, narrower, float and
 * integer, signed and unsigned, other byte order), written by h5py: h5j converts the values
 * as libhdf5 does (saturating, truncating toward zero), whole and in parts.
 */
@OracleTest
class VirtualConversionTest {
  private static final String SCRIPT = String.join("\n",
      "import h5py, json, sys, numpy as np",
      "src = {",
      "  'i32': np.array([-3, 0, 7, 300, -300, 2147483647], dtype='<i4'),",
      "  'f64': np.array([1.9, -1.9, 1e10, -1e10, 0.5, -0.5], dtype='<f8'),",
      "  'be': np.array([1, 256, -2, 65536, -65536, 7], dtype='>i4'),",
      "  'u8': np.array([0, 127, 128, 255, 1, 200], dtype='u1'),",
      "  'u64': np.array([0, 1, 2**63, 2**64 - 1, 12345, 2**53 + 1], dtype='<u8'),",
      "}",
      "views = [('f64_over_i32', 'i32', '<f8'), ('i8_over_i32', 'i32', 'i1'),",
      "         ('i16_over_f64', 'f64', '<i2'), ('le_over_be', 'be', '<i4'),",
      "         ('i8_over_u8', 'u8', 'i1'), ('f64_over_u64', 'u64', '<f8'),",
      "         ('u16_over_i32', 'i32', '<u2'), ('f32_over_f64', 'f64', '<f4'),",
      "         ('u64_over_f64', 'f64', '<u8')]",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  for k, v in src.items():",
      "    f[k] = v",
      "  for name, s, t in views:",
      "    lay = h5py.VirtualLayout(shape=(6,), dtype=t)",
      "    lay[0:6] = h5py.VirtualSource(f[s])",
      "    f.create_virtual_dataset(name, lay)",
      "  print(json.dumps({n: [float(x) if f[n].dtype.kind == 'f' else int(x)",
      "                        for x in f[n][()]] for n, _, _ in views}))");

  @Test
  void convertsAsLibhdf5() throws Exception {
    Path file = Files.createTempFile("vds-convert", ".h5");
    try {
      JsonNode truth = new ObjectMapper().readTree(Oracles.python(SCRIPT, file.toString()));
      try (H5File f = H5File.open(file)) {
        for (Iterator<Map.Entry<String, JsonNode>> it = truth.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          Dataset d = f.dataset(e.getKey());
          Object all = d.read();
          Object part = d.read(Selection.box(new long[] {2}, new long[] {3}));
          boolean unsigned64 = e.getKey().startsWith("u64");
          for (int i = 0; i < 6; i++) {
            JsonNode want = e.getValue().get(i);
            assertEquals(text(want, unsigned64), text(Array.get(all, i), unsigned64),
                e.getKey() + "[" + i + "]");
            if (i >= 2 && i < 5) {
              assertEquals(text(want, unsigned64), text(Array.get(part, i - 2), unsigned64),
                  e.getKey() + "[" + i + "] read in part");
            }
          }
        }
      }
    } finally {
      Files.delete(file);
    }
  }

  /** A value as text both sides agree on: floats as doubles, integers exactly. */
  private static String text(Object v, boolean unsigned64) {
    if (v instanceof JsonNode n) {
      return n.isFloatingPointNumber() ? Double.toString(n.asDouble())
          : n.bigIntegerValue().toString();
    }
    if (v instanceof Double || v instanceof Float) {
      return Double.toString(((Number) v).doubleValue());
    }
    long l = ((Number) v).longValue();
    return unsigned64 ? Long.toUnsignedString(l) : BigInteger.valueOf(l).toString();
  }
}
