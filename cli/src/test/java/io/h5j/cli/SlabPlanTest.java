package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class SlabPlanTest {
  /**
   * For random shapes, chunks and limits: the boxes, each walked in C order, give every
   * element's flat index once, in order (so a printer can write them as they come); none
   * holds more than the limit; and a box starts on the chunk grid in every dimension where it
   * is at least a chunk long.
   */
  @Property(tries = 400)
  void boxesTileTheArrayInCOrderWithinTheLimit(@ForAll("seeds") long seed,
      @ForAll @IntRange(min = 1, max = 300) int limit) {
    Random r = new Random(seed);
    int rank = r.nextInt(5);
    long[] dims = new long[rank];
    long[] chunk = new long[rank];
    long total = 1;
    for (int d = 0; d < rank; d++) {
      dims[d] = r.nextInt(8) + (r.nextInt(10) == 0 ? 0 : 1);
      chunk[d] = 1 + r.nextInt(6);
      total *= dims[d];
    }
    boolean chunked = r.nextBoolean();
    SlabPlan plan = new SlabPlan(dims, chunked ? chunk : null, limit);
    long next = 0;
    while (plan.hasNext()) {
      SlabPlan.Box box = plan.next();
      assertTrue(box.elements() >= 1 && box.elements() <= limit, box + " over " + limit);
      for (long flat : cOrder(box, dims)) {
        assertEquals(next++, flat, () -> "shape " + Arrays.toString(dims) + " limit " + limit);
      }
      for (int d = 0; chunked && d < rank; d++) {
        assertTrue(box.start()[d] % chunk[d] == 0 || box.shape()[d] < chunk[d],
            "box at " + Arrays.toString(box.start()) + " of shape " + Arrays.toString(
                box.shape()) + " is off the chunk grid " + Arrays.toString(chunk));
      }
    }
    assertEquals(total, next, "elements covered of " + Arrays.toString(dims));
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<Long> seeds() {
    return net.jqwik.api.Arbitraries.longs();
  }

  /** Flat C-order indexes in {@code dims} of the box's elements, in the box's C order. */
  private static List<Long> cOrder(SlabPlan.Box box, long[] dims) {
    List<Long> out = new ArrayList<>();
    long[] at = new long[dims.length];
    for (long i = 0; i < box.elements(); i++) {
      long rest = i;
      for (int d = dims.length - 1; d >= 0; d--) {
        at[d] = box.start()[d] + rest % box.shape()[d];
        rest /= box.shape()[d];
      }
      long flat = 0;
      for (int d = 0; d < dims.length; d++) {
        flat = flat * dims[d] + at[d];
      }
      out.add(flat);
    }
    return out;
  }

  @Example
  void aDatasetLargerThanAJavaArrayIsCutIntoWholeChunks() {
    long n = 3_000_000_000L;
    SlabPlan plan = new SlabPlan(new long[] {n}, new long[] {1 << 20}, 4 << 20);
    long covered = 0;
    int boxes = 0;
    while (plan.hasNext()) {
      SlabPlan.Box box = plan.next();
      assertEquals(covered, box.start()[0]);
      assertTrue(box.start()[0] % (1 << 20) == 0);
      covered += box.shape()[0];
      boxes++;
    }
    assertEquals(n, covered);
    assertEquals((n + (4 << 20) - 1) / (4 << 20), boxes);
  }

  @Example
  void rowsTooLongForTheLimitAreCutAlongTheRow() {
    SlabPlan plan = new SlabPlan(new long[] {2, 10}, new long[] {2, 4}, 6);
    List<String> boxes = new ArrayList<>();
    while (plan.hasNext()) {
      SlabPlan.Box b = plan.next();
      boxes.add(Arrays.toString(b.start()) + Arrays.toString(b.shape()));
    }
    // 6 rounded down to the chunk's 4 along the row
    assertEquals(List.of("[0, 0][1, 4]", "[0, 4][1, 4]", "[0, 8][1, 2]", "[1, 0][1, 4]",
        "[1, 4][1, 4]", "[1, 8][1, 2]"), boxes);
  }

  @Example
  void aScalarIsOneBoxAndAnEmptyArrayNone() {
    SlabPlan scalar = new SlabPlan(new long[0], null, 1);
    assertArrayEquals(new long[0], scalar.next().shape());
    assertTrue(!scalar.hasNext());
    assertTrue(!new SlabPlan(new long[] {5, 0}, null, 10).hasNext());
  }
}
