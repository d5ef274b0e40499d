package io.h5j.format.select;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileParams;
import io.h5j.format.select.EncodedSelection.Irregular;
import io.h5j.format.select.EncodedSelection.Points;
import io.h5j.format.select.EncodedSelection.Regular;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class SelectionCodecTest {
  static final FileParams P = FileParams.DEFAULT;

  @Provide
  Arbitrary<EncodedSelection> selections() {
    return SelectionArbitraries.any();
  }

  static ByteReader reader(byte[] b) {
    return new ByteReader(b, 0, "selection", P);
  }

  static boolean fits32(EncodedSelection s) {
    try {
      SelectionCodec.encode(s, SelectionCodec.Style.COMPAT, new ByteWriter(P));
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** What decoding the compatible encoding gives: a v1 block list for most regular ones. */
  static EncodedSelection expectedCompat(EncodedSelection s, byte[] enc) {
    if (s instanceof Regular g && enc[4] == 1) {
      return SelectionCodec.toBlocks(g);
    }
    return s;
  }

  @Property(tries = 500)
  void roundTripsInBothStyles(@ForAll("selections") EncodedSelection s) throws Exception {
    ByteWriter w = new ByteWriter(P);
    SelectionCodec.encode(s, SelectionCodec.Style.COMPACT, w);
    byte[] b = w.toByteArray();
    assertEquals(SelectionCodec.encodedSize(s, SelectionCodec.Style.COMPACT), b.length);
    ByteReader r = reader(b);
    assertEquals(s, SelectionCodec.decode(r));
    assertEquals(0, r.remaining());
    if (fits32(s)) {
      w = new ByteWriter(P);
      SelectionCodec.encode(s, SelectionCodec.Style.COMPAT, w);
      b = w.toByteArray();
      assertEquals(SelectionCodec.encodedSize(s, SelectionCodec.Style.COMPAT), b.length);
      EncodedSelection back = SelectionCodec.decode(reader(b));
      assertEquals(expectedCompat(s, b), back);
      assertEquals(s.elementCount(new long[] {3, 4}), back.elementCount(new long[] {3, 4}));
    }
  }

  @Property(tries = 300)
  void scanBoxAgreesWithDecode(@ForAll("selections") EncodedSelection s) throws Exception {
    for (SelectionCodec.Style style : SelectionCodec.Style.values()) {
      if (style == SelectionCodec.Style.COMPAT && !fits32(s)) {
        continue;
      }
      ByteWriter w = new ByteWriter(P);
      SelectionCodec.encode(s, style, w);
      byte[] b = w.toByteArray();
      EncodedSelection d = SelectionCodec.decode(reader(b));
      long[] out = new long[64];
      ByteReader r = reader(b);
      int rank = SelectionCodec.scanBox(r, out, 0);
      assertEquals(0, r.remaining());
      boolean box = d instanceof Irregular i && i.blockCount() == 1
          || d instanceof Regular g && g.isSingleBlock() && !g.isUnlimited();
      assertEquals(box ? d.rank() : -1, rank);
      if (box) {
        long[] start = new long[rank];
        long[] shape = new long[rank];
        System.arraycopy(out, 0, start, 0, rank);
        System.arraycopy(out, rank, shape, 0, rank);
        EncodedSelection asBox = Irregular.box(start, shape);
        assertEquals(d.elementCount(null), asBox.elementCount(null));
      }
    }
  }

  @Property(tries = 1000)
  void arbitraryBytesFailOnlyWithFormatException(@ForAll @Size(max = 80) byte[] b) {
    try {
      SelectionCodec.decode(reader(b));
    } catch (H5FormatException e) {
      // expected
    }
    try {
      SelectionCodec.scanBox(reader(b), new long[64], 0);
    } catch (H5FormatException e) {
      // expected
    }
  }

  @Property(tries = 500)
  void mutatedEncodingsFailOnlyWithFormatException(@ForAll("selections") EncodedSelection s,
      @ForAll long seed) {
    ByteWriter w = new ByteWriter(P);
    SelectionCodec.encode(s, SelectionCodec.Style.COMPACT, w);
    byte[] b = w.toByteArray();
    Random rnd = new Random(seed);
    for (int k = 0; k < 1 + rnd.nextInt(3); k++) {
      b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
    }
    try {
      SelectionCodec.decode(reader(b));
      SelectionCodec.scanBox(reader(b), new long[64], 0);
    } catch (H5FormatException e) {
      // expected
    }
  }

  @Test
  void hugeCountsAreRejectedBeforeAllocating() {
    ByteWriter w = new ByteWriter(P);
    w.u32(2).u32(1).u32(0).u32(0).u32(3).u32(0x7fffffff);
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> SelectionCodec.decode(reader(w.toByteArray())));
    assertTrue(e.getMessage().contains("blocks"), e.getMessage());
    ByteWriter w2 = new ByteWriter(P);
    w2.u32(1).u32(2).u8(8).u32(2).u64(-1L);
    assertThrows(H5FormatException.class, () -> SelectionCodec.decode(reader(w2.toByteArray())));
    ByteWriter w3 = new ByteWriter(P);
    w3.u32(2).u32(2).u8(1).u32(0).u32(33);
    assertThrows(H5FormatException.class, () -> SelectionCodec.decode(reader(w3.toByteArray())));
    ByteWriter w4 = new ByteWriter(P);
    w4.u32(2).u32(2).u8(1).u32(0).u32(0);
    assertThrows(H5FormatException.class, () -> SelectionCodec.decode(reader(w4.toByteArray())));
  }

  @Test
  void explicitVersionsDecodeToTheSameSelection() throws Exception {
    Regular g = new Regular(new Hyperslab(new long[] {1, 2}, new long[] {4, 5},
        new long[] {2, 2}, new long[] {3, 4}));
    ByteWriter w1 = new ByteWriter(P);
    SelectionCodec.encodeHyperslabV1(g, w1);
    ByteWriter w2 = new ByteWriter(P);
    SelectionCodec.encodeHyperslabV2(g, w2);
    ByteWriter w3 = new ByteWriter(P);
    SelectionCodec.encodeHyperslabV3(g, w3);
    assertEquals(SelectionCodec.toBlocks(g), SelectionCodec.decode(reader(w1.toByteArray())));
    assertEquals(g, SelectionCodec.decode(reader(w2.toByteArray())));
    assertEquals(g, SelectionCodec.decode(reader(w3.toByteArray())));
    assertEquals(48, g.elementCount(null));
    Points p = new Points(2, new long[][] {{1, 2}, {3, 4}});
    ByteWriter w4 = new ByteWriter(P);
    SelectionCodec.encodePointsV2(p, w4);
    assertEquals(p, SelectionCodec.decode(reader(w4.toByteArray())));
    assertArrayEquals(new long[] {1, 2}, ((Points) SelectionCodec.decode(
        reader(w4.toByteArray()))).coords()[0]);
  }
}
