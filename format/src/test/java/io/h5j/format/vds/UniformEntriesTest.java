package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import io.h5j.format.select.EncodedSelection.Irregular;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A block read through {@link UniformEntries} against the same block scanned entry by entry:
 * the same mappings, boxes, grid and errors, on versioned-style blocks (chunk grids with edge
 * chunks, holes, shuffled order, a box larger than the first, an odd name, a misplaced box) and
 * on damaged copies of them whose checksum is made right again (so that the scan decides).
 */
class UniformEntriesTest {
  private static final FileParams P = FileParams.DEFAULT;

  @Property(tries = 300)
  void sameAsEntryByEntry(@ForAll @IntRange(min = 1, max = 3) int rank,
      @ForAll @IntRange(min = 0, max = 6) int variant, @ForAll @IntRange(min = 0, max = 3)
      int damage, @ForAll long seed) throws Exception {
    Random rnd = new Random(seed);
    int[] cellsSeen = {0};
    // variant 2: holes, but never at the first cell: a full cell (or the whole extent, where
    // there is one cell) gives the grid's cell shape; holes that left only the shorter edge
    // cells would leave no cell shape to find (see onlyEdgeCellsLeftGiveNoGrid)
    GridOfMappings grid = GridOfMappings.random(rnd, rank,
        () -> variant == 1 ? 3 : 1L << rnd.nextInt(3), // 3: divisions, not shifts
        () -> variant != 2 || cellsSeen[0]++ == 0 || rnd.nextInt(4) > 0);
    List<Mapping> mappings = grid.mappings;
    int n = mappings.size();
    if (variant == 3) {
      Collections.shuffle(mappings, rnd);
    } else if (variant == 4 && n > 1) { // the first box smaller than a later one
      Collections.swap(mappings, 0, n - 1);
    } else if (variant == 5 && n > 2) {
      Mapping m = mappings.get(1 + rnd.nextInt(n - 1));
      mappings.set(mappings.indexOf(m), GridOfMappings.renamed(m));
    } else if (variant == 6 && n > 1) { // a box off the grid
      long[] corner = new long[rank];
      long[] shape = new long[rank];
      Arrays.fill(shape, 1);
      corner[0] = 1;
      mappings.set(n - 1, new Mapping(".", "/raw", Irregular.box(corner, shape),
          Irregular.box(corner, shape)));
    }
    byte[] bytes = MappingBlockWriter.encode(P, MappingBlockWriter.Format.V0, mappings);
    for (int k = 0; k < damage; k++) { // anywhere but the checksum, which is then redone
      bytes[rnd.nextInt(bytes.length - 4)] ^= (byte) (1 + rnd.nextInt(255));
    }
    int sum = Lookup3.checksum(bytes, 0, bytes.length - 4);
    for (int k = 0; k < 4; k++) {
      bytes[bytes.length - 4 + k] = (byte) (sum >>> (8 * k));
    }
    String general = outcome(bytes, false);
    assertEquals(general, outcome(bytes, true));
    if (damage == 0 && variant != 5 && variant != 6) {
      assertTrue(general.contains("grid"), general);
    }
  }

  /**
   * Holes that leave only an edge cell, shorter than the chunk (once the property's own case,
   * rank 1, seed 307: the box [8, 11) of a grid of cells of 4): the largest box is no cell
   * shape that its corner is a multiple of, so there is no grid, and both readings agree.
   */
  @Example
  void onlyEdgeCellsLeftGiveNoGrid() {
    List<Mapping> edge = List.of(new Mapping(".", "/raw", Irregular.box(new long[] {47959},
        new long[] {3}), Irregular.box(new long[] {8}, new long[] {3})));
    byte[] bytes = MappingBlockWriter.encode(P, MappingBlockWriter.Format.V0, edge);
    String general = outcome(bytes, false);
    assertEquals(general, outcome(bytes, true));
    assertFalse(general.contains("grid"), general);
  }

  /** Everything a reader asks of a block, or the error, as text. */
  private static String outcome(byte[] bytes, boolean uniform) {
    MappingBlock b;
    try {
      b = MappingBlock.scan(bytes, P, 0, "VDS mapping block of /v", uniform);
    } catch (H5FormatException e) {
      return e.getMessage();
    }
    StringBuilder s = new StringBuilder(b.toString());
    s.append(b.allBoxes()).append(b.boxRank()).append(b.singleSource());
    if (b.grid() != null) {
      s.append(Arrays.toString(b.grid().cells()));
    }
    for (int i = 0; i < b.count(); i++) {
      try {
        s.append('|').append(b.mapping(i));
      } catch (H5FormatException e) {
        s.append('|').append(e.getMessage());
      }
      s.append(b.sameFile(i));
      if (b.allBoxes()) {
        for (int d = 0; d < b.boxRank(); d++) {
          s.append(',').append(b.virtualStart(i, d)).append(',').append(b.sourceStart(i, d))
              .append(',').append(b.blockShape(i, d));
        }
      }
      if (b.grid() != null && b.allBoxes()) {
        long[] corner = new long[b.boxRank()];
        long[] c = b.grid().cell();
        for (int d = 0; d < corner.length; d++) {
          corner[d] = b.virtualStart(i, d) / c[d];
        }
        s.append('@').append(b.grid().mappingAtCell(corner));
      }
    }
    if (b.allBoxes()) {
      s.append(Arrays.toString(b.virtualStarts())).append(Arrays.toString(b.sourceStarts()))
          .append(Arrays.toString(b.blockShapes()));
    }
    return s.toString();
  }
}
