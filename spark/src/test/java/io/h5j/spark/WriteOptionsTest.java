package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The checks a write makes on the driver before any task runs, and the default chunks. */
class WriteOptionsTest {
  private static Map<String, String> options(String... kv) {
    Map<String, String> m = new HashMap<>(Map.of("path", "/tmp/out.h5", "dataset", "/x"));
    for (int k = 0; k < kv.length; k += 2) {
      m.put(kv[k], kv[k + 1]);
    }
    return m;
  }

  private static String refusal(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  @Test
  void sizesAndNumbersAreParsedOrRefusedNamingTheOption() {
    WriteOptions o = WriteOptions.of(options("shape", "100, 200", "chunks", "(10,20)",
        "merge", "true", "bufferBytes", "4096"));
    assertArrayEquals(new long[] {100, 200}, o.shape());
    assertArrayEquals(new long[] {10, 20}, o.chunks());
    assertTrue(o.merge());
    assertEquals(4096, o.bufferBytes());
    assertTrue(refusal(() -> WriteOptions.of(options("shape", "100,x"))).contains("option shape"));
    assertTrue(refusal(() -> WriteOptions.of(options("chunks", "0,4"))).contains("option chunks"));
    assertTrue(refusal(() -> WriteOptions.of(options("bufferBytes", "-1")))
        .contains("bufferBytes"));
    assertTrue(refusal(() -> WriteOptions.of(options("dataset", "x"))).contains("dataset"));
    assertEquals("v1", WriteOptions.of(options("version", "v1")).version());
    assertTrue(refusal(() -> WriteOptions.of(options("version", "v1", "merge", "true")))
        .contains("option merge is for plain files"));
    assertTrue(refusal(() -> WriteOptions.of(options("timestampAsOf", "2026-01-01T00:00:00Z")))
        .contains("timestampAsOf is for reads"));
  }

  @Test
  void defaultChunksShareTwoToTheSixteenOverTheDimensionsCutAtTheShape() {
    assertArrayEquals(new long[] {65536}, ChunkGrid.of(1, null, null).chunk());
    assertArrayEquals(new long[] {256, 256}, ChunkGrid.of(2, null, null).chunk());
    assertArrayEquals(new long[] {64, 32, 32}, ChunkGrid.of(3, null, null).chunk());
    assertArrayEquals(new long[] {10, 256}, ChunkGrid.of(2, null, new long[] {10, 1000})
        .chunk());
    assertArrayEquals(new long[] {3, 4}, ChunkGrid.of(2, new long[] {3, 4}, null).chunk());
  }

  @Test
  void theTableMustBeIndexColumnsAndOneNumericValue() {
    StructType ok = new StructType().add("i0", DataTypes.LongType)
        .add("i1", DataTypes.LongType).add("value", DataTypes.FloatType);
    WriteJob job = WriteJob.of(ok, WriteOptions.of(options()), "q1");
    assertEquals(2, job.rank());
    assertEquals(WritableType.FLOAT32, job.type());
    assertTrue(job.jobDir().startsWith("out.h5.parts/q1." + ProcessHandle.current().pid()
        + "@"), "the job folder names the query and its driver: " + job.jobDir());
    assertEquals("out.h5", job.target());

    String m = refusal(() -> WriteJob.of(new StructType().add("i0", DataTypes.LongType)
        .add("value", DataTypes.StringType), WriteOptions.of(options()), "q"));
    assertTrue(m.contains("value column of type string") && m.contains("double"), m);
    m = refusal(() -> WriteJob.of(new StructType().add("i0", DataTypes.IntegerType)
        .add("value", DataTypes.DoubleType), WriteOptions.of(options()), "q"));
    assertTrue(m.contains("cast it to long"), m);
    m = refusal(() -> WriteJob.of(ok.add("extra", DataTypes.LongType),
        WriteOptions.of(options()), "q"));
    assertTrue(m.contains("i0, i1, value, extra"), m);
    m = refusal(() -> WriteJob.of(ok, WriteOptions.of(options("shape", "4")), "q"));
    assertTrue(m.contains("rank 1 but the table has 2 index columns"), m);
    m = refusal(() -> WriteJob.of(ok, WriteOptions.of(options("chunks", "20000,20000")), "q"));
    assertTrue(m.contains("chunks [20000, 20000] of") && m.contains("1024 MiB"), m);
    m = refusal(() -> WriteJob.of(ok, WriteOptions.of(options("fill", "abc")), "q"));
    assertTrue(m.contains("option fill \"abc\""), m);
  }
}
