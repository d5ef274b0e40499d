package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every datatype family, ranks 0-4, edge chunks, filters, layouts and a VDS, written by h5py;
 * the rows Spark reads through {@code hdf5} are compared with h5py's own values of the file.
 */
@OracleTest
class SparkReadOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Writes the datasets, then prints {name: {shape, values (C order)}} of each. */
  private static final String WRITE_AND_DUMP = String.join("\n",
      "import h5py, numpy as np, json, sys",
      "f = h5py.File(sys.argv[1], 'w')",
      "for t in ['i1','u1','i2','u2','i4','u4','i8','u8']:",
      "    i = np.iinfo(t)",
      "    d = np.array([i.min, i.max, 0, 1, i.max // 3, i.min // 2 + 1, 7] * 3, dtype=t)",
      "    f.create_dataset(t, data=d, chunks=(5,))",
      "x = np.linspace(-3.5, 1000.25, 23)",
      "f.create_dataset('f2', data=x.astype('f2'), chunks=(4,))",
      "f.create_dataset('f4', data=x.astype('f4'), chunks=(4,), compression='gzip', shuffle=True)",
      "f.create_dataset('f8', data=x, chunks=(6,), compression='gzip')",
      "f.create_dataset('bool', data=np.array([True, False, False, True, True]), chunks=(2,))",
      "e = h5py.enum_dtype({'RED': 0, 'GREEN': 1, 'BLUE': 7}, basetype='u1')",
      "f.create_dataset('enum', data=np.array([0, 7, 1, 1, 0], dtype='u1'), dtype=e)",
      "f.create_dataset('fixed', data=np.array([b'ab', b'hello', b'', b'xyz']))",
      "f.create_dataset('vlen', data=['one', 'two', '', 'unicode \\u00e9\\u4e2d'],"
          + " dtype=h5py.string_dtype(), chunks=(3,))",
      "f.create_dataset('r0', data=np.float64(2.75))",
      "f.create_dataset('r2', data=np.arange(63, dtype='i4').reshape(7, 9), chunks=(3, 4))",
      "f.create_dataset('r3', data=np.arange(120, dtype='i2').reshape(4, 5, 6),"
          + " chunks=(3, 2, 4), compression='gzip')",
      "f.create_dataset('r4', data=np.arange(120, dtype='f8').reshape(3, 4, 2, 5),"
          + " chunks=(2, 3, 2, 2))",
      "f.create_dataset('contiguous', data=np.arange(30, dtype='i8').reshape(10, 3) * 3)",
      "dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
      "dcpl.set_layout(h5py.h5d.COMPACT)",
      "ds = h5py.h5d.create(f.id, b'compact', h5py.h5t.NATIVE_INT32,"
          + " h5py.h5s.create_simple((6,)), dcpl=dcpl)",
      "ds.write(h5py.h5s.ALL, h5py.h5s.ALL, np.arange(6, dtype='i4') - 3)",
      "inner = np.dtype([('x', 'i4'), ('y', 'f8')])",
      "ct = np.dtype([('id', 'u2'), ('pos', inner), ('v', 'f4', (2, 3)),"
          + " ('name', 'S6'), ('flag', '?')])",
      "c = np.zeros(7, dtype=ct)",
      "for k in range(7):",
      "    c[k] = (k * 3, (k - 2, k / 4), np.arange(6).reshape(2, 3) + k, b'n%d' % k, k % 2)",
      "f.create_dataset('compound', data=c, chunks=(3,))",
      "f.create_dataset('a', data=np.arange(10, dtype='i4'))",
      "f.create_dataset('b', data=np.arange(10, dtype='i4') * -1)",
      "lay = h5py.VirtualLayout(shape=(20,), dtype='i4')",
      "lay[0:10] = h5py.VirtualSource(f['a'])",
      "lay[10:20] = h5py.VirtualSource(f['b'])",
      "f.create_virtual_dataset('vds', lay)",
      "f.close()",
      "f = h5py.File(sys.argv[1], 'r')",
      "def plain(v):",
      "    if isinstance(v, bytes): return v.decode('utf-8')",
      "    if isinstance(v, np.void) and v.dtype.names:",
      "        return {n: plain(v[n]) for n in v.dtype.names}",
      "    if isinstance(v, np.ndarray): return [plain(e) for e in v.ravel()]",
      "    if isinstance(v, np.generic): return plain(v.item())",
      "    return v",
      "out = {}",
      "def visit(name, d):",
      "    if isinstance(d, h5py.Dataset):",
      "        a = d[()] if d.shape == () else d[...]",
      "        vals = [plain(a)] if d.shape == () else [plain(e) for e in a.ravel()]",
      "        out[name] = {'shape': list(d.shape), 'values': vals}",
      "f.visititems(visit)",
      "print(json.dumps(out))");

  @TempDir static Path dir;
  private static Path file;
  private static JsonNode expected;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("types.h5");
    expected = JSON.readTree(Oracles.python(WRITE_AND_DUMP, file.toString()));
  }

  @Test
  void everyIntegerTypeHoldsItsExtremes() throws Exception {
    for (String t : List.of("i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8")) {
      assertSameAsH5py(t, false);
    }
  }

  @Test
  void floatsBooleansEnumsAndStrings() throws Exception {
    for (String t : List.of("f2", "f4", "f8", "bool", "fixed", "vlen")) {
      assertSameAsH5py(t, false);
    }
  }

  @Test
  void enumsReadAsNamesOrWithTheOptionAsNumbers() throws Exception {
    // h5py reads an enum as its numbers; the names are those the file was written with
    Map<Long, String> names = Map.of(0L, "RED", 1L, "GREEN", 7L, "BLUE");
    List<Long> numbers = new ArrayList<>();
    for (JsonNode n : expected.get("enum").get("values")) {
      numbers.add(n.asLong());
    }
    List<Row> asNames = read("enum", false).orderBy("i0").collectAsList();
    List<Row> asNumbers = read("enum", true).orderBy("i0").collectAsList();
    assertEquals(numbers.size(), asNames.size());
    for (int i = 0; i < numbers.size(); i++) {
      assertEquals(names.get(numbers.get(i)), asNames.get(i).getString(1), "enum[" + i + "]");
      assertEquals(numbers.get(i), ((Number) asNumbers.get(i).get(1)).longValue(),
          "enum[" + i + "] as number");
    }
  }

  @Test
  void ranksZeroToFourAndEdgeChunks() throws Exception {
    for (String t : List.of("r0", "r2", "r3", "r4")) {
      assertSameAsH5py(t, false);
    }
  }

  @Test
  void contiguousCompactAndVirtual() throws Exception {
    for (String t : List.of("contiguous", "compact", "vds")) {
      assertSameAsH5py(t, false);
    }
  }

  @Test
  void compoundMembersAreColumnsNestedOnesStructs() throws Exception {
    Dataset<Row> df = read("compound", false);
    assertEquals(List.of("i0", "id", "pos", "v", "name", "flag"),
        List.of(df.schema().fieldNames()));
    assertEquals("struct<x:int,y:double>", df.schema().apply("pos").dataType().simpleString());
    List<Row> rows = df.collectAsList();
    JsonNode values = expected.get("compound").get("values");
    assertEquals(values.size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      JsonNode actual = JSON.readTree(rows.get(i).json());
      assertEquals(i, actual.get("i0").asLong());
      for (Iterator<String> it = values.get(i).fieldNames(); it.hasNext(); ) {
        String m = it.next();
        assertSame(values.get(i).get(m), actual.get(m), "compound[" + i + "]." + m);
      }
    }
    // pruning: a member alone
    List<Row> ids = df.select("id").collectAsList();
    assertEquals(values.get(4).get("id").asLong(), ((Number) ids.get(4).get(0)).longValue());
  }

  @Test
  void filtersOnIndexColumnsGiveTheRowsH5pyHas() throws Exception {
    Dataset<Row> df = read("r2", false).where("i0 >= 2 AND i0 < 5 AND i1 IN (0, 4, 8)");
    List<Row> rows = df.orderBy("i0", "i1").collectAsList();
    JsonNode values = expected.get("r2").get("values");
    assertEquals(3 * 3, rows.size());
    for (Row r : rows) {
      long i0 = r.getLong(0);
      long i1 = r.getLong(1);
      assertTrue(i0 >= 2 && i0 < 5 && (i1 == 0 || i1 == 4 || i1 == 8), r.toString());
      assertEquals(values.get((int) (i0 * 9 + i1)).asLong(), ((Number) r.get(2)).longValue());
    }
  }

  @Test
  void plainNumbersReadAsColumnBatchesOtherTypesAsRows() {
    for (String t : List.of("i1", "u4", "f2", "f8", "r0", "r3", "contiguous", "vds")) {
      assertTrue(columnar(read(t, false)), t + " reads as column batches");
    }
    for (String t : List.of("u8", "bool", "enum", "vlen", "compound")) {
      assertFalse(columnar(read(t, false)), t + " reads as rows");
    }
    assertFalse(columnar(read("enum", true)), "enum as numbers reads as rows");
    assertTrue(columnar(read("r3", false).select("i1")), "index columns alone");
    List<Row> i1 = read("r3", false).select("i1").groupBy("i1").count().orderBy("i1")
        .collectAsList();
    assertEquals(5, i1.size(), i1.toString()); // r3 is 4 x 5 x 6
    for (Row r : i1) {
      assertEquals(4 * 6, r.getLong(1), r.toString());
    }
  }

  private static boolean columnar(Dataset<Row> df) {
    return df.queryExecution().executedPlan().toString().contains("ColumnarToRow");
  }

  static Dataset<Row> read(String location, String dataset, boolean enumAsNumber) {
    return TestSpark.session().read().format("hdf5").option("dataset", dataset)
        .option("enumAsNumber", enumAsNumber).option("partitionBytes", 64)
        .load(location);
  }

  /** What Spark is given to load {@code file}: its path here; subclasses give other URIs. */
  String location(Path file) {
    return file.toString();
  }

  Dataset<Row> read(String dataset, boolean enumAsNumber) {
    return read(location(file), dataset, enumAsNumber);
  }

  /** Spark's rows of {@code name}, in index order, hold h5py's values and C-order indexes. */
  void assertSameAsH5py(String name, boolean enumAsNumber) throws Exception {
    JsonNode want = expected.get(name);
    int rank = want.get("shape").size();
    Dataset<Row> df = read(name, enumAsNumber);
    Column[] order = new Column[rank];
    for (int k = 0; k < rank; k++) {
      order[k] = df.col("i" + k);
    }
    List<Row> rows = df.orderBy(order).collectAsList();
    JsonNode values = want.get("values");
    assertEquals(values.size(), rows.size(), name + ": rows");
    long[] index = new long[rank];
    for (int i = 0; i < rows.size(); i++) {
      JsonNode actual = JSON.readTree(rows.get(i).json());
      for (int k = 0; k < rank; k++) {
        assertEquals(index[k], actual.get("i" + k).asLong(), name + "[" + i + "] i" + k);
      }
      assertSame(values.get(i), actual.get("value"), name + "[" + i + "]");
      for (int k = rank - 1; k >= 0; k--) {
        if (++index[k] < want.get("shape").get(k).asLong()) {
          break;
        }
        index[k] = 0;
      }
    }
  }

  /** JSON values equal: numbers by value (floating ones as doubles), the rest as JSON. */
  private static void assertSame(JsonNode want, JsonNode got, String what) {
    if (want.isNumber() && got.isNumber()) {
      if (want.isFloatingPointNumber() || got.isFloatingPointNumber()) {
        assertEquals(want.doubleValue(), got.doubleValue(), what);
      } else {
        assertEquals(want.bigIntegerValue(), got.bigIntegerValue(), what);
      }
    } else if (want.isArray() && got.isArray()) {
      assertEquals(want.size(), got.size(), what + " length");
      for (int i = 0; i < want.size(); i++) {
        assertSame(want.get(i), got.get(i), what + "[" + i + "]");
      }
    } else if (want.isObject() && got.isObject()) {
      for (Iterator<String> it = want.fieldNames(); it.hasNext(); ) {
        String m = it.next();
        assertSame(want.get(m), got.get(m), what + "." + m);
      }
    } else {
      assertEquals(want, got, what);
    }
  }
}
