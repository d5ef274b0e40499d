package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.ComplexOracle;
import io.h5j.testing.OracleTest;
import io.h5j.type.ArrayType;
import io.h5j.type.Complex;
import io.h5j.type.ComplexType;
import io.h5j.type.CompoundType;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import io.h5j.type.FloatType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDF5 2.0's complex number class both ways against libhdf5 2.0 (h5py 3.16): every complex
 * value libhdf5 reads from a file it wrote (little- and big-endian parts of 2, 4, 8 and
 * x87-extended 16 bytes; chunked and deflated; scalar; attributes; compound members; arrays;
 * a committed type) h5j reads equal; and a file h5j writes with the same objects libhdf5
 * reads as the same values of the same class.
 */
@OracleTest
class ComplexNumbersOracleTest {
  /** Real and imaginary parts of the values written, as the oracle script's VALUES. */
  private static final double[] VALUES = {1, 2, -0.5, 1.0 / 3, Double.NaN,
      Double.POSITIVE_INFINITY, -0.0, Double.NEGATIVE_INFINITY, 1e-310, 3.4e38, 1e300, -1e-300};

  @TempDir
  Path dir;

  @Test
  void complexValuesLibhdf5WritesReadEqual() throws IOException {
    Path file = dir.resolve("h5py.h5");
    ComplexOracle.write(file);
    Map<String, String> oracle = ComplexOracle.read(file);
    assertTrue(oracle.size() >= 15, oracle.keySet().toString());
    try (H5File f = H5File.open(file)) {
      for (Map.Entry<String, String> e : oracle.entrySet()) {
        if (e.getValue().startsWith("complex|")) {
          assertArrayEquals(ComplexOracle.parts(e.getValue()), h5jParts(f, e.getKey()),
              e.getKey());
        }
      }
      assertEquals(Datatypes.COMPLEX64, f.dataset("/c64").datatype());
      assertEquals(Datatypes.bigEndian(Datatypes.COMPLEX128), f.dataset("/c128be").datatype());
      assertEquals(new ComplexType(Datatypes.FLOAT16), f.dataset("/c32").datatype());
      assertEquals(Datatypes.bigEndian(Datatypes.COMPLEX128),
          ((NamedDatatype) f.get("/named_c128be")).datatype());
      assertEquals(new Complex(3, -4), f.dataset("/scalar").read(), "a scalar reads bare");
      assertEquals(new Complex(0.25, -8), f.dataset("/c64").attributes().get("attr_scalar_c64"));
    }
  }

