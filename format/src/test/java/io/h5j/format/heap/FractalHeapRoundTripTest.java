package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.btree.AttributeCreationOrderRecord;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.btree.LinkCreationOrderRecord;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.SpaceAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Writes heaps and creation-order B-trees with the writers and reads them back. */
class FractalHeapRoundTripTest {
  @TempDir Path dir;

  /** Objects of mixed sizes: mostly managed, some tiny, a few huge. */
  static List<byte[]> objects(int n, long seed, boolean huge) {
    Random rnd = new Random(seed);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int size;
      if (i % 97 == 5) {
        size = 1 + rnd.nextInt(5); // tiny for both presets
      } else if (huge && i % 1009 == 7) {
        size = 4097 + rnd.nextInt(10000);
      } else if (i % 501 == 3) {
        size = 1000 + rnd.nextInt(3000); // large managed: forces skipped small blocks
      } else {
        size = 20 + rnd.nextInt(100);
      }
      byte[] b = new byte[size];
      rnd.nextBytes(b);
      out.add(b);
    }
    return out;
  }

  /** IDs of 20 bytes: extended tiny IDs, directly addressed huge objects, no block checksums. */
  @org.junit.jupiter.api.Test
  void longIdsUseExtendedTinyAndDirectHugeObjects() throws Exception {
    FractalHeapParams params = new FractalHeapParams(20, 2000, 2, 256, 4096, 24, 2, false);
    List<byte[]> objects = objects(3000, 99, false);
    for (int i = 0; i < 3000; i += 10) {
      objects.set(i, java.util.Arrays.copyOf(objects.get(i), 17 + i % 2)); // tiny, extended form
    }
    for (int i = 5; i < 3000; i += 300) {
      objects.set(i, new byte[2001 + i]); // huge, address and length in the ID
      new Random(i).nextBytes(objects.get(i));
    }
    Path file = dir.resolve("long-ids.bin");
    List<byte[]> ids;
    long heapAddress;
    try (FileAccess fa = FileAccess.create(file)) {
      SpaceAllocator alloc = new SpaceAllocator(0);
      FractalHeapWriter.Result r = FractalHeapWriter.write(fa, alloc, params, objects);
      ids = r.heapIds();
      heapAddress = r.headerAddress();
    }
    try (FileAccess fa = FileAccess.openRead(file)) {
      FractalHeap heap = FractalHeap.open(fa, heapAddress);
      assertTrue(heap.idLayout().tinyExtended());
      assertTrue(heap.idLayout().hugeDirect());
      assertTrue(heap.header().hugeObjects() >= 10);
      assertTrue(heap.header().tinyObjects() >= 300);
      assertEquals(3, BTreeV2.open(fa, heap.header().hugeBTreeAddress()).type());
      for (int i = 0; i < objects.size(); i++) {
        assertArrayEquals(objects.get(i), heap.read(ids.get(i)), "object " + i);
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"0,links", "1,links", "10,links", "1000,links", "20000,links",
      "0,attributes", "1,attributes", "10,attributes", "1000,attributes", "20000,attributes"})
  void writeThenRead(int n, String kind) throws Exception {
    boolean links = kind.equals("links");
    FractalHeapParams params = links ? FractalHeapParams.DENSE_LINKS : FractalHeapParams.DENSE_ATTRIBUTES;
    List<byte[]> objects = objects(n, n * 31L + kind.length(), true);
    Path file = dir.resolve(kind + n + ".bin");
    long heapAddress;
    long treeAddress;
    try (FileAccess fa = FileAccess.create(file)) {
      SpaceAllocator alloc = new SpaceAllocator(512);
      FractalHeapWriter.Result r = FractalHeapWriter.write(fa, alloc, params, objects);
      heapAddress = r.headerAddress();
      List<byte[]> records = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        byte[] id = r.heapIds().get(i);
        assertEquals(params.idLength(), id.length);
        records.add(links ? new LinkCreationOrderRecord(i, id).toBytes()
            : new AttributeCreationOrderRecord(id, 0, i).toBytes());
      }
      int type = links ? LinkCreationOrderRecord.TYPE : AttributeCreationOrderRecord.TYPE;
      int size = links ? LinkCreationOrderRecord.SIZE : AttributeCreationOrderRecord.SIZE;
      treeAddress = BTreeV2Writer.write(fa, alloc, BTreeV2Params.defaults(type, size), records);
      fa.truncate(alloc.endOfAllocation());
    }
    try (FileAccess fa = FileAccess.openRead(file)) {
      FractalHeap heap = FractalHeap.open(fa, heapAddress);
      FractalHeapHeader h = heap.header();
      assertEquals(params.idLength(), h.idLength());
      assertEquals(n, h.managedObjects() + h.tinyObjects() + h.hugeObjects());
      BTreeV2 tree = BTreeV2.open(fa, treeAddress);
      assertEquals(n, tree.recordCount());
      List<byte[]> back = new ArrayList<>();
      tree.forEach(r -> {
        byte[] id = links ? LinkCreationOrderRecord.decode(r).heapId()
            : AttributeCreationOrderRecord.decode(r).heapId();
        back.add(heap.read(id));
      });
      assertEquals(n, back.size());
      for (int i = 0; i < n; i++) {
        assertArrayEquals(objects.get(i), back.get(i), "object " + i);
      }
      if (n == 20000) {
        assertTrue(h.currentRootRows() > heap.table().maxDirectRows(),
            "20000 objects need child indirect blocks, root has " + h.currentRootRows() + " rows");
        assertTrue(h.hugeObjects() > 0 && FileParams.isDefined(h.hugeBTreeAddress()));
        assertTrue(h.tinyObjects() > 0);
      }
      for (int probe : new int[] {0, n / 2, n - 1}) {
        if (n == 0) {
          break;
        }
        long key = probe;
        byte[] rec = tree.find(r -> Long.compare(key, links
            ? LinkCreationOrderRecord.decode(r).creationOrder()
            : AttributeCreationOrderRecord.decode(r).creationOrder())).orElseThrow();
        assertEquals(links ? LinkCreationOrderRecord.SIZE : AttributeCreationOrderRecord.SIZE, rec.length);
      }
    }
  }
}
