package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.io.FileParams;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link MappingList#addChunks} (a whole chunk grid's mappings in one call) is the list that
 * adding each chunk's box with {@link MappingList#addBox} makes: the same block bytes, in both
 * formats. The boxes here are computed by the test from the grid; addBox's bytes are checked
 * against libhdf5's elsewhere ({@link AddBoxBytesTest}, the oracle tests).
 */
class ChunkMappingsTest {
  @Property(tries = 150)
  void chunksEncodeAsTheirBoxes(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int rank,
      @ForAll @IntRange(min = 0, max = 300) int n, @ForAll boolean compact,
      @ForAll @IntRange(min = 0, max = 3) int calls,
      @ForAll @IntRange(min = 0, max = 2) int order) {
    MappingBlockWriter.Format f = compact ? MappingBlockWriter.Format.V1_COMPACT
        : MappingBlockWriter.Format.V0;
    Random rnd = new Random(seed);
    long[] shape = new long[rank];
    long[] chunk = new long[rank];
    long[] grid = new long[rank];
    for (int d = 0; d < rank; d++) {
      chunk[d] = 1 + rnd.nextInt(9);
      shape[d] = 1 + rnd.nextInt(60); // often not a multiple of the chunk: cut edge chunks
      grid[d] = (shape[d] + chunk[d] - 1) / chunk[d];
    }
    long chunkCount = 1;
    for (long g : grid) {
      chunkCount *= g;
    }
    // order 0: chunks at random; 1: the grid's first n chunks in C order (a commit's usual
    // call); 2: the same with one chunk out of its place
    if (order > 0) {
      n = (int) Math.min(n, chunkCount);
    }
    MappingList chunks = new MappingList(rank);
    MappingList boxes = new MappingList(rank);
    for (int call = 0; call <= calls; call++) {
      String dset = call % 2 == 0 ? "/raw" : "/other%raw"; // runs of two name pairs
      long[] coords = new long[n * rank];
      long[] starts = new long[n * rank];
      for (int i = 0; i < n; i++) {
        long[] v = new long[rank];
        long[] s = new long[rank];
        long[] extent = new long[rank];
        long rest = i;
        for (int d = rank - 1; d >= 0; d--) { // i's coordinates in C order
          coords[i * rank + d] = order == 0 ? rnd.nextLong(grid[d]) : rest % grid[d];
          rest /= grid[d];
        }
        if (order == 2 && i == n / 2) {
          coords[i * rank + rank - 1] = rnd.nextLong(grid[rank - 1]);
        }
        for (int d = 0; d < rank; d++) {
          starts[i * rank + d] = s[d] = rnd.nextInt(1 << 20);
          v[d] = coords[i * rank + d] * chunk[d];
          extent[d] = Math.min(v[d] + chunk[d], shape[d]) - v[d];
        }
        boxes.addBox(".", dset, s, v, extent);
      }
      chunks.addChunks(".", dset, shape, chunk, coords, starts);
      if (call == 1) { // a mapping of another kind between runs
        Mapping other = Mapping.ofPaths("src.h5", "/d",
            io.h5j.format.select.EncodedSelection.Irregular.box(new long[rank], ones(rank)),
            io.h5j.format.select.EncodedSelection.Irregular.box(new long[rank], ones(rank)));
        chunks.add(other);
        boxes.add(other);
      }
    }
    assertEquals(boxes.size(), chunks.size());
    assertArrayEquals(encode(boxes, f), encode(chunks, f));
  }

