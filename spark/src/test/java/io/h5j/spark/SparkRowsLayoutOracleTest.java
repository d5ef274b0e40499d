package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Option {@code layout} {@code rows}: a 2-d dataset h5py wrote reads as one row per first index
 * holding h5py's row of elements (numbers, compounds as structs), with filters on {@code i0}
 * still narrowing the chunks read; any other rank fails saying why.
 */
@OracleTest
class SparkRowsLayoutOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  private static Path file;
  private static JsonNode expected;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("rows.h5");
    expected = JSON.readTree(Oracles.python(String.join("\n",
        "import h5py, numpy as np, json, sys",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('m', data=(np.arange(23 * 7) * 1.5).reshape(23, 7), chunks=(4, 3))",
        "    c = np.zeros((5, 2), dtype=[('a', 'i4'), ('b', 'f4')])",
        "    c['a'] = np.arange(10).reshape(5, 2); c['b'] = c['a'] / 2",
        "    f.create_dataset('c', data=c, chunks=(2, 2))",
        "    f.create_dataset('v', data=np.arange(5), chunks=(2,))",
        "    f.create_dataset('cube', data=np.zeros((2, 2, 2)))",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    c = f['c'][...]",
        "    print(json.dumps({'m': f['m'][...].tolist(), 'c': [[{'a': int(e['a']),"
            + " 'b': float(e['b'])} for e in r] for r in c]}))"), file.toString()));
  }

  private static Dataset<Row> rows(String dataset) {
    return TestSpark.session().read().format("hdf5").option("dataset", dataset)
        .option("layout", "rows").option("partitionBytes", 100).load(file.toString());
  }

  @Test
  void eachFirstIndexIsARowOfItsElements() throws Exception {
    Dataset<Row> df = rows("/m");
    assertEquals("struct<i0:bigint,value:array<double>>", df.schema().simpleString());
    List<Row> rows = df.orderBy("i0").collectAsList();
    JsonNode m = expected.get("m");
    assertEquals(m.size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(i, rows.get(i).getLong(0));
      List<Double> row = rows.get(i).getList(1);
      assertEquals(m.get(i).size(), row.size(), "row " + i);
      for (int j = 0; j < row.size(); j++) {
        assertEquals(m.get(i).get(j).asDouble(), row.get(j), "m[" + i + "][" + j + "]");
      }
    }
  }

  @Test
  void compoundRowsAreArraysOfStructs() throws Exception {
    List<Row> rows = rows("/c").orderBy("i0").collectAsList();
    JsonNode c = expected.get("c");
    assertEquals(c.size(), rows.size());
    for (int i = 0; i < rows.size(); i++) {
      List<Row> row = rows.get(i).getList(1);
      for (int j = 0; j < row.size(); j++) {
        assertEquals(c.get(i).get(j).get("a").asInt(), row.get(j).getInt(0));
        assertEquals(c.get(i).get(j).get("b").asDouble(), row.get(j).getFloat(1), 0.0);
      }
    }
  }

  @Test
  void aFilterOnI0ReadsTheChunkRowsOfItsRowsOnly() throws Exception {
    // no orderBy: its range partitioning would scan once more to sample
    Dataset<Row> df = rows("/m").where("i0 >= 5 AND i0 < 9");
    List<Row> rows = new java.util.ArrayList<>(df.collectAsList());
    rows.sort(java.util.Comparator.comparingLong(r -> r.getLong(0)));
    assertEquals(List.of(5L, 6L, 7L, 8L), rows.stream().map(r -> r.getLong(0)).toList());
    assertEquals(expected.get("m").get(6).get(2).asDouble(),
        rows.get(1).<Double>getList(1).get(2));
    // rows 5-8 lie in chunk rows 1 and 2 (chunks of 4 rows), each 3 chunks wide
    assertEquals(2 * 3, ScanMetrics.chunksRead(df));
  }

  @Test
  void otherRanksFailSayingWhy() {
    for (String d : List.of("/v", "/cube")) {
      Exception e = assertThrows(Exception.class, () -> rows(d).schema());
      assertTrue(e.getMessage().contains("layout rows") && e.getMessage().contains(d)
          && e.getMessage().contains("rank"), e.getMessage());
    }
  }
}
