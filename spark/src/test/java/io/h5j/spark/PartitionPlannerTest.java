package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThan;
import org.junit.jupiter.api.Test;

/** Partitions cover every kept element once, align with chunks and respect the target. */
class PartitionPlannerTest {
  @Test
  void groupsWholeChunkRowsUpToTheTarget() {
    long[] dims = {100, 30};
    long[] grid = {10, 7};
    // one chunk row: 10 x 30 elements of 8 bytes = 2400 bytes; target 5000 -> 2 rows each
    List<List<ElementBox>> plan = PartitionPlanner.plan(grid, 8, 5000, IndexRanges.all(dims));
    assertEquals(5, plan.size());
    for (int p = 0; p < 5; p++) {
      assertEquals(1, plan.get(p).size());
      assertArrayEquals(new long[] {20L * p, 0}, plan.get(p).get(0).start());
      assertArrayEquals(new long[] {20, 30}, plan.get(p).get(0).count());
    }
  }

  @Test
  void cutsTheNextDimensionWhenOneChunkRowIsTooBig() {
    long[] dims = {25, 40};
    long[] grid = {10, 10};
    // a chunk row is 10 x 40 x 8 = 3200 bytes > 1000: cut along dimension 1, one chunk
    // (800 bytes) per partition; the edge row's chunks (5 x 10 x 8 = 400 bytes) two by two
    List<List<ElementBox>> plan = PartitionPlanner.plan(grid, 8, 1000, IndexRanges.all(dims));
    assertEquals(4 + 4 + 2, plan.size());
    assertEquals(25 * 40, covered(plan));
    for (List<ElementBox> p : plan) {
      assertEquals(1, p.size());
      ElementBox b = p.get(0);
      assertTrue(b.elements() * 8 <= 1000, "within the target: " + b);
      assertEquals(0, b.start()[1] % 10, "starts on a chunk boundary: " + b);
      assertEquals(b.start()[0] == 20 ? 2 : 1, b.cells(grid), b.toString());
    }
  }

  @Test
  void filtersNarrowTheBoxesToTheIndexesKept() {
    long[] dims = {100, 30};
    IndexRanges r = IndexRanges.all(dims).narrow(new And(new GreaterThanOrEqual("i0", 35L),
        new LessThan("i0", 52L)));
    r = r.narrow(new In("i1", new Object[] {3L, 4L, 29L, 99L}));
    List<List<ElementBox>> plan = PartitionPlanner.plan(new long[] {10, 10}, 8, 1L << 30, r);
    assertEquals(1, plan.size());
    assertEquals(17 * 3, covered(plan));
    long cells = plan.get(0).stream().mapToLong(b -> b.cells(new long[] {10, 10})).sum();
    assertEquals(3 * 2, cells, "rows 35..51 touch chunk rows 3..5; columns 3,4 and 29");
  }

  @Test
  void aContiguousBillionRowDatasetPlansArithmetically() {
    long[] dims = {1_000_000_000L};
    List<List<ElementBox>> plan = PartitionPlanner.plan(new long[] {1}, 8, 128L << 20,
        IndexRanges.all(dims));
    assertEquals(60, plan.size());
    assertEquals(dims[0], covered(plan));
  }

  @Test
  void nothingKeptPlansNothing() {
    IndexRanges r = IndexRanges.all(new long[] {10}).narrow(new In("i0", new Object[] {50L}));
    assertTrue(PartitionPlanner.plan(new long[] {5}, 8, 100, r).isEmpty());
  }

  private static long covered(List<List<ElementBox>> plan) {
    return plan.stream().flatMap(List::stream).mapToLong(ElementBox::elements).sum();
  }
}
