package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.btree.LinkCreationOrderRecord;
import io.h5j.format.io.Extent;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.Lookup3;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.testing.OracleTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The extents of heaps and B-trees the writers made are exactly the space the writers
 * allocated: sorted, non-overlapping, gap-free from the allocator's start to its end.
 */
@OracleTest
class HeapExtentsTest {
  static final long START = 512;
  @TempDir Path dir;

  /** Asserts {@code extents} tile [from, to) exactly. */
  static void assertTiles(List<Extent> extents, long from, long to) {
    long at = from;
    for (Extent e : extents) {
      assertEquals(at, e.address(), "gap or overlap before " + e);
      assertTrue(e.size() > 0, e.toString());
      at = e.end();
    }
    assertEquals(to, at, "extents end where allocation ended");
    assertEquals(to - from, Extent.total(extents));
  }

  @ParameterizedTest
  @CsvSource({"0,links", "1,links", "1000,links", "20000,links",
      "0,attributes", "1,attributes", "1000,attributes", "20000,attributes"})
  void heapExtentsAreExactlyWhatTheWriterAllocated(int n, String kind) throws Exception {
    FractalHeapParams params = kind.equals("links") ? FractalHeapParams.DENSE_LINKS
        : FractalHeapParams.DENSE_ATTRIBUTES;
    List<byte[]> objects = FractalHeapRoundTripTest.objects(n, n * 17L + kind.length(), true);
    Path file = dir.resolve(kind + n);
    try (FileAccess fa = FileAccess.create(file)) {
      SpaceAllocator alloc = new SpaceAllocator(START);
      long heap = FractalHeapWriter.write(fa, alloc, params, objects).headerAddress();
      FractalHeap h = FractalHeap.open(fa, heap);
      List<Extent> extents = h.extents();
      assertTiles(extents, START, alloc.endOfAllocation());
      if (n == 20000) {
        assertTrue(h.header().currentRootRows() > h.table().maxDirectRows(), "child indirect blocks");
        assertTrue(h.header().hugeObjects() > 0, "huge objects");
      }
      System.out.printf("heap %s n=%d: %d extents, %d bytes%n", kind, n, extents.size(),
          Extent.total(extents));
    }
  }

  @Test
  void directlyAddressedHugeObjectsAndTheirTypeThreeTree() throws Exception {
    FractalHeapParams params = new FractalHeapParams(20, 2000, 2, 256, 4096, 24, 2, false);
    List<byte[]> objects = FractalHeapRoundTripTest.objects(3000, 5, false);
    for (int i = 5; i < 3000; i += 300) {
      objects.set(i, new byte[2001 + i]);
    }
    try (FileAccess fa = FileAccess.create(dir.resolve("direct-huge"))) {
      SpaceAllocator alloc = new SpaceAllocator(START);
      long heap = FractalHeapWriter.write(fa, alloc, params, objects).headerAddress();
      FractalHeap h = FractalHeap.open(fa, heap);
      assertTrue(h.idLayout().hugeDirect());
      assertTiles(h.extents(), START, alloc.endOfAllocation());
    }
  }

