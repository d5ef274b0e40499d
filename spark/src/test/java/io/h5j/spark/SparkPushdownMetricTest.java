package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters on index columns read only the chunks holding the rows they keep: the scan's metric
 * "chunks read" (read from the executed plan) equals the number of the chunks h5py lists
 * ({@code get_chunk_info}) whose rows or columns the filter keeps, for ranges, IN, equality and
 * a filter on the second index; without a filter it is every chunk h5py lists.
 */
@OracleTest
class SparkPushdownMetricTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  private static Path file;
  private static long[] chunk;
  private static List<long[]> offsets;
  private static double[][] values;

  @BeforeAll
  static void write() throws Exception {
    file = dir.resolve("grid.h5");
    JsonNode h5py = JSON.readTree(Oracles.python(String.join("\n",
        "import h5py, numpy as np, json, sys",
        "x = (np.arange(100 * 30, dtype='f8') * 0.25).reshape(100, 30)",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('x', data=x, chunks=(10, 8), compression='gzip')",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    d = f['x']",
        "    info = [list(d.id.get_chunk_info(i).chunk_offset)"
            + " for i in range(d.id.get_num_chunks())]",
        "    print(json.dumps({'chunks': list(d.chunks), 'offsets': info,"
            + " 'values': d[...].tolist()}))"), file.toString()));
    chunk = new long[] {h5py.get("chunks").get(0).asLong(), h5py.get("chunks").get(1).asLong()};
    offsets = new ArrayList<>();
    for (JsonNode o : h5py.get("offsets")) {
      offsets.add(new long[] {o.get(0).asLong(), o.get(1).asLong()});
    }
    values = JSON.treeToValue(h5py.get("values"), double[][].class);
  }

  @Test
  void withoutAFilterEveryChunkIsRead() {
    assertChunksRead("true", i -> true, j -> true);
    assertEquals(40, offsets.size(), "h5py's chunks");
  }

  @Test
  void aRangeOfTheFirstIndexReadsItsChunkRowsOnly() {
    assertChunksRead("i0 >= 25 AND i0 < 47", i -> i >= 25 && i < 47, j -> true);
  }

  @Test
  void inAndEqualityReadTheChunksOfTheirIndexesOnly() {
    assertChunksRead("i0 IN (3, 55, 99)", i -> i == 3 || i == 55 || i == 99, j -> true);
    assertChunksRead("i0 = 42", i -> i == 42, j -> true);
    assertChunksRead("i1 = 9 AND i0 < 30", i -> i < 30, j -> j == 9);
  }

  /**
   * The rows of {@code where} hold h5py's values, and the scan read exactly the chunks h5py
   * lists that hold a kept (i0, i1).
   */
  private static void assertChunksRead(String where, LongPredicate rows, LongPredicate columns) {
    Dataset<Row> df = TestSpark.session().read().format("hdf5").option("dataset", "/x")
        .option("partitionBytes", 4096).load(file.toString()).where(where);
    long count = 0;
    for (Row r : df.collectAsList()) {
      assertEquals(values[(int) r.getLong(0)][(int) r.getLong(1)], r.getDouble(2), r.toString());
      assertTrue(rows.test(r.getLong(0)) && columns.test(r.getLong(1)), r.toString());
      count++;
    }
    long want = 0;
    long cells = 0;
    for (long[] o : offsets) {
      if (any(rows, o[0], chunk[0], values.length)
          && any(columns, o[1], chunk[1], values[0].length)) {
        want++;
      }
    }
    for (int i = 0; i < values.length; i++) {
      for (int j = 0; j < values[0].length; j++) {
        cells += rows.test(i) && columns.test(j) ? 1 : 0;
      }
    }
    assertEquals(cells, count, where + ": rows");
    assertEquals(want, ScanMetrics.chunksRead(df), where + ": chunks read (of " + offsets.size() + ")");
  }

  /** Whether {@code keep} keeps an index of the chunk starting at {@code start}. */
  private static boolean any(LongPredicate keep, long start, long size, long dim) {
    for (long i = start; i < Math.min(dim, start + size); i++) {
      if (keep.test(i)) {
        return true;
      }
    }
    return false;
  }
}
