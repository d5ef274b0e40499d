package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.select.EncodedSelection.Irregular;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link MappingBlockWriter#addBox} (no selection objects) writes the bytes that adding the
 * same boxes as {@link Irregular} selections writes, in both block formats; the latter are
 * checked against libhdf5's own blocks and read by h5py, h5dump and h5wasm elsewhere.
 */
class AddBoxBytesTest {
  @Property(tries = 200)
  void sameBytesAsIrregularBoxes(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int rank,
      @ForAll @IntRange(min = 1, max = 40) int n, @ForAll boolean compact,
      @ForAll @IntRange(min = 1, max = 40) int bits) {
    MappingBlockWriter.Format f = compact ? MappingBlockWriter.Format.V1_COMPACT
        : MappingBlockWriter.Format.V0;
    int maxBits = compact ? bits : Math.min(bits, 31); // v0's hyperslab v1 holds 32 bits
    MappingBlockWriter boxes = new MappingBlockWriter(FileParams.DEFAULT, f);
    MappingBlockWriter selections = new MappingBlockWriter(FileParams.DEFAULT, f);
    Random rnd = new Random(seed);
    for (int k = 0; k < n; k++) {
      long[] s = new long[rank];
      long[] v = new long[rank];
      long[] shape = new long[rank];
      for (int d = 0; d < rank; d++) {
        s[d] = rnd.nextLong() >>> (64 - maxBits);
        v[d] = rnd.nextLong() >>> (64 - maxBits);
        shape[d] = 1 + (rnd.nextLong() >>> (64 - maxBits));
      }
      String file = rnd.nextInt(3) == 0 ? "." : "src" + rnd.nextInt(3) + ".h5";
      String dset = "/d%" + rnd.nextInt(2);
      boxes.addBox(file, dset, s, v, shape);
      selections.add(Mapping.ofPaths(file, dset, Irregular.box(s, shape),
          Irregular.box(v, shape)));
    }
    assertArrayEquals(selections.toByteArray(), boxes.toByteArray());
  }

  /**
   * A {@link MappingList} of boxes (several name pairs, pages crossed) and other mappings,
   * encoded by {@link MappingBlockWriter#addAll} straight into a buffer that starts after other
   * bytes, is the block that adding the same mappings one by one as selections writes.
   */
  @Property(tries = 60)
  void listEncodesAsMappingsAddedOneByOne(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 5) int rank, @ForAll @IntRange(min = 1, max = 3000) int n,
      @ForAll boolean compact, @ForAll @IntRange(min = 0, max = 40) int prefix) {
    MappingBlockWriter.Format f = compact ? MappingBlockWriter.Format.V1_COMPACT
        : MappingBlockWriter.Format.V0;
    Random rnd = new Random(seed);
    MappingList list = new MappingList(rank);
    MappingBlockWriter selections = new MappingBlockWriter(FileParams.DEFAULT, f);
    long[] s = new long[rank];
    long[] v = new long[rank];
    long[] shape = new long[rank];
    for (int k = 0; k < n; k++) {
      for (int d = 0; d < rank; d++) { // the same arrays each time: the list copies them
        s[d] = rnd.nextInt(1 << 20);
        v[d] = rnd.nextInt(1 << 20);
        shape[d] = 1 + rnd.nextInt(64);
      }
      String file = rnd.nextInt(50) == 0 ? "src" + rnd.nextInt(3) + ".h5" : ".";
      String dset = rnd.nextInt(50) == 0 ? "/d%" + rnd.nextInt(2) : "/raw";
      Mapping m = Mapping.ofPaths(file, dset, Irregular.box(s, shape), Irregular.box(v, shape));
      if (rnd.nextInt(20) == 0) {
        list.add(m);
      } else {
        list.addBox(file, dset, s, v, shape);
      }
      selections.add(m);
    }
    ByteWriter into = new ByteWriter(FileParams.DEFAULT, new byte[64]); // reused: not zero
    java.util.Arrays.fill(into.array(), (byte) 0x77);
    into.zeros(prefix);
    new MappingBlockWriter(into, f).addAll(list).finish();
    assertArrayEquals(selections.toByteArray(), java.util.Arrays.copyOfRange(into.array(),
        prefix, into.position()));
  }

  /**
   * A box whose end passes 32 bits cannot be a v0 (hyperslab v1) entry: it is refused naming
   * the mapping, and the block is as before it, whether added alone or from a list.
   */
  @org.junit.jupiter.api.Test
  void boxBeyond32BitsIsRefusedAndLeavesTheBlockAsItWas() {
    long[] one = {1, 1};
    MappingBlockWriter before = new MappingBlockWriter(FileParams.DEFAULT);
    before.addBox(".", "/raw", new long[] {0, 0}, new long[] {0, 0}, one);
    MappingBlockWriter w = new MappingBlockWriter(FileParams.DEFAULT);
    w.addBox(".", "/raw", new long[] {0, 0}, new long[] {0, 0}, one);
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> w.addBox(".", "/raw",
            new long[] {0xffff_ffffL, 0}, new long[] {1, 0}, new long[] {2, 1}));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("mapping 1: "),
        e.getMessage());
    assertArrayEquals(before.toByteArray(), w.toByteArray());
    MappingList list = new MappingList(2).addBox(".", "/raw", new long[] {0, 0},
        new long[] {0, 0}, one).addBox(".", "/raw", new long[] {1L << 32, 0},
        new long[] {1, 0}, one);
    MappingBlockWriter fromList = new MappingBlockWriter(FileParams.DEFAULT);
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> fromList.addAll(list));
    assertArrayEquals(before.toByteArray(), fromList.toByteArray());
  }
}