  static List<byte[]> orderRecords(int n) {
    List<byte[]> records = new ArrayList<>();
    byte[] id = new byte[7];
    for (int i = 0; i < n; i++) {
      records.add(new LinkCreationOrderRecord(i, id).toBytes());
    }
    return records;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 1000, 20000})
  void treeExtentsAreExactlyWhatTheWriterAllocated(int n) throws Exception {
    try (FileAccess fa = FileAccess.create(dir.resolve("tree" + n))) {
      SpaceAllocator alloc = new SpaceAllocator(START);
      long tree = BTreeV2Writer.write(fa, alloc, BTreeV2Params.defaults(
          LinkCreationOrderRecord.TYPE, LinkCreationOrderRecord.SIZE), orderRecords(n));
      BTreeV2 t = BTreeV2.open(fa, tree);
      List<Extent> extents = t.extents();
      assertTiles(extents, START, alloc.endOfAllocation());
      if (n == 20000) {
        assertTrue(t.depth() >= 2);
      }
    }
  }

  @Test
  void heapAndIndexesTogetherAreWhatDenseStorageAllocated() throws Exception {
    List<byte[]> objects = FractalHeapRoundTripTest.objects(5000, 3, true);
    try (FileAccess fa = FileAccess.create(dir.resolve("dense"))) {
      SpaceAllocator alloc = new SpaceAllocator(START);
      long heap = FractalHeapWriter.write(fa, alloc, FractalHeapParams.DENSE_LINKS, objects)
          .headerAddress();
      BTreeV2Params p = BTreeV2Params.defaults(LinkCreationOrderRecord.TYPE,
          LinkCreationOrderRecord.SIZE);
      long a = BTreeV2Writer.write(fa, alloc, p, orderRecords(5000));
      long b = BTreeV2Writer.write(fa, alloc, p, orderRecords(300));
      assertTiles(DenseStorageSpace.extents(fa, heap, a, b), START, alloc.endOfAllocation());
      long eoa = alloc.endOfAllocation();
      assertTrue(DenseStorageSpace.free(fa, alloc, heap, a, b));
      assertEquals(START, alloc.endOfAllocation(), "freeing everything returns to the start");
      assertTrue(eoa > START);
    }
  }

  /** Rewrites the Lookup3 checksum in the last 4 bytes of {@code len} bytes at {@code at}. */
  static void rechecksum(FileAccess fa, long at, int len) throws Exception {
    byte[] b = fa.read(at, len, "test");
    int sum = Lookup3.checksum(b, 0, len - 4);
    for (int i = 0; i < 4; i++) {
      b[len - 4 + i] = (byte) (sum >>> (8 * i));
    }
    fa.write(at, b);
  }

  static void putLong(FileAccess fa, long at, long v) throws Exception {
    byte[] b = new byte[8];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (v >>> (8 * i));
    }
    fa.write(at, b);
  }

  @Test
  void aTreeWhoseNodesRepeatFails() throws Exception {
    try (FileAccess fa = FileAccess.create(dir.resolve("tree-cycle"))) {
      SpaceAllocator alloc = new SpaceAllocator(START);
      long tree = BTreeV2Writer.write(fa, alloc, BTreeV2Params.defaults(
          LinkCreationOrderRecord.TYPE, LinkCreationOrderRecord.SIZE), orderRecords(20000));
      BTreeV2 t = BTreeV2.open(fa, tree);
      long root = t.rootAddress();
      int nrec = fa.read(tree + BTreeV2.headerSize(fa.params()) - 4 - 8 - 2, 2, "t")[0] & 0xff
          | (fa.read(tree + BTreeV2.headerSize(fa.params()) - 4 - 8 - 2, 2, "t")[1] & 0xff) << 8;
      // root (depth >= 2): records, then pointers {address, count, total}
      long firstPointer = root + 6 + (long) nrec * t.recordSize();
      long child0 = OracleFiles.le(fa.read(firstPointer, 8, "t"), 0, 8);
      int pointer = t.layout().pointerSize(t.depth());
      putLong(fa, firstPointer + pointer, child0); // second child = first child
      rechecksum(fa, root, t.layout().usedBytes(t.depth(), nrec));
      assertThrows(H5FormatException.class, () -> BTreeV2.open(fa, tree).extents());
    }
  }

  @Test
  void aHeapWhoseIndirectBlockPointsAtItselfFails() throws Exception {
    List<byte[]> objects = FractalHeapRoundTripTest.objects(20000, 11, false);
    try (FileAccess fa = FileAccess.create(dir.resolve("heap-cycle"))) {
      SpaceAllocator alloc = new SpaceAllocator(START);
      long heap = FractalHeapWriter.write(fa, alloc, FractalHeapParams.DENSE_LINKS, objects)
          .headerAddress();
      FractalHeap h = FractalHeap.open(fa, heap);
      DoublingTable table = h.table();
      int rows = h.header().currentRootRows();
      assertTrue(rows > table.maxDirectRows());
      long root = h.header().rootAddress();
      int prefix = 4 + 1 + 8 + table.heapOffsetSize();
      int size = prefix + rows * table.width() * 8 + 4;
      long firstIndirect = root + prefix + (long) table.maxDirectRows() * table.width() * 8;
      putLong(fa, firstIndirect, root);
      rechecksum(fa, root, size);
      assertThrows(H5FormatException.class, () -> FractalHeap.open(fa, heap).extents());
      assertTrue(!DenseStorageSpace.free(fa, alloc, heap), "corrupt storage is not freed");
    }
  }
}
