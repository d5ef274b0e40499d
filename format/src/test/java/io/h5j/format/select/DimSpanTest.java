package io.h5j.format.select;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** A span's ranks, coordinates and pieces agree with a list of its coordinates. */
class DimSpanTest {
  @Property(tries = 500)
  void agreesWithItsCoordinateList(@ForAll @IntRange(max = 20) int start,
      @ForAll @IntRange(min = 1, max = 6) int block, @ForAll @IntRange(max = 4) int gap,
      @ForAll @IntRange(max = 6) int count, @ForAll @IntRange(max = 60) int limit,
      @ForAll boolean cut) {
    long stride = count > 1 ? block + gap : 1 + gap;
    DimSpan s = new DimSpan(start, stride, count, block, cut ? limit : Long.MAX_VALUE);
    List<Long> coords = new ArrayList<>();
    for (long b = 0; b < count; b++) {
      for (long k = 0; k < block; k++) {
        long c = start + b * stride + k;
        if (!cut || c < limit) {
          coords.add(c);
        }
      }
    }
    assertEquals(coords.size(), s.size());
    assertEquals(coords.isEmpty() ? 0 : coords.get(coords.size() - 1) + 1, s.end());
    for (int r = 0; r < coords.size(); r++) {
      assertEquals(coords.get(r), s.coord(r));
    }
    for (long x = 0; x < 70; x++) {
      final long at = x;
      assertEquals(coords.stream().filter(c -> c < at).count(), s.rankOf(x), "rank of " + x);
    }
    for (int r0 = 0; r0 <= coords.size(); r0++) {
      for (int r1 = r0; r1 <= coords.size(); r1++) {
        List<Long> got = new ArrayList<>();
        for (long[] p : s.pieces(r0, r1)) {
          assertEquals(r0 + got.size(), p[4], "first rank of a piece");
          for (long b = 0; b < p[2]; b++) {
            for (long k = 0; k < p[3]; k++) {
              got.add(p[0] + b * p[1] + k);
            }
          }
        }
        assertEquals(coords.subList(r0, r1), got);
      }
    }
  }

  @Property(tries = 100)
  void anUnlimitedBlockIsCutAtTheLimit(@ForAll @IntRange(max = 20) int start,
      @ForAll @IntRange(max = 40) int limit) {
    DimSpan s = new DimSpan(start, 1, 1, EncodedSelection.UNLIMITED, limit);
    assertEquals(Math.max(0, limit - start), s.size());
    assertEquals(Math.max(0, Math.min(limit, 30) - start), s.rankOf(30));
  }

  /** Past the long range, the end saturates (beyond every extent) instead of wrapping. */
  @org.junit.jupiter.api.Test
  void anEndBeyondTheLongRangeSaturates() {
    assertEquals(Long.MAX_VALUE, DimSpan.range(Long.MAX_VALUE - 2, 4).end());
    assertEquals(Long.MAX_VALUE, new DimSpan(5, Long.MAX_VALUE / 2, 3, 1, Long.MAX_VALUE).end());
    assertEquals(Long.MAX_VALUE - 1, DimSpan.range(Long.MAX_VALUE - 3, 2).end());
  }
}
