package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.btree.AttributeCreationOrderRecord;
import io.h5j.format.btree.AttributeNameRecord;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.LinkCreationOrderRecord;
import io.h5j.format.btree.LinkNameRecord;
import io.h5j.format.io.ByteReader;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.Lookup3;
import io.h5j.testing.OracleTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads dense links and attributes from files libhdf5 (via h5py) wrote. */
@OracleTest
class FractalHeapOracleTest {
  static final int LINKS = 2000;
  static final int ATTRS = 100;
  static final String SCRIPT = String.join("\n",
      "import sys, h5py, numpy as np",
      "f = h5py.File(sys.argv[1], 'w', libver='latest')",
      "g = f.create_group('g', track_order=True)",
      "for i in range(" + LINKS + "):",
      "    if i % 3 == 0:",
      "        g['link%d' % i] = h5py.SoftLink('/target/%d' % i)",
      "    else:",
      "        g.create_group('grp%d' % i) if i < 5 else g.__setitem__('link%d' % i, h5py.SoftLink('/x'))",
      "d = f.create_dataset('d', data=np.arange(3), track_order=True)",
      "for i in range(" + ATTRS + "):",
      "    d.attrs['attr%03d' % i] = i",
      "print('group', h5py.h5o.get_info(g.id).addr)",
      "print('dset', h5py.h5o.get_info(d.id).addr)",
      "f.close()",
      "f = h5py.File(sys.argv[1] + '.huge.h5', 'w', libver='latest')",
      "d = f.create_dataset('d', data=np.arange(3))",
      "for i in range(10):",
      "    d.attrs['a%d' % i] = i",
      "d.attrs['big'] = np.arange(20000, dtype='<i8')",
      "print('huge', h5py.h5o.get_info(d.id).addr)",
      "f.close()");

  static Path file;
  static Path hugeFile;
  static Map<String, Long> addr = new HashMap<>();

  @BeforeAll
  static void makeFiles(@TempDir Path dir) throws Exception {
    file = dir.resolve("dense.h5");
    hugeFile = dir.resolve("dense.h5.huge.h5");
    for (String line : OracleFiles.runPython(SCRIPT, file)) {
      String[] kv = line.split(" ");
      addr.put(kv[0], Long.parseLong(kv[1]));
    }
  }

