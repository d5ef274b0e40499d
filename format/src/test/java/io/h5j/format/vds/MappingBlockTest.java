package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.EncodedSelection.Irregular;
import io.h5j.format.select.SelectionArbitraries;
import io.h5j.format.select.SelectionCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class MappingBlockTest {
  static final FileParams P = FileParams.DEFAULT;

  @Provide
  Arbitrary<List<Mapping>> mappingLists() {
    Arbitrary<String> file = Arbitraries.of(".", "a.h5", "dir/b%%.h5", "src_%b.h5", "é.h5");
    Arbitrary<String> dset = Arbitraries.of("/raw", "/g/data", "/x%b", "/d");
    Arbitrary<Mapping> m = Combinators.combine(file, dset, SelectionArbitraries.any(),
        SelectionArbitraries.any()).as(Mapping::new).filter(MappingBlockTest::consistent);
    return m.list().ofMaxSize(8);
  }

  static boolean box(EncodedSelection s) {
    return s instanceof Irregular i && i.blockCount() == 1
        || s instanceof EncodedSelection.Regular g && g.isSingleBlock() && !g.isUnlimited();
  }

  /** Boxes on both sides must have equal element counts (the decoder checks that). */
  static boolean consistent(Mapping m) {
    return !(box(m.sourceSelection()) && box(m.virtualSelection()))
        || m.sourceSelection().elementCount(null) == m.virtualSelection().elementCount(null);
  }

  static List<Mapping> compatible(List<Mapping> in) {
    List<Mapping> out = new ArrayList<>();
    for (Mapping m : in) {
      try {
        MappingBlockWriter.encode(P, MappingBlockWriter.Format.V0, List.of(m));
        out.add(m);
      } catch (IllegalArgumentException e) {
        // a coordinate beyond 32 bits: not in a v0 block list
      }
    }
    return out;
  }

  static EncodedSelection reread(EncodedSelection s, SelectionCodec.Style style)
      throws H5FormatException {
    ByteWriter w = new ByteWriter(P);
    SelectionCodec.encode(s, style, w);
    return SelectionCodec.decode(new io.h5j.format.io.ByteReader(w.toByteArray(), 0, "s", P));
  }

  @Property(tries = 300)
  void roundTripsBothFormats(@ForAll("mappingLists") List<Mapping> all) throws Exception {
    for (MappingBlockWriter.Format f : MappingBlockWriter.Format.values()) {
      List<Mapping> ms = f == MappingBlockWriter.Format.V0 ? compatible(all) : all;
      SelectionCodec.Style style = f == MappingBlockWriter.Format.V0
          ? SelectionCodec.Style.COMPAT : SelectionCodec.Style.COMPACT;
      byte[] b = MappingBlockWriter.encode(P, f, ms);
      MappingBlock block = MappingBlock.decode(b, P, 100, "/v");
      assertEquals(ms.size(), block.count());
      assertEquals(f == MappingBlockWriter.Format.V0 ? 0 : 1, block.version());
      assertArrayEquals(b, block.bytes());
      for (int i = 0; i < ms.size(); i++) {
        Mapping m = ms.get(i);
        Mapping got = block.mapping(i);
        assertEquals(m.sourceFile(), got.sourceFile());
        assertEquals(m.sourceDataset(), got.sourceDataset());
        assertEquals(reread(m.sourceSelection(), style), got.sourceSelection());
        assertEquals(reread(m.virtualSelection(), style), got.virtualSelection());
      }
    }
  }

  @Property(tries = 300)
  void mutatedBlocksFailOnlyWithFormatException(@ForAll("mappingLists") List<Mapping> ms,
      @ForAll long seed, @ForAll boolean fixChecksum) {
    byte[] b = MappingBlockWriter.encode(P, MappingBlockWriter.Format.V1_COMPACT, ms);
    Random rnd = new Random(seed);
    for (int k = 0; k < 1 + rnd.nextInt(3); k++) {
      b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
    }
    if (rnd.nextInt(4) == 0) {
      b = java.util.Arrays.copyOf(b, rnd.nextInt(b.length + 1));
    }
    if (fixChecksum && b.length >= 4) {
      int sum = Lookup3.checksum(b, 0, b.length - 4);
      for (int k = 0; k < 4; k++) {
        b[b.length - 4 + k] = (byte) (sum >>> (8 * k));
      }
    }
    try {
      MappingBlock block = MappingBlock.decode(b, P, 0, "/v");
      block.mappings();
    } catch (H5FormatException e) {
      // expected
    }
  }

  @Property(tries = 500)
  void arbitraryBytesFailOnlyWithFormatException(@ForAll @Size(max = 120) byte[] b) {
    try {
      MappingBlock.decode(b, P, 0, "/v").mappings();
    } catch (H5FormatException e) {
      // expected
    }
  }

  static byte[] withChecksum(ByteWriter w) {
    int from = 0;
    w.checksum(from);
    return w.toByteArray();
  }

  @Test
  void damageIsReportedNamingTheBlock() {
    byte[] good = new MappingBlockWriter(P).addBox(".", "/raw", new long[] {0},
        new long[] {0}, new long[] {4}).toByteArray();
    byte[] bad = good.clone();
    bad[3] ^= 1;
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> MappingBlock.decode(bad, P, 77, "/vds"));
    assertTrue(e.getMessage().contains("VDS mapping block of /vds"), e.getMessage());
    assertTrue(e.getMessage().contains("checksum"), e.getMessage());

    ByteWriter w = new ByteWriter(P);
    w.u8(0).length(1000).cString(".").cString("/raw");
    e = assertThrows(H5FormatException.class,
        () -> MappingBlock.decode(withChecksum(w), P, 77, "/vds"));
    assertTrue(e.getMessage().contains("VDS mapping block of /vds")
        && e.getMessage().contains("entry count"), e.getMessage());

    ByteWriter w2 = new ByteWriter(P);
    w2.u8(0).length(1).ascii(".").u8(0).ascii("/raw-no-terminator");
    w2.zeros(32);
    byte[] b2 = withChecksum(w2);
    // replace the zeros after the name with non-zero bytes, keep the checksum right
    for (int i = 1 + 8 + 2 + 18; i < b2.length - 4; i++) {
      b2[i] = 'x';
    }
    int sum = Lookup3.checksum(b2, 0, b2.length - 4);
    for (int k = 0; k < 4; k++) {
      b2[b2.length - 4 + k] = (byte) (sum >>> (8 * k));
    }
    e = assertThrows(H5FormatException.class, () -> MappingBlock.decode(b2, P, 77, "/vds"));
    assertTrue(e.getMessage().contains("VDS mapping block of /vds")
        && e.getMessage().contains("mapping 0") && e.getMessage().contains("NUL"),
        e.getMessage());

    // element counts of two boxes differ
    MappingBlockWriter mw = new MappingBlockWriter(P);
    mw.add(".", "/raw", Irregular.box(new long[] {0}, new long[] {4}),
        Irregular.box(new long[] {0}, new long[] {5}));
    e = assertThrows(H5FormatException.class,
        () -> MappingBlock.decode(mw.toByteArray(), P, 77, "/vds"));
    assertTrue(e.getMessage().contains("mapping 0"), e.getMessage());
  }

  @Test
  void versionedLayoutIsDetectedAsAGrid() throws Exception {
    long[] cell = {4, 3};
    MappingBlockWriter w = new MappingBlockWriter(P);
    List<long[]> order = new ArrayList<>();
    // a 3 x 4 grid of chunks over a 10 x 12 dataset, in shuffled order
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 4; j++) {
        order.add(new long[] {i, j});
      }
    }
    java.util.Collections.shuffle(order, new Random(3));
    for (int k = 0; k < order.size(); k++) {
      long[] c = order.get(k);
      long[] v = {c[0] * cell[0], c[1] * cell[1]};
      long[] shape = {Math.min(cell[0], 10 - v[0]), cell[1]};
      w.addBox(".", "/data/raw", new long[] {k * 4L, 0}, v, shape);
    }
    for (MappingBlockWriter.Format f : MappingBlockWriter.Format.values()) {
      MappingBlockWriter w2 = new MappingBlockWriter(P, f);
      MappingBlock from = MappingBlock.decode(w.toByteArray(), P, 0, "/v");
      for (Mapping m : from.mappings()) {
        w2.add(m);
      }
      MappingBlock block = MappingBlock.decode(w2.toByteArray(), P, 0, "/v");
      assertTrue(block.allBoxes());
      assertTrue(block.singleSource());
      assertEquals("/data/raw", block.sourceDataset(5));
      assertTrue(block.sameFile(5));
      BlockGrid g = block.grid();
      assertNotNull(g);
      assertArrayEquals(cell, g.cell());
      for (int k = 0; k < order.size(); k++) {
        assertEquals(k, g.mappingAtCell(order.get(k)));
        assertEquals(k * 4L, block.sourceStart(k, 0));
      }
      assertEquals(-1, g.mappingAtCell(3, 0));
      int k = g.mappingForElement(9, 11);
      assertEquals(2, block.blockShape(k, 0));
    }
    if (MappingBlockWriter.Format.V1_COMPACT != null) {
      // compact blocks are smaller
      MappingBlock v0 = MappingBlock.decode(w.toByteArray(), P, 0, "/v");
      MappingBlockWriter w1 = new MappingBlockWriter(P, MappingBlockWriter.Format.V1_COMPACT);
      for (Mapping m : v0.mappings()) {
        w1.add(m);
      }
      assertTrue(w1.toByteArray().length < v0.size());
    }
  }

  @Test
  void noGridForOverlapOrOtherSources() throws Exception {
    MappingBlockWriter w = new MappingBlockWriter(P);
    w.addBox(".", "/a", new long[] {0}, new long[] {0}, new long[] {4});
    w.addBox(".", "/a", new long[] {0}, new long[] {2}, new long[] {4});
    MappingBlock b = MappingBlock.decode(w.toByteArray(), P, 0, null);
    assertTrue(b.allBoxes());
    assertNull(b.grid());
    w.addBox("other.h5", "/a", new long[] {0}, new long[] {8}, new long[] {4});
    b = MappingBlock.decode(w.toByteArray(), P, 0, null);
    assertFalse(b.singleSource());
    assertNull(b.grid());
    w.add(".", "/a", EncodedSelection.All.INSTANCE, EncodedSelection.All.INSTANCE);
    b = MappingBlock.decode(w.toByteArray(), P, 0, null);
    assertFalse(b.allBoxes());
    assertThrows(IllegalStateException.class, () -> MappingBlock.decode(
        w.toByteArray(), P, 0, null).virtualStart(0, 0));
  }

  @Test
  void percentIsEscaped() {
    assertEquals("a%%b", Mapping.escape("a%b"));
    assertEquals("a%b", Mapping.unescape("a%%b"));
    assertTrue(Mapping.hasBlockPattern("src_%b.h5"));
    assertFalse(Mapping.hasBlockPattern("src_%%b.h5"));
  }
}
