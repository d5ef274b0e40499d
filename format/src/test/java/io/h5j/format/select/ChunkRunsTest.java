package io.h5j.format.select;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The runs ChunkRuns reports copy exactly the elements a naive per-element walk selects. */
class ChunkRunsTest {
  record Case(long[] dims, long[] chunks, Hyperslab sel) {}

  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.integers().between(1, 3).flatMap(rank -> {
      Arbitrary<long[]> dims = Arbitraries.longs().between(1, 9).array(long[].class)
          .ofSize(rank);
      return dims.flatMap(d -> {
        Arbitrary<long[]> chunks = Arbitraries.longs().between(1, 4).array(long[].class)
            .ofSize(rank);
        Arbitrary<long[]> seeds = Arbitraries.longs().between(0, 1_000_000).array(long[].class)
            .ofSize(4 * rank);
        return Combinators.combine(chunks, seeds).as((c, s) -> new Case(d, c, slab(d, s)));
      });
    });
  }

  /** A random hyperslab inside {@code dims}, derived from random seeds. */
  private static Hyperslab slab(long[] dims, long[] seed) {
    int rank = dims.length;
    long[] start = new long[rank];
    long[] stride = new long[rank];
    long[] count = new long[rank];
    long[] block = new long[rank];
    for (int d = 0; d < rank; d++) {
      start[d] = seed[4 * d] % dims[d];
      long room = dims[d] - start[d];
      block[d] = 1 + seed[4 * d + 1] % room;
      stride[d] = block[d] + seed[4 * d + 2] % 3;
      long maxCount = room < block[d] ? 0 : 1 + (room - block[d]) / stride[d];
      count[d] = seed[4 * d + 3] % (maxCount + 1);
    }
    return new Hyperslab(start, stride, count, block);
  }

  @Property(tries = 500)
  void runsCoverExactlyTheSelectedElements(@ForAll("cases") Case c) throws Exception {
    Hyperslab sel = c.sel();
    assertTrue(sel.fitsIn(c.dims()));
    long[] expected = naive(sel, c.dims());
    long[] actual = new long[expected.length];
    Arrays.fill(actual, -1);
    long[][] current = new long[1][];
    int rank = c.dims().length;
    ChunkRuns.visit(sel, c.chunks(), new ChunkRuns.Visitor() {
      @Override
      public void chunk(long[] chunkOffset) {
        current[0] = chunkOffset;
      }

      @Override
      public void run(long inChunk, long inSelection, long length) {
        for (long i = 0; i < length; i++) {
          long[] coord = unravel(inChunk + i, c.chunks());
          long linear = 0;
          for (int d = 0; d < rank; d++) {
            linear = linear * c.dims()[d] + current[0][d] + coord[d];
          }
          assertEquals(-1, actual[(int) (inSelection + i)], "element written twice");
          actual[(int) (inSelection + i)] = linear;
        }
      }
    });
    assertArrayEquals(expected, actual, sel.toString());
    List<long[]> visited = new ArrayList<>();
    ChunkRuns.visit(sel, c.chunks(), new ChunkRuns.Visitor() {
      @Override
      public void chunk(long[] chunkOffset) {
        visited.add(chunkOffset);
      }

      @Override
      public void run(long inChunk, long inSelection, long length) {
      }
    });
    List<long[]> touched = ChunkRuns.touched(sel, c.chunks());
    assertEquals(visited.size(), touched.size());
    for (int i = 0; i < visited.size(); i++) {
      assertArrayEquals(visited.get(i), touched.get(i));
    }
  }

  @Property(tries = 500)
  void withinOneChunkWhenEverySelectedElementIsInTheSameChunk(@ForAll("cases") Case c) {
    java.util.Set<List<Long>> cells = new java.util.HashSet<>();
    for (long linear : naive(c.sel(), c.dims())) {
      long[] coord = unravel(linear, c.dims());
      List<Long> cell = new ArrayList<>();
      for (int d = 0; d < coord.length; d++) {
        cell.add(coord[d] / c.chunks()[d]);
      }
      cells.add(cell);
    }
    assertEquals(cells.size() <= 1, ChunkRuns.withinOneChunk(c.sel(), c.chunks()),
        c.sel() + " over chunks " + Arrays.toString(c.chunks()) + " touches " + cells.size());
  }

  /** Dataset linear index of every selected element, in selection order. */
  private static long[] naive(Hyperslab sel, long[] dims) {
    List<Long> out = new ArrayList<>();
    long[] shape = sel.shape();
    int rank = shape.length;
    long n = sel.elementCount();
    for (long k = 0; k < n; k++) {
      long[] s = unravel(k, shape);
      long linear = 0;
      for (int d = 0; d < rank; d++) {
        long coord = sel.start()[d] + (s[d] / sel.block()[d]) * sel.stride()[d]
            + s[d] % sel.block()[d];
        linear = linear * dims[d] + coord;
      }
      out.add(linear);
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  private static long[] unravel(long k, long[] shape) {
    long[] c = new long[shape.length];
    for (int d = shape.length - 1; d >= 0; d--) {
      c[d] = k % shape[d];
      k /= shape[d];
    }
    return c;
  }
}