  static List<String> expectedLinkNames() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < LINKS; i++) {
      names.add(i % 3 != 0 && i < 5 ? "grp" + i : "link" + i);
    }
    return names;
  }

  @Test
  void linkNameIndexYieldsAllNamesInHashOrder() throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    long[] dense = OracleFiles.denseAddresses(OracleFiles.findMessage(bytes, addr.get("group"), 2), false);
    try (FileAccess fa = FileAccess.openRead(file)) {
      FractalHeap heap = FractalHeap.open(fa, dense[0]);
      assertEquals(7, heap.idLength());
      assertEquals(LINKS, heap.header().managedObjects());
      assertTrue(heap.header().currentRootRows() > 0, "2000 links need a root indirect block");
      BTreeV2 names = BTreeV2.open(fa, dense[1]);
      assertEquals(LinkNameRecord.TYPE, names.type());
      assertEquals(LINKS, names.recordCount());
      assertTrue(names.depth() >= 1);
      List<String> seen = new ArrayList<>();
      long[] lastHash = {-1};
      names.forEach(r -> {
        LinkNameRecord rec = LinkNameRecord.decode(r);
        String name = OracleFiles.linkName(heap.read(rec.heapId()));
        byte[] nb = name.getBytes(StandardCharsets.UTF_8);
        assertEquals(Lookup3.checksum(nb, 0, nb.length) & 0xffffffffL, rec.hash(), name);
        assertTrue(rec.hash() >= lastHash[0], "records sorted by hash");
        lastHash[0] = rec.hash();
        seen.add(name);
      });
      assertEquals(new HashSet<>(expectedLinkNames()), new HashSet<>(seen));
      assertEquals(LINKS, seen.size());

      // one-path search by hash, then name
      for (String want : List.of("link0", "grp1", "link1999", "link1000")) {
        byte[] nb = want.getBytes(StandardCharsets.UTF_8);
        long h = Lookup3.checksum(nb, 0, nb.length) & 0xffffffffL;
        Optional<byte[]> hit = names.find(r -> {
          LinkNameRecord rec = LinkNameRecord.decode(r);
          int c = Long.compare(h, rec.hash());
          return c != 0 ? c : want.compareTo(OracleFiles.linkName(heap.read(rec.heapId())));
        });
        assertTrue(hit.isPresent(), want);
        LinkNameRecord rec = LinkNameRecord.decode(new ByteReader(hit.get(), 0, "t", fa.params()));
        assertEquals(want, OracleFiles.linkName(heap.read(rec.heapId())));
      }
      assertTrue(names.find(r -> Long.compare(0x1_0000_0000L, LinkNameRecord.decode(r).hash())).isEmpty());
    }
  }

  @Test
  void linkCreationOrderIndexYieldsInsertionOrder() throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    long[] dense = OracleFiles.denseAddresses(OracleFiles.findMessage(bytes, addr.get("group"), 2), false);
    try (FileAccess fa = FileAccess.openRead(file)) {
      FractalHeap heap = FractalHeap.open(fa, dense[0]);
      BTreeV2 order = BTreeV2.open(fa, dense[2]);
      assertEquals(LinkCreationOrderRecord.TYPE, order.type());
      List<String> seen = new ArrayList<>();
      List<Long> orders = new ArrayList<>();
      order.forEach(r -> {
        LinkCreationOrderRecord rec = LinkCreationOrderRecord.decode(r);
        orders.add(rec.creationOrder());
        seen.add(OracleFiles.linkName(heap.read(rec.heapId())));
      });
      assertEquals(expectedLinkNames(), seen);
      for (int i = 0; i < orders.size(); i++) {
        assertEquals(i, orders.get(i));
      }
      Optional<byte[]> hit = order.find(r -> Long.compare(1234, LinkCreationOrderRecord.decode(r).creationOrder()));
      assertTrue(hit.isPresent());
    }
  }

  @Test
  void attributeIndexesYieldAllNames() throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    long[] dense = OracleFiles.denseAddresses(OracleFiles.findMessage(bytes, addr.get("dset"), 0x15), true);
    try (FileAccess fa = FileAccess.openRead(file)) {
      FractalHeap heap = FractalHeap.open(fa, dense[0]);
      assertEquals(8, heap.idLength());
      FractalHeapHeader h = heap.header();
      FractalHeapParams a = FractalHeapParams.DENSE_ATTRIBUTES;
      assertEquals(a.startBlockSize(), h.startBlockSize());
      assertEquals(a.maxHeapBits(), h.maxHeapBits());
      assertEquals(a.maxManagedObjectSize(), h.maxManagedObjectSize());
      BTreeV2 names = BTreeV2.open(fa, dense[1]);
      assertEquals(AttributeNameRecord.TYPE, names.type());
      Set<String> seen = new HashSet<>();
      names.forEach(r -> seen.add(OracleFiles.attributeName(heap.read(AttributeNameRecord.decode(r).heapId()))));
      Set<String> expected = new HashSet<>();
      for (int i = 0; i < ATTRS; i++) {
        expected.add(String.format("attr%03d", i));
      }
      assertEquals(expected, seen);
      BTreeV2 order = BTreeV2.open(fa, dense[2]);
      assertEquals(AttributeCreationOrderRecord.TYPE, order.type());
      List<String> inOrder = new ArrayList<>();
      order.forEach(r -> inOrder.add(OracleFiles.attributeName(
          heap.read(AttributeCreationOrderRecord.decode(r).heapId()))));
      for (int i = 0; i < ATTRS; i++) {
        assertEquals(String.format("attr%03d", i), inOrder.get(i));
      }
    }
  }

  @Test
  void linkHeapParametersMatchThePreset() throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    long[] dense = OracleFiles.denseAddresses(OracleFiles.findMessage(bytes, addr.get("group"), 2), false);
    try (FileAccess fa = FileAccess.openRead(file)) {
      FractalHeapHeader h = FractalHeap.open(fa, dense[0]).header();
      FractalHeapParams l = FractalHeapParams.DENSE_LINKS;
      assertEquals(l.idLength(), h.idLength());
      assertEquals(l.tableWidth(), h.tableWidth());
      assertEquals(l.startBlockSize(), h.startBlockSize());
      assertEquals(l.maxDirectBlockSize(), h.maxDirectBlockSize());
      assertEquals(l.maxHeapBits(), h.maxHeapBits());
      assertEquals(l.maxManagedObjectSize(), h.maxManagedObjectSize());
      assertEquals(l.startRootRows(), h.startRootRows());
      assertTrue(h.checksummedDirectBlocks());
      BTreeV2 names = BTreeV2.open(fa, dense[1]);
      assertEquals(512, names.nodeSize());
      assertEquals(100, names.splitPercent());
      assertEquals(40, names.mergePercent());
    }
  }

  @Test
  void hugeAttributeIsReadThroughTheHugeObjectTree() throws Exception {
    byte[] bytes = Files.readAllBytes(hugeFile);
    long[] dense = OracleFiles.denseAddresses(OracleFiles.findMessage(bytes, addr.get("huge"), 0x15), true);
    try (FileAccess fa = FileAccess.openRead(hugeFile)) {
      FractalHeap heap = FractalHeap.open(fa, dense[0]);
      assertEquals(1, heap.header().hugeObjects());
      assertTrue(!heap.idLayout().hugeDirect());
      BTreeV2 names = BTreeV2.open(fa, dense[1]);
      Map<String, byte[]> values = new HashMap<>();
      names.forEach(r -> {
        byte[] m = heap.read(AttributeNameRecord.decode(r).heapId());
        values.put(OracleFiles.attributeName(m), m);
      });
      assertEquals(11, values.size());
      byte[] big = values.get("big");
      assertTrue(big.length > 160000, "huge attribute message of " + big.length + " bytes");
      byte[] expectedTail = new byte[8 * 3];
      for (int i = 0; i < 3; i++) {
        long v = 19997 + i;
        for (int b = 0; b < 8; b++) {
          expectedTail[i * 8 + b] = (byte) (v >>> (8 * b));
        }
      }
      byte[] tail = java.util.Arrays.copyOfRange(big, big.length - 24, big.length);
      assertArrayEquals(expectedTail, tail);
    }
  }
}