  @Test
  void aChunkOutsideTheGridIsRefusedAndNothingOfTheCallIsAdded() {
    long[] shape = {10, 6};
    long[] chunk = {4, 4}; // grid 3 x 2
    MappingList list = new MappingList(2).addChunks(".", "/raw", shape, chunk,
        new long[] {2, 1}, new long[] {0, 0});
    byte[] before = encode(list, MappingBlockWriter.Format.V0);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> list.addChunks(".", "/raw", shape, chunk, new long[] {0, 0, 0, 2},
            new long[] {4, 0, 8, 0}));
    assertTrue(e.getMessage().startsWith("mapping 2: chunk [0, 2]"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> list.addChunks(".", "/raw", shape,
        chunk, new long[] {0, 0}, new long[] {-1, 0}));
    assertThrows(IllegalArgumentException.class, () -> list.addChunks(".", "/raw", shape,
        chunk, new long[] {0, 0, 1}, new long[] {0, 0, 1}));
    assertThrows(IllegalArgumentException.class, () -> list.addChunks(".", "/raw", shape,
        new long[] {0, 4}, new long[] {0, 0}, new long[] {0, 0}));
    assertThrows(IllegalArgumentException.class, () -> list.addChunks(".", "", shape,
        chunk, new long[] {0, 0}, new long[] {0, 0}));
    assertThrows(IllegalArgumentException.class, () -> list.addChunks(".", "/raw", shape,
        chunk, new long[] {0, 0}, new long[] {Long.MAX_VALUE - 2, 0}));
    assertEquals(1, list.size());
    assertArrayEquals(before, encode(list, MappingBlockWriter.Format.V0));
  }

  /**
   * A chunk whose source passes 32 bits cannot be a v0 (hyperslab v1) entry: encoding stops
   * there naming it, with the chunks before it in the block and nothing of it.
   */
  @Test
  void aChunkBeyond32BitsStopsAV0BlockBeforeIt() {
    long[] shape = {8, 8};
    long[] chunk = {4, 4};
    MappingList list = new MappingList(2).addChunks(".", "/raw", shape, chunk,
        new long[] {0, 0, 0, 1, 1, 0}, new long[] {4, 0, 1L << 32, 0, 8, 0});
    MappingBlockWriter w = new MappingBlockWriter(FileParams.DEFAULT);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> w.addAll(list));
    assertTrue(e.getMessage().startsWith("mapping 1: "), e.getMessage());
    MappingBlockWriter first = new MappingBlockWriter(FileParams.DEFAULT)
        .addBox(".", "/raw", new long[] {4, 0}, new long[] {0, 0}, chunk);
    assertArrayEquals(first.toByteArray(), w.toByteArray());
    // the compact encoding holds it
    MappingBlockWriter c = new MappingBlockWriter(FileParams.DEFAULT,
        MappingBlockWriter.Format.V1_COMPACT);
    assertEquals(3, c.addAll(list).count());
  }

  /**
   * Coordinates in the grid's C order that run past its last chunk are outside it: refused,
   * naming the first such mapping, as any other chunk outside the grid.
   */
  @Test
  void chunksInGridOrderPastTheLastAreRefused() {
    long[] shape = {8, 5};
    long[] chunk = {4, 4}; // grid 2 x 2
    long[] coords = {0, 0, 0, 1, 1, 0, 1, 1, 2, 0};
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new MappingList(2).addChunks(".", "/raw", shape, chunk, coords, new long[10]));
    assertTrue(e.getMessage().startsWith("mapping 4: chunk [2, 0]"), e.getMessage());
    // the four chunks alone are the grid's: their last column cut at the shape
    MappingList list = new MappingList(2).addChunks(".", "/raw", shape, chunk,
        Arrays.copyOf(coords, 8), new long[] {0, 0, 4, 0, 8, 0, 12, 0});
    MappingList boxes = new MappingList(2)
        .addBox(".", "/raw", new long[] {0, 0}, new long[] {0, 0}, new long[] {4, 4})
        .addBox(".", "/raw", new long[] {4, 0}, new long[] {0, 4}, new long[] {4, 1})
        .addBox(".", "/raw", new long[] {8, 0}, new long[] {4, 0}, new long[] {4, 4})
        .addBox(".", "/raw", new long[] {12, 0}, new long[] {4, 4}, new long[] {4, 1});
    for (MappingBlockWriter.Format f : MappingBlockWriter.Format.values()) {
      assertArrayEquals(encode(boxes, f), encode(list, f));
    }
  }

  private static byte[] encode(MappingList list, MappingBlockWriter.Format f) {
    MappingBlockWriter w = new MappingBlockWriter(FileParams.DEFAULT, f);
    return w.addAll(list).toByteArray();
  }

  private static long[] ones(int rank) {
    long[] a = new long[rank];
    java.util.Arrays.fill(a, 1);
    return a;
  }
}
