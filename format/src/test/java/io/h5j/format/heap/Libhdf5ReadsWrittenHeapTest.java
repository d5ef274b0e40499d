package io.h5j.format.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.btree.AttributeCreationOrderRecord;
import io.h5j.format.btree.AttributeNameRecord;
import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.BTreeV2Params;
import io.h5j.format.btree.BTreeV2Writer;
import io.h5j.format.btree.LinkCreationOrderRecord;
import io.h5j.format.btree.LinkNameRecord;
import io.h5j.format.io.ByteWriter;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.io.Lookup3;
import io.h5j.format.io.SpaceAllocator;
import io.h5j.testing.OracleTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * libhdf5 reads, and then modifies, dense link and attribute storage built by
 * {@link FractalHeapWriter} and {@link BTreeV2Writer}: an h5py-made object's Link Info or
 * Attribute Info message is re-pointed at a new heap and new name and creation-order indexes
 * holding the same messages (including one huge attribute).
 */
@OracleTest
class Libhdf5ReadsWrittenHeapTest {
  static final int LINKS = 3000;
  static final String MAKE = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'w', libver='latest')",
      "g = f.create_group('g', track_order=True)",
      "for i in range(" + LINKS + "):",
      "    g['l%d' % ((i * 7919) % " + LINKS + ")] = h5py.SoftLink('/t/p' + 'x' * (i % 50))",
      "print(h5py.h5o.get_info(g.id).addr)",
      "f.close()");
  static final String CHECK = String.join("\n",
      "import sys, h5py",
      "expected = ['l%d' % ((i * 7919) % " + LINKS + ") for i in range(" + LINKS + ")]",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    g = f['g']",
      "    assert list(g.keys()) == expected, 'creation order differs'",
      "    assert sorted(g.keys()) == sorted(expected)",
      "    for i in (0, 1, 1234, " + (LINKS - 1) + "):",
      "        n = expected[i]",
      "        assert n in g, n",
      "        assert g.get(n, getlink=True).path == '/t/p' + 'x' * (i % 50), n",
      "    assert 'nope' not in g",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    g = f['g']",
      "    g['added'] = h5py.SoftLink('/new')",
      "    del g[expected[5]]",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    g = f['g']",
      "    keys = list(g.keys())",
      "    assert keys == [k for k in expected if k != expected[5]] + ['added'], 'after edit'",
      "print('OK')");

  @TempDir Path dir;

  @Test
  void libhdf5ReadsAndEditsRewrittenDenseLinks() throws Exception {
    Path file = dir.resolve("links.h5");
    long ohdr = Long.parseLong(OracleFiles.runPython(MAKE, file).get(0));
    byte[] bytes = Files.readAllBytes(file);
    int[] loc = OracleFiles.locateMessage(bytes, ohdr, 2);
    byte[] linkInfo = OracleFiles.findMessage(bytes, ohdr, 2);
    long[] dense = OracleFiles.denseAddresses(linkInfo, false);
    List<byte[]> messages = new ArrayList<>();
    try (FileAccess fa = FileAccess.openReadWrite(file)) {
      FractalHeap heap = FractalHeap.open(fa, dense[0]);
      BTreeV2.open(fa, dense[2]).forEach(
          r -> messages.add(heap.read(LinkCreationOrderRecord.decode(r).heapId())));
      assertEquals(LINKS, messages.size());

      SpaceAllocator alloc = new SpaceAllocator(fa.size());
      FractalHeapWriter.Result written =
          FractalHeapWriter.write(fa, alloc, FractalHeapParams.DENSE_LINKS, messages);
      List<LinkNameRecord> byName = new ArrayList<>();
      List<byte[]> byOrder = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int i = 0; i < LINKS; i++) {
        byte[] id = written.heapIds().get(i);
        String name = OracleFiles.linkName(messages.get(i));
        names.add(name);
        byte[] nb = name.getBytes(StandardCharsets.UTF_8);
        byName.add(new LinkNameRecord(Lookup3.checksum(nb, 0, nb.length) & 0xffffffffL, id));
        byOrder.add(new LinkCreationOrderRecord(i, id).toBytes());
      }
      List<Integer> idx = new ArrayList<>();
      for (int i = 0; i < LINKS; i++) {
        idx.add(i);
      }
      idx.sort(Comparator.<Integer>comparingLong(i -> byName.get(i).hash()).thenComparing(names::get));
      List<byte[]> nameRecords = new ArrayList<>();
      for (int i : idx) {
        nameRecords.add(byName.get(i).toBytes());
      }
      long nameTree = BTreeV2Writer.write(fa, alloc,
          BTreeV2Params.defaults(LinkNameRecord.TYPE, LinkNameRecord.SIZE), nameRecords);
      long orderTree = BTreeV2Writer.write(fa, alloc,
          BTreeV2Params.defaults(LinkCreationOrderRecord.TYPE, LinkCreationOrderRecord.SIZE), byOrder);
      long eoa = alloc.endOfAllocation();
      fa.truncate(eoa);

      // re-point the Link Info message, then fix its chunk's checksum and the superblock's EOF
      byte[] f = Files.readAllBytes(file);
      int flags = linkInfo[1] & 0xff;
      int p = loc[0] + 2 + ((flags & 1) != 0 ? 8 : 0);
      put(f, p, written.headerAddress());
      put(f, p + 8, nameTree);
      put(f, p + 16, orderTree);
      putInt(f, loc[3], Lookup3.checksum(f, loc[2], loc[3] - loc[2]));
      assertEquals(8, f[9]);
      put(f, 28, eoa);
      putInt(f, 44, Lookup3.checksum(f, 0, 44));
      fa.write(0, f);
    }
    assertEquals(List.of("OK"), OracleFiles.runPython(CHECK, file));
  }

  static final int ATTRS = 300;
  static final String MAKE_ATTRS = String.join("\n",
      "import sys, h5py, numpy as np",
      "f = h5py.File(sys.argv[1], 'w', libver='latest')",
      "d = f.create_dataset('d', data=np.arange(3), track_order=True)",
      "for i in range(" + ATTRS + "):",
      "    d.attrs['a%d' % ((i * 37) % " + ATTRS + ")] = np.arange(i % 40, dtype='<i4')",
      "d.attrs['huge'] = np.arange(5000, dtype='<i8')",
      "print(h5py.h5o.get_info(d.id).addr)",
      "f.close()");
  static final String CHECK_ATTRS = String.join("\n",
      "import sys, h5py, numpy as np",
      "expected = ['a%d' % ((i * 37) % " + ATTRS + ") for i in range(" + ATTRS + ")] + ['huge']",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    a = f['d'].attrs",
      "    assert list(a.keys()) == expected, 'creation order differs'",
      "    for i in (0, 1, 77, " + (ATTRS - 1) + "):",
      "        assert (a[expected[i]] == np.arange(i % 40)).all(), expected[i]",
      "    assert (a['huge'] == np.arange(5000)).all()",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    a = f['d'].attrs",
      "    a['added'] = 5",
      "    del a[expected[3]]",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    keys = list(f['d'].attrs.keys())",
      "    assert keys == [k for k in expected if k != expected[3]] + ['added'], 'after edit'",
      "print('OK')");

  @Test
  void libhdf5ReadsAndEditsRewrittenDenseAttributes() throws Exception {
    Path file = dir.resolve("attrs.h5");
    long ohdr = Long.parseLong(OracleFiles.runPython(MAKE_ATTRS, file).get(0));
    byte[] bytes = Files.readAllBytes(file);
    int[] loc = OracleFiles.locateMessage(bytes, ohdr, 0x15);
    byte[] info = OracleFiles.findMessage(bytes, ohdr, 0x15);
    long[] dense = OracleFiles.denseAddresses(info, true);
    List<byte[]> messages = new ArrayList<>();
    List<AttributeCreationOrderRecord> old = new ArrayList<>();
    try (FileAccess fa = FileAccess.openReadWrite(file)) {
      FractalHeap heap = FractalHeap.open(fa, dense[0]);
      BTreeV2.open(fa, dense[2]).forEach(r -> {
        AttributeCreationOrderRecord rec = AttributeCreationOrderRecord.decode(r);
        old.add(rec);
        messages.add(heap.read(rec.heapId()));
      });
      assertEquals(ATTRS + 1, messages.size());

      SpaceAllocator alloc = new SpaceAllocator(fa.size());
      FractalHeapWriter.Result written =
          FractalHeapWriter.write(fa, alloc, FractalHeapParams.DENSE_ATTRIBUTES, messages);
      List<AttributeNameRecord> byName = new ArrayList<>();
      List<String> names = new ArrayList<>();
      List<byte[]> byOrder = new ArrayList<>();
      for (int i = 0; i < messages.size(); i++) {
        byte[] id = written.heapIds().get(i);
        String name = OracleFiles.attributeName(messages.get(i));
        names.add(name);
        byte[] nb = name.getBytes(StandardCharsets.UTF_8);
        AttributeCreationOrderRecord o = old.get(i);
        byName.add(new AttributeNameRecord(id, o.flags(), o.creationOrder(),
            Lookup3.checksum(nb, 0, nb.length) & 0xffffffffL));
        byOrder.add(new AttributeCreationOrderRecord(id, o.flags(), o.creationOrder()).toBytes());
      }
      List<Integer> idx = new ArrayList<>();
      for (int i = 0; i < messages.size(); i++) {
        idx.add(i);
      }
      idx.sort(Comparator.<Integer>comparingLong(i -> byName.get(i).hash()).thenComparing(names::get));
      List<byte[]> nameRecords = new ArrayList<>();
      for (int i : idx) {
        nameRecords.add(byName.get(i).toBytes());
      }
      long nameTree = BTreeV2Writer.write(fa, alloc,
          BTreeV2Params.defaults(AttributeNameRecord.TYPE, AttributeNameRecord.SIZE), nameRecords);
      long orderTree = BTreeV2Writer.write(fa, alloc, BTreeV2Params.defaults(
          AttributeCreationOrderRecord.TYPE, AttributeCreationOrderRecord.SIZE), byOrder);
      long eoa = alloc.endOfAllocation();
      fa.truncate(eoa);
      assertEquals(1, FractalHeap.open(fa, written.headerAddress()).header().hugeObjects());

      byte[] f = Files.readAllBytes(file);
      int flags = info[1] & 0xff;
      int p = loc[0] + 2 + ((flags & 1) != 0 ? 2 : 0);
      put(f, p, written.headerAddress());
      put(f, p + 8, nameTree);
      put(f, p + 16, orderTree);
      putInt(f, loc[3], Lookup3.checksum(f, loc[2], loc[3] - loc[2]));
      put(f, 28, eoa);
      putInt(f, 44, Lookup3.checksum(f, 0, 44));
      fa.write(0, f);
    }
    assertEquals(List.of("OK"), OracleFiles.runPython(CHECK_ATTRS, file));
  }

  static void put(byte[] f, int at, long v) {
    ByteWriter w = new ByteWriter(FileParams.DEFAULT);
    w.u64(v);
    System.arraycopy(w.toByteArray(), 0, f, at, 8);
  }

  static void putInt(byte[] f, int at, int v) {
    for (int i = 0; i < 4; i++) {
      f[at + i] = (byte) (v >>> (8 * i));
    }
  }
}
