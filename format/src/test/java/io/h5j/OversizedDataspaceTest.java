package io.h5j;

import io.h5j.format.H5FormatException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A dataset whose dataspace, damaged, declares more than 2^63 bytes (fewer than 2^63
 * elements, so the dataspace itself decodes): every read and write of it is a format error
 * naming the dataset, whatever its layout, never an ArithmeticException; a selection that
 * fits in 2^63 bytes but not in one Java array is the request's fault. Chunks whose damaged
 * dimensions pass 2^63 bytes likewise.
 */
class OversizedDataspaceTest {

  @ParameterizedTest
  @CsvSource({
      "/contiguous_2d, CONTIGUOUS, 8, 3, 4",
      "/compact_2d, COMPACT, 4, 2, 3",
      "/chunked_fixed, CHUNKED, 4, 10, 10",
      "/virtual, VIRTUAL, 4, 2, 5"})
  void everyReadAndWriteIsAFormatError(String path, String layout, int size, long rows,
      long cols) throws Exception {
    long[] dims = {rows, cols};
    // layouts_earliest.h5: object header v1, no checksum to make right after the damage
    byte[] data = Files.readAllBytes(Fixtures.file("layouts_earliest.h5"));
    long hugeRows = damageFirstDimension(data,
        Fixtures.objects("layouts_earliest.h5").get(path).get("addr").asLong(), dims, size);
    Path f = Files.createTempFile("h5j-oversized", ".h5");
    try {
      Files.write(f, data);
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset(path);
        assertEquals(layout, d.layoutName());
        assertArrayEquals(new long[] {hugeRows, cols}, d.shape());
        long[] start = {1, 0};
        Selection allButARow = Selection.box(start, new long[] {hugeRows - 1, cols});
        formatError(f, path, d::read);
        formatError(f, path, () -> d.read(allButARow));
        formatError(f, path, () -> d.read(allButARow, ByteBuffer.allocate(64)));
        formatError(f, path, () -> d.write(allButARow, ByteBuffer.allocate(64)));
        // 2^31 elements fit in 2^63 bytes, not in one Java array: select less
        Selection big = Selection.box(start, new long[] {(1L << 31) / cols + 1, cols});
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
            () -> d.read(big));
        assertTrue(e.getMessage().contains("select less"), e.getMessage());
      }
      assertArrayEquals(data, Files.readAllBytes(f), "the failed write changed the file");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * chunked_unlimited_3d's chunks, [2, 2, 5] of int32, damaged to about 2^28 each way: their
   * byte count passes 2^63, which is a format error as any chunk too large to hold is.
   */
  @Test
  void chunksOfMoreThan2To63BytesAreAFormatError() throws Exception {
    byte[] data = Files.readAllBytes(Fixtures.file("layouts_earliest.h5"));
    long header = Fixtures.objects("layouts_earliest.h5").get("/chunked_unlimited_3d")
        .get("addr").asLong();
    // layout message v3: chunk dimensions as u32, the element size last
    ByteBuffer chunk = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
        .putInt(2).putInt(2).putInt(5).putInt(4);
    int at = indexOf(data, chunk.array(), (int) header, (int) header + 512);
    assertTrue(at > 0, "chunk dimensions [2, 2, 5, 4] near header " + header);
    for (int d = 0; d < 3; d++) {
      data[at + 4 * d + 3] = 0x10;
    }
    Path f = Files.createTempFile("h5j-oversized", ".h5");
    try {
      Files.write(f, data);
      try (H5File h = H5File.open(f)) {
        Dataset d = h.dataset("/chunked_unlimited_3d");
        assertEquals("CHUNKED", d.layoutName());
        for (Executable read : List.<Executable>of(d::read, d::chunks,
            () -> d.read(Selection.box(new long[3], new long[] {1, 1, 1})))) {
          H5FormatException e = assertThrows(H5FormatException.class, read);
          assertTrue(e.getMessage().contains("dataset /chunked_unlimited_3d")
              && e.getMessage().contains("[268435458, 268435458, 268435461] elements of 4"),
              e.getMessage());
          assertEquals(f, e.file(), "the error names the file it was found in");
        }
      }
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** A format error naming the dataset at {@code path} and the file {@code f}. */
  private static void formatError(Path f, String path, Executable call) {
    H5FormatException e = assertThrows(H5FormatException.class, call);
    assertTrue(e.getMessage().contains("dataset " + path) && e.getMessage().contains("2^63"),
        e.getMessage());
    assertEquals(f, e.file(), "the error names the file it was found in");
  }

  /**
   * Sets one high bit of the first dimension (and of its maximum, stored after the
   * dimensions when the dataspace has one) in the dataspace message of the header at
   * {@code header}: the highest that keeps fewer than 2^63 elements, so that the bytes exceed
   * 2^63 for elements of 2 bytes or more. Returns the damaged first dimension.
   */
  private static long damageFirstDimension(byte[] data, long header, long[] dims, int size) {
    ByteBuffer pattern = ByteBuffer.allocate(8 * dims.length).order(ByteOrder.LITTLE_ENDIAN);
    Arrays.stream(dims).forEach(pattern::putLong);
    int at = indexOf(data, pattern.array(), (int) header, (int) header + 512);
    assertTrue(at > 0, "dimensions " + Arrays.toString(dims) + " near header " + header);
    long rest = dims[1];
    int bit = 62 - (63 - Long.numberOfLeadingZeros(rest)); // (first + 2^bit) * rest < 2^63
    long huge = dims[0] | (1L << bit);
    assertTrue(huge * rest > Long.MAX_VALUE / size, "the bytes exceed 2^63");
    ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(at, huge);
    if (b.getLong(at + 8 * dims.length) == dims[0]) { // the maximum dimensions follow
      b.putLong(at + 8 * dims.length, huge);
    }
    return huge;
  }

  private static int indexOf(byte[] data, byte[] pattern, int from, int to) {
    for (int i = from; i < Math.min(to, data.length - pattern.length); i++) {
      if (Arrays.equals(data, i, i + pattern.length, pattern, 0, pattern.length)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * libhdf5's tlayouto.h5: a contiguous dataset never written (no address) whose dataspace
   * holds 2^61 int32 elements. A slab of it is a format error, not fill values for ever.
   */
  @Test
  void anUnwrittenContiguousDatasetBeyond2To63BytesIsAFormatError() throws Exception {
    try (H5File f = H5File.open(Fixtures.dir().resolve("libhdf5-tests/tlayouto.h5"))) {
      Dataset d = f.dataset("Dataset");
      H5FormatException e = assertThrows(H5FormatException.class,
          () -> d.read(Selection.parse("0, 0:10")));
      assertTrue(e.getMessage().contains("exceed 2^63 bytes"), e.getMessage());
      assertEquals(f.path(), e.file());
    }
  }
}
