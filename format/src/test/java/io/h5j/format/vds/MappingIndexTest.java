package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The R-tree finds exactly the boxes a scan of all of them finds. */
class MappingIndexTest {
  @Property(tries = 200)
  void queriesFindWhatAScanFinds(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3) int rank,
      @ForAll @IntRange(min = 0, max = 2000) int n) {
    Random rnd = new Random(seed);
    long span = rnd.nextBoolean() ? 100 : Long.MAX_VALUE / 4; // small and huge coordinates
    long[] lo = new long[n * rank];
    long[] hi = new long[n * rank];
    for (int i = 0; i < n * rank; i++) {
      lo[i] = Math.floorMod(rnd.nextLong(), span);
      // mostly small boxes, some empty, some reaching to the end (unlimited mappings)
      int kind = rnd.nextInt(20);
      hi[i] = kind == 0 ? lo[i] : kind == 1 ? Long.MAX_VALUE
          : lo[i] + 1 + Math.floorMod(rnd.nextLong(), Math.max(1, span / 20));
    }
    MappingIndex index = MappingIndex.build(rank, n, lo, hi);
    for (int q = 0; q < 30; q++) {
      long[] qlo = new long[rank];
      long[] qhi = new long[rank];
      for (int d = 0; d < rank; d++) {
        qlo[d] = Math.floorMod(rnd.nextLong(), span);
        qhi[d] = qlo[d] + 1 + Math.floorMod(rnd.nextLong(), Math.max(1, span / 5));
      }
      TreeSet<Integer> want = new TreeSet<>();
      for (int i = 0; i < n; i++) {
        boolean meets = true;
        for (int d = 0; d < rank; d++) {
          meets &= hi[i * rank + d] > qlo[d] && lo[i * rank + d] < qhi[d]
              && hi[i * rank + d] > lo[i * rank + d];
        }
        if (meets) {
          want.add(i);
        }
      }
      TreeSet<Integer> got = new TreeSet<>();
      index.query(qlo, qhi, got::add);
      assertEquals(want, got);
    }
  }
}
