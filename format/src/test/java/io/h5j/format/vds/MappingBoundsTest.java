package io.h5j.format.vds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.FileParams;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.EncodedSelection.Irregular;
import io.h5j.format.select.Hyperslab;
import java.util.List;
import org.junit.jupiter.api.Test;

class MappingBoundsTest {
  private static MappingBlock blockOf(Irregular virtual) throws H5FormatException {
    Mapping m = new Mapping(".", "/s", virtual, virtual);
    byte[] b = MappingBlockWriter.encode(FileParams.DEFAULT, MappingBlockWriter.Format.V0,
        List.of(m));
    return MappingBlock.decode(b, FileParams.DEFAULT, 4096, "/v");
  }

  /** Two blocks of 2^32 x 2^32 rows: more rows than a long counts (a damaged extent can). */
  @Test
  void aBlockListOfMoreRowsThanALongCountsIsAFormatError() throws Exception {
    long big = 1L << 32;
    Irregular v = new Irregular(3, new long[] {0, 0, 0, 0, 0, 1},
        new long[] {big - 1, big - 1, 0, big - 1, big - 1, 1});
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> MappingBounds.of(blockOf(v), new long[] {big, big, 2}));
    assertTrue(e.getMessage().contains("/v") && e.getMessage().contains("mapping 0"),
        e.getMessage());
  }

  /** More rows than h5j expands: refused as a format error naming the mapping, no crash. */
  @Test
  void aBlockListTooLargeToExpandIsAFormatError() throws Exception {
    long n = 1L << 13;
    Irregular v = new Irregular(3, new long[] {0, 0, 0, 0, 0, 1},
        new long[] {n - 1, n - 1, 0, n - 1, n - 1, 1});
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> MappingBounds.of(blockOf(v), new long[] {n, n, 2}));
    assertTrue(e.getMessage().contains("/v") && e.getMessage().contains("mapping 0"),
        e.getMessage());
  }

  /** A box whose end lies beyond 2^63 (a damaged start): refused, not wrapped around. */
  @Test
  void aBoxEndingBeyondTheLongRangeIsAFormatError() throws Exception {
    EncodedSelection.Regular box = new EncodedSelection.Regular(new Hyperslab(
        new long[] {Long.MAX_VALUE - 2}, new long[] {1}, new long[] {1}, new long[] {4}));
    byte[] b = MappingBlockWriter.encode(FileParams.DEFAULT,
        MappingBlockWriter.Format.V1_COMPACT, List.of(new Mapping(".", "/s", box, box)));
    MappingBlock block = MappingBlock.decode(b, FileParams.DEFAULT, 4096, "/v");
    assertTrue(block.allBoxes(), "read as a box");
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> MappingBounds.of(block, new long[] {8}));
    assertTrue(e.getMessage().contains("/v") && e.getMessage().contains("mapping 0"),
        e.getMessage());
  }

  @Test
  void aSmallBlockListHasItsBoundingBox() throws Exception {
    Irregular v = new Irregular(2, new long[] {1, 2, 3, 0}, new long[] {1, 4, 3, 1});
    MappingBounds b = MappingBounds.of(blockOf(v), new long[] {5, 5});
    assertArrayEquals(new long[] {4, 5}, b.minDims());
  }
}
