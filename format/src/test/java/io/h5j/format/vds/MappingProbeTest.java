package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.io.FileParams;
import io.h5j.format.select.EncodedSelection.Irregular;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The probe against the full decode of the same block: whatever it finds is the mapping the
 * block holds at that corner, and on blocks in chunk order it finds every corner.
 */
class MappingProbeTest {
  private static final FileParams P = FileParams.DEFAULT;

  @Property(tries = 300)
  void findsWhatTheFullDecodeHolds(@ForAll @IntRange(min = 1, max = 3) int rank,
      @ForAll @IntRange(min = 0, max = 3) int holesIn10, @ForAll boolean shuffled,
      @ForAll boolean compact, @ForAll boolean oddName, @ForAll long seed) throws Exception {
    Random rnd = new Random(seed);
    GridOfMappings grid = GridOfMappings.random(rnd, rank, () -> 1 + rnd.nextInt(4),
        () -> rnd.nextInt(10) >= holesIn10);
    List<long[]> corners = grid.corners;
    List<Mapping> mappings = grid.mappings;
    if (shuffled) {
      Collections.shuffle(mappings, rnd);
    }
    if (oddName && mappings.size() > 2) {
      int k = 1 + rnd.nextInt(mappings.size() - 1);
      Mapping m = mappings.get(k);
      mappings.set(k, GridOfMappings.renamed(m));
    }
    byte[] bytes = MappingBlockWriter.encode(P, compact ? MappingBlockWriter.Format.V1_COMPACT
        : MappingBlockWriter.Format.V0, mappings);
    MappingBlock block = MappingBlock.decode(bytes, P, 0, "/v");
    int[] reads = {0};
    MappingProbe probe = MappingProbe.open((off, len) -> {
      reads[0]++;
      return Arrays.copyOfRange(bytes, (int) off, (int) off + len);
    }, bytes.length, P, 0);
    boolean allFound = true;
    if (!compact && !oddName && mappings.size() >= 2) {
      assertNotNull(probe, "a default block of one source name length works");
    }
    if (probe == null) {
      return; // not a block the probe works on: the caller decodes it whole
    }
    assertEquals(block.count(), probe.count());
    for (int k = 0; k < corners.size(); k++) {
      long[] corner = corners.get(k);
      reads[0] = 0;
      // the cell's number in C order (the caller's guess), or any other guess, or none
      int guessKind = rnd.nextInt(3);
      long guess = guessKind == 0 ? k : guessKind == 1 ? rnd.nextInt(corners.size() + 10) - 5
          : -1;
      MappingProbe.Found f = probe.find(corner, guess);
      assertTrue(reads[0] <= 41, "entries read: " + reads[0]);
      if (guessKind == 0 && holesIn10 == 0 && !shuffled && !oddName) {
        assertTrue(reads[0] <= 1, "a block mapping every cell in order: found at once");
      }
      int truth = -1;
      for (int i = 0; i < block.count(); i++) {
        boolean same = true;
        for (int d = 0; d < rank; d++) {
          same &= block.virtualStart(i, d) == corner[d];
        }
        if (same) {
          truth = i;
        }
      }
      if (f.entry() != null) {
        MappingProbe.Entry e = f.entry();
        assertEquals(truth, e.index(), Arrays.toString(corner));
        for (int d = 0; d < rank; d++) {
          assertEquals(block.virtualStart(truth, d), e.virtualStart()[d]);
          assertEquals(block.sourceStart(truth, d), e.sourceStart()[d]);
          assertEquals(block.blockShape(truth, d), e.shape()[d]);
        }
        assertEquals(block.sourceFile(truth), e.sourceFile());
        assertEquals(block.sourceDataset(truth), e.sourceDataset());
      } else if (f.known() && !shuffled && !oddName) {
        assertEquals(-1, truth, "a hole only where no mapping starts");
      }
      allFound &= f.entry() != null || truth < 0;
    }
    if (!shuffled && !oddName) {
      assertTrue(allFound, "a block in chunk order: every corner found");
    }
  }

  @org.junit.jupiter.api.Test
  void worksOnDefaultBlocksOfOneSourceAndRefusesMixedSizes() throws Exception {
    List<Mapping> ms = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      ms.add(new Mapping(".", "/raw", Irregular.box(new long[] {8L * (99 - i)},
          new long[] {8}), Irregular.box(new long[] {8L * i}, new long[] {8})));
    }
    byte[] v0 = MappingBlockWriter.encode(P, MappingBlockWriter.Format.V0, ms);
    MappingProbe p = MappingProbe.open((o, n) -> Arrays.copyOfRange(v0, (int) o, (int) o + n),
        v0.length, P, 0);
    assertNotNull(p);
    MappingProbe.Entry e = p.find(new long[] {8 * 37}).entry();
    assertEquals(37, e.index());
    assertArrayEquals(new long[] {8 * 62}, e.sourceStart());
    assertNull(p.find(new long[] {3}).entry()); // no block starts there
    ms.set(50, new Mapping("other.h5", "/raw", ms.get(50).sourceSelection(),
        ms.get(50).virtualSelection()));
    byte[] mixed = MappingBlockWriter.encode(P, MappingBlockWriter.Format.V0, ms);
    assertNull(MappingProbe.open((o, n) -> Arrays.copyOfRange(mixed, (int) o, (int) o + n),
        mixed.length, P, 0), "entries of different sizes");
  }
}
