package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.testing.OracleTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Walking a damaged heap and its trees for their extents ends in a result or in
 * {@link H5FormatException}, never in another exception, and never lists space outside the
 * file or twice.
 */
@OracleTest
class ExtentsCorruptionTest {
  @Property(tries = 300)
  void damagedDenseStorageFailsCleanly(@ForAll @IntRange(min = 0, max = 200_000) int position,
      @ForAll @IntRange(min = 1, max = 255) int xor,
      @ForAll @IntRange(min = 0, max = 3) int which) throws Exception {
    Path file = Files.createTempFile("h5j-extents", ".bin");
    try {
      long heap;
      long tree;
      try (FileAccess fa = FileAccess.create(file)) {
        SpaceAllocator alloc = new SpaceAllocator(0);
        int n = new int[] {1, 30, 1000, 5000}[which];
        heap = FractalHeapWriter.write(fa, alloc, FractalHeapParams.DENSE_ATTRIBUTES,
            FractalHeapRoundTripTest.objects(n, which, true)).headerAddress();
        tree = io.h5j.format.btree.BTreeV2Writer.write(fa, alloc,
            io.h5j.format.btree.BTreeV2Params.defaults(6, 15), HeapExtentsTest.orderRecords(n));
      }
      byte[] bytes = Files.readAllBytes(file);
      int at = position % bytes.length;
      bytes[at] ^= (byte) xor;
      Files.write(file, bytes);
      try (FileAccess fa = FileAccess.openRead(file)) {
        List<Extent> extents = DenseStorageSpace.extents(fa, heap, tree);
        long end = 0;
        for (Extent e : extents) {
          assertTrue(e.address() >= end && e.size() > 0);
          end = e.end();
        }
        assertTrue(end <= fa.size());
      } catch (H5FormatException expected) {
        // damage detected
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