  @Test
  void complexValuesH5jWritesReadEqualInLibhdf5() throws IOException {
    Path theirs = dir.resolve("h5py.h5");
    ComplexOracle.write(theirs);
    FloatType extended;
    try (H5File f = H5File.open(theirs)) {
      extended = ((ComplexType) f.dataset("/c256").datatype()).base();
    }
    Path ours = dir.resolve("h5j.h5");
    try (H5File f = H5File.create(ours)) {
      Group root = f.root();
      create(root, "c64", Datatypes.COMPLEX64, 6);
      create(root, "c128", Datatypes.COMPLEX128, 6);
      create(root, "c64be", Datatypes.bigEndian(Datatypes.COMPLEX64), 6);
      create(root, "c128be", Datatypes.bigEndian(Datatypes.COMPLEX128), 6);
      create(root, "c32", new ComplexType(Datatypes.FLOAT16), 6);
      create(root, "c256", new ComplexType(extended), 6);
      root.createDataset("c128_2d_chunked", DatasetSpec.of(values(12))
          .datatype(Datatypes.COMPLEX128).shape(3, 4).chunks(2, 2).deflate(4));
      root.createDataset("scalar", DatasetSpec.scalar(new Complex[] {new Complex(3, -4)}));
      Attributes attrs = f.dataset("/c64").attributes();
      attrs.put("attr_c128", Datatypes.COMPLEX128, Dataspace.simple(4), values(4));
      attrs.put("attr_scalar_c64", new Complex(0.25, -8)); // a scalar: complex128
      attrs.put("attr_scalar_c64", Datatypes.COMPLEX64, Dataspace.SCALAR,
          new Complex[] {new Complex(0.25, -8)});
      CompoundType row = new CompoundType(32, List.of(
          new CompoundType.Member("a", 0, Datatypes.FLOAT64),
          new CompoundType.Member("z", 8, Datatypes.COMPLEX128),
          new CompoundType.Member("w", 24, Datatypes.bigEndian(Datatypes.COMPLEX64))));
      Complex[] v = values(4);
      double[] a = {1.5, -2.5, 7};
      @SuppressWarnings("unchecked")
      Map<String, Object>[] rows = new Map[3];
      for (int i = 0; i < 3; i++) {
        rows[i] = new java.util.LinkedHashMap<>(Map.of("a", a[i], "z", v[i], "w", v[i + 1]));
      }
      root.createDataset("compound", DatasetSpec.of(rows).datatype(row));
      ArrayType array = Datatypes.array(Datatypes.COMPLEX64, 2, 3);
      Complex[] twelve = values(12);
      root.createDataset("array", DatasetSpec.of(new Object[] {
          java.util.Arrays.copyOfRange(twelve, 0, 6), java.util.Arrays.copyOfRange(twelve, 6, 12)})
          .datatype(array));
      root.attributes().put("attr_array", array, Dataspace.simple(1),
          new Object[] {values(6)});
      root.commitDatatype("named_c128be", Datatypes.bigEndian(Datatypes.COMPLEX128));
    }
    assertEquals(ComplexOracle.read(theirs), ComplexOracle.read(ours));
  }

  @Test
  void aComplexArrayGetsTheComplex128TypeByDefault() throws IOException {
    Path file = dir.resolve("default.h5");
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("z", DatasetSpec.of(values(6)));
    }
    Map<String, String> read = ComplexOracle.read(file);
    try (H5File f = H5File.open(file)) {
      assertEquals(Datatypes.COMPLEX128, f.dataset("/z").datatype());
      assertArrayEquals(ComplexOracle.parts(read.get("/z")), h5jParts(f, "/z"));
    }
    assertTrue(read.get("/z").startsWith("complex|16|"), read.toString());
  }

  private static void create(Group g, String name, Datatype type, int n) throws IOException {
    g.createDataset(name, DatasetSpec.of(values(n)).datatype(type));
  }

  /** {@code n} values: the VALUES pairs, repeated. */
  private static Complex[] values(int n) {
    Complex[] out = new Complex[n];
    for (int i = 0; i < n; i++) {
      int k = 2 * (i % (VALUES.length / 2));
      out[i] = new Complex(VALUES[k], VALUES[k + 1]);
    }
    return out;
  }

  /** The parts h5j reads at an oracle path ({@code /ds}, {@code /ds@attr}, {@code .m}, []). */
  private static double[] h5jParts(H5File f, String path) throws IOException {
    String p = path.replace("[]", "");
    String member = null;
    int dot = p.indexOf('.');
    if (dot >= 0) {
      member = p.substring(dot + 1);
      p = p.substring(0, dot);
    }
    Object value;
    int at = p.indexOf('@');
    if (at >= 0) {
      String owner = p.substring(0, at);
      value = f.get(owner.isEmpty() ? "/" : owner).attributes().get(p.substring(at + 1));
    } else {
      value = f.dataset(p).read();
    }
    List<Double> out = new ArrayList<>();
    flatten(value, member, out);
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static void flatten(Object v, String member, List<Double> out) {
    if (v instanceof Complex c) {
      out.add(c.re());
      out.add(c.im());
    } else if (v instanceof Map<?, ?> m) {
      flatten(m.get(member), null, out);
    } else {
      assertInstanceOf(Object[].class, v);
      for (Object e : (Object[]) v) {
        flatten(e, member, out);
      }
    }
  }
}
