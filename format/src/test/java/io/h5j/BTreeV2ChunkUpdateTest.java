package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.format.H5FormatException;

import io.h5j.format.btree.BTreeV2;
import io.h5j.format.btree.BTreeV2Layout;
import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.io.FileAccess;
import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Version 2 B-tree chunk indexes (datasets with two unlimited dimensions, h5py's latest
 * format) updated in place: the trees h5j grows have the records of libhdf5's, node for node,
 * for the same insertions; random rewrites and extensions, gzip or not, read back by h5py and
 * h5dump, with libhdf5 writing into the tree afterwards; a one-chunk flush writes a few nodes
 * however large the tree; a damaged node stops the update with the file unchanged. (Failed
 * flushes: {@link ChunkIndexUpdateTest#failedFlushIntoAV2BTree}.)
 */
@OracleTest
class BTreeV2ChunkUpdateTest {
  /** An 80 x 80 dataset of 1 x 1 chunks, growable in both dimensions. */
  private static final String GRID = Oracles.PY_INT32_SHA + String.join("\n",
      "def grid(f, compress=None):",
      "    return f.create_dataset('d', shape=(80, 80), maxshape=(None, None), chunks=(1, 1),",
      "                            dtype='<i4', compression=compress)",
      "");

  @Test
  void appendsInOrderGrowTheTreeLibhdf5Grows() throws Exception {
    List<Integer> order = new ArrayList<>();
    for (int c = 1; c < 6400; c++) {
      order.add(c);
    }
    sameTreeAsLibhdf5(order);
  }

  @Test
  void chunksInRandomOrderGrowTheTreeLibhdf5Grows() throws Exception {
    List<Integer> order = new ArrayList<>();
    for (int c = 1; c < 6400; c++) {
      order.add(c);
    }
    Collections.shuffle(order, new Random(11));
    sameTreeAsLibhdf5(order);
  }

  /**
   * libhdf5 writes chunk 0, then the chunks of {@code order} one per flush; h5j writes the same
   * chunks, one per flush, into a copy of the file holding chunk 0. The trees hold the same
   * records in the same nodes at the same depths, and h5py reads the same values from both.
   */
  private void sameTreeAsLibhdf5(List<Integer> order) throws Exception {
    Path base = Files.createTempFile("h5j-bt2-base", ".h5");
    Path theirs = Files.createTempFile("h5j-bt2-libhdf5", ".h5");
    Path ours = Files.createTempFile("h5j-bt2-h5j", ".h5");
    Path list = Files.createTempFile("h5j-bt2-order", ".txt");
    try {
      Files.writeString(list, order.stream().map(String::valueOf)
          .collect(Collectors.joining(",")));
      Oracles.python(GRID + String.join("\n",
          "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
          "    grid(f)[0, 0] = 1"), base.toString());
      Files.copy(base, theirs, StandardCopyOption.REPLACE_EXISTING);
      Files.copy(base, ours, StandardCopyOption.REPLACE_EXISTING);
      Oracles.python(GRID + String.join("\n",
          "with h5py.File(sys.argv[1], 'r+') as f:",
          "    d = f['d']",
          "    for c in map(int, open(sys.argv[2]).read().split(',')):",
          "        d[c // 80, c % 80] = c + 1",
          "        f.flush()"), theirs.toString(), list.toString());
      long indexAt;
      try (H5File h = H5File.openReadWrite(ours)) {
        Dataset d = h.dataset("d");
        indexAt = ((LayoutMessage.Chunked) d.layoutMessage()).indexAddress();
        for (int c : order) {
          d.write(Selection.box(new long[] {c / 80, c % 80}, new long[] {1, 1}),
              new int[] {c + 1});
          h.flush();
        }
        LayoutMessage.Chunked l = (LayoutMessage.Chunked) d.layoutMessage();
        assertEquals(ChunkIndex.V2_BTREE, l.indexType());
        assertEquals(indexAt, l.indexAddress(), "the index stays where it is");
      }
      String expected = treeShape(theirs);
      assertTrue(expected.startsWith("depth 2"), "libhdf5's tree is 3 levels deep: "
          + expected.substring(0, 40));
      assertEquals(expected, treeShape(ours), "the same nodes as libhdf5's tree");
      String out = Oracles.python(GRID + String.join("\n",
          "a, b = h5py.File(sys.argv[1], 'r')['d'], h5py.File(sys.argv[2], 'r')['d']",
          "print(sha(a[()]) == sha(b[()]), b.id.get_num_chunks())"), theirs.toString(),
          ours.toString());
      assertEquals("True 6400", out.trim());
      Oracles.h5dump(ours, "-H", "-p", "-d", "/d");
    } finally {
      for (Path p : List.of(base, theirs, ours, list)) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * The records of dataset {@code /d}'s v2 B-tree node by node, depth first: each node's
   * depth and the scaled coordinates of its records (addresses left out: they differ between
   * writers). Parsed here from the bytes, with the field widths of {@link BTreeV2Layout}.
   */
  static String treeShape(Path file) throws IOException {
    try (H5File h = H5File.open(file)) {
      LayoutMessage.Chunked l = (LayoutMessage.Chunked) h.dataset("d").layoutMessage();
      FileAccess fa = h.context().access();
      BTreeV2 tree = BTreeV2.open(fa, l.indexAddress());
      StringBuilder out = new StringBuilder();
      ByteBuffer head = ByteBuffer.wrap(fa.read(l.indexAddress(), BTreeV2.headerSize(
          fa.params()), "header")).order(ByteOrder.LITTLE_ENDIAN);
      int rootRecords = head.getShort(24) & 0xffff;
      out.append("depth ").append(tree.depth()).append(", ").append(tree.recordCount())
          .append(" records\n");
      if (!FileParams.isDefined(tree.rootAddress())) {
        return out.append("no root\n").toString();
      }
      int rank = l.chunkDims().length - 1;
      node(fa, tree, tree.rootAddress(), tree.depth(), rootRecords, rank,
          tree.recordSize() - 8 - 8 * rank, out); // filtered: the size and mask
      return out.toString();
    }
  }

  private static void node(FileAccess fa, BTreeV2 tree, long at, int depth, int nrec, int rank,
      int filteredExtra, StringBuilder out) throws IOException {
    BTreeV2Layout layout = tree.layout();
    ByteBuffer b = ByteBuffer.wrap(fa.read(at, tree.nodeSize(), "node"))
        .order(ByteOrder.LITTLE_ENDIAN);
    out.append(depth).append(':');
    int rs = tree.recordSize();
    for (int i = 0; i < nrec; i++) {
      int r = 6 + i * rs + 8 + filteredExtra;
      out.append(' ').append(b.getLong(r));
      for (int k = 1; k < rank; k++) {
        out.append('.').append(b.getLong(r + 8 * k));
      }
    }
    out.append('\n');
    if (depth == 0) {
      return;
    }
    int p = 6 + nrec * rs;
    for (int i = 0; i <= nrec; i++) {
      long child = b.getLong(p);
      p += 8;
      int n = 0;
      for (int k = 0; k < layout.childCountSize(); k++) {
        n |= (b.get(p + k) & 0xff) << (8 * k);
      }
      p += layout.childCountSize() + layout.childTotalSize(depth);
      node(fa, tree, child, depth - 1, n, rank, filteredExtra, out);
    }
  }

  /**
   * An 80 x 80 dataset of 1 x 1 chunks (a three-level tree) that libhdf5 filled in chunk
   * order, shrunk in steps down to nothing, each step flushed, by libhdf5 in one copy and by
   * h5j in another: after every step the trees hold the same records in the same nodes
   * (merges, redistributions, the root collapsing level by level, an empty tree). libhdf5
   * then grows h5j's tree again and reads it back.
   */
  @Test
  void shrinksRemoveTheRecordsLibhdf5Removes() throws Exception {
    sameTreeAfterShrinks("", "in order",
        "80,79;78,79;77,70;64,66;60,60;44,58;40,31;21,17;9,9;3,2;1,1;0,0");
  }

  /** The same with gzip (filtered records) and chunks written in random order. */
  @Test
  void shrinksOfAShuffledGzipTreeRemoveWhatLibhdf5Removes() throws Exception {
    sameTreeAfterShrinks("gzip", "shuffled", "79,80;71,73;50,64;33,40;12,75;12,3;0,3");
  }

  private void sameTreeAfterShrinks(String compress, String order, String shapes)
      throws Exception {
    Path lib = Files.createTempFile("h5j-bt2-shrink-lib", ".h5");
    Path ours = Files.createTempFile("h5j-bt2-shrink-ours", ".h5");
    try {
      Oracles.python(GRID + String.join("\n",
          "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
          "    d = grid(f, sys.argv[2] or None)",
          "    v = np.arange(6400).reshape(80, 80) + 1",
          "    if sys.argv[3] == 'in order':",
          "        d[...] = v",
          "    else:",
          "        for c in np.random.default_rng(7).permutation(6400):",
          "            d[c // 80, c % 80] = v[c // 80, c % 80]"), lib.toString(), compress, order);
      long indexAt;
      try (H5File h = H5File.open(lib)) {
        indexAt = ((LayoutMessage.Chunked) h.dataset("d").layoutMessage()).indexAddress();
        assertEquals(2, BTreeV2.open(h.context().access(), indexAt).depth(), "three levels");
      }
      long[] dims = ShrinkStepsAlongsideLibhdf5.compare(lib, ours, shapes,
          BTreeV2ChunkUpdateTest::treeShape,
          d -> assertEquals(indexAt, ((LayoutMessage.Chunked) d.layoutMessage()).indexAddress(),
              "the tree is edited where it is"),
          order + " " + compress);
      int[] kept = new int[(int) (dims[0] * dims[1])];
      for (int i = 0; i < kept.length; i++) {
        kept[i] = (int) ((i / dims[1]) * 80 + i % dims[1] + 1);
      }
      String out = Oracles.python(GRID + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "d = f['d']",
          "print(d.shape, sha(d[()]), d.id.get_num_chunks())",
          "d.resize((30, 41))",
          "d[...] = np.arange(30 * 41).reshape(30, 41) + 3",
          "f.close()",
          "d = h5py.File(sys.argv[1], 'r')['d']",
          "print(sha(d[()]), d.id.get_num_chunks())"), ours.toString());
      String[] lines = out.trim().split("\n");
      assertEquals(ChunkIndexUpdateTest.pyShape(dims) + " " + ChunkIndexUpdateTest.sha(kept)
          + " " + kept.length, lines[0], "h5py reads h5j's shrunk file");
      int[] all = new int[30 * 41];
      for (int i = 0; i < all.length; i++) {
        all[i] = i + 3;
      }
      assertEquals(ChunkIndexUpdateTest.sha(all) + " " + all.length, lines[1],
          "libhdf5 grows h5j's shrunk tree and writes every chunk");
      try (H5File h = H5File.open(ours)) {
        assertArrayEquals(all, (int[]) h.dataset("d").read(), "h5j reads libhdf5's tree");
      }
      Oracles.h5dump(ours, "-d", "/d");
    } finally {
      Files.deleteIfExists(lib);
      Files.deleteIfExists(ours);
    }
  }

  /**
   * Random boxes written into a dataset h5py created with two unlimited dimensions, which
   * h5j grows in both over many flushes (plain or gzip, so rewritten chunks move): the index
   * stays where it is, h5j reads back after every flush, jHDF, h5py and h5dump read the
   * result, and libhdf5 grows the dataset and writes every chunk afterwards.
   */
  @Property(tries = 6)
  void randomWritesAndExtensions(@ForAll @IntRange(min = 1, max = 1000) int seed,
      @ForAll boolean gzip) throws Exception {
    Path f = Files.createTempFile("h5j-bt2-rnd", ".h5");
    try {
      Oracles.python(GRID + String.join("\n",
          "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
          "    d = f.create_dataset('d', shape=(3, 4), maxshape=(None, None), chunks=(2, 3),",
          "                         dtype='<i4', compression=sys.argv[2] or None)",
          "    d[0, 0] = 5"), f.toString(), gzip ? "gzip" : "");
      Random rnd = new Random(seed);
      int rows = 3;
      int cols = 4;
      int[][] model = new int[200][200];
      model[0][0] = 5;
      long indexAt = FileParams.UNDEFINED;
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset("d");
        for (int flush = 0; flush < 40; flush++) {
          if (rnd.nextInt(3) > 0) {
            rows = Math.min(200, rows + rnd.nextInt(12));
            cols = Math.min(200, cols + rnd.nextInt(12));
            d.resize(rows, cols);
          }
          for (int w = 1 + rnd.nextInt(4); w > 0; w--) {
            int r0 = rnd.nextInt(rows);
            int c0 = rnd.nextInt(cols);
            int nr = 1 + rnd.nextInt(Math.min(rows - r0, 10));
            int nc = 1 + rnd.nextInt(Math.min(cols - c0, 10));
            int[] v = new int[nr * nc];
            for (int i = 0; i < v.length; i++) {
              v[i] = rnd.nextInt(1 + rnd.nextInt(1_000_000));
              model[r0 + i / nc][c0 + i % nc] = v[i];
            }
            d.write(Selection.box(new long[] {r0, c0}, new long[] {nr, nc}), v);
          }
          h.flush();
          assertArrayEquals(flat(model, rows, cols), (int[]) d.read(),
              "h5j reads its own flushed index");
          LayoutMessage.Chunked l = (LayoutMessage.Chunked) d.layoutMessage();
          assertEquals(ChunkIndex.V2_BTREE, l.indexType());
          if (FileParams.isDefined(indexAt)) {
            assertEquals(indexAt, l.indexAddress(), "the index is updated where it is");
          }
          indexAt = l.indexAddress();
        }
      }
      int[] expected = flat(model, rows, cols);
      try (io.jhdf.HdfFile jf = new io.jhdf.HdfFile(f)) {
        int[][] got = (int[][]) jf.getDatasetByPath("/d").getData();
        int[] flatGot = new int[rows * cols];
        for (int r = 0; r < rows; r++) {
          System.arraycopy(got[r], 0, flatGot, r * cols, cols);
        }
        assertArrayEquals(expected, flatGot, "jHDF reads what h5j wrote");
      }
      String out = Oracles.python(GRID + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "d = f['d']",
          "print(d.shape, sha(d[()]))",
          "r, c = d.shape",
          "d.resize((r + 7, c + 5))",
          "d[...] = np.arange((r + 7) * (c + 5)).reshape((r + 7, c + 5)) + 3",
          "f.close()",
          "d = h5py.File(sys.argv[1], 'r')['d']",
          "exp = np.arange((r + 7) * (c + 5)).reshape((r + 7, c + 5)) + 3",
          "print((d[()] == exp).all(), d.id.get_num_chunks() == ((r + 8) // 2) * ((c + 7) // 3))"),
          f.toString());
      String[] lines = out.trim().split("\n");
      assertEquals("(" + rows + ", " + cols + ") " + ChunkIndexUpdateTest.sha(expected),
          lines[0], "h5py reads what h5j wrote");
      assertEquals("True True", lines[1], "libhdf5 grows the dataset and rewrites every chunk");
      Oracles.h5dump(f, "-d", "/d");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  private static int[] flat(int[][] model, int rows, int cols) {
    int[] v = new int[rows * cols];
    for (int i = 0; i < v.length; i++) {
      v[i] = model[i / cols][i % cols];
    }
    return v;
  }

  /**
   * A flush that writes one new chunk writes about the same number of bytes whether the tree
   * indexes 30 chunks (a root leaf) or 6,000 (three levels): the chunk, one node per level
   * (plus the new sibling when a node splits), the tree's header, the dataset header and the
   * superblock.
   */
  @Test
  void bytesPerOneChunkFlushDoNotGrowWithTheTree() throws Exception {
    Path f = Files.createTempFile("h5j-bt2-bytes", ".h5");
    try {
      Oracles.python(GRID + String.join("\n",
          "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
          "    grid(f)[0, 0] = 1"), f.toString());
      long small = maxBytesPerFlush(f, 1, 30);
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset("d");
        int[] v = new int[75 * 80];
        java.util.Arrays.fill(v, 7);
        d.write(Selection.box(new long[] {1, 0}, new long[] {75, 80}), v);
      }
      long large = maxBytesPerFlush(f, 76 * 80, 30);
      int depth;
      try (H5File h = H5File.open(f)) {
        depth = BTreeV2.open(h.context().access(), ((LayoutMessage.Chunked) h.dataset("d")
            .layoutMessage()).indexAddress()).depth();
      }
      System.out.printf("v2 B-tree, bytes per one-chunk flush: %d at 30 chunks, %d at 6,061"
          + " (depth %d)%n", small, large, depth);
      assertEquals(2, depth, "the tree grew two levels");
      assertTrue(large <= small + 3 * 2048 + 64, large + " bytes per flush at 6,061 chunks, "
          + small + " at 30");
      String out = Oracles.python(GRID + "print(h5py.File(sys.argv[1], 'r')['d'].id"
          + ".get_num_chunks())", f.toString());
      assertEquals(String.valueOf(31 + 75 * 80 + 30), out.trim(), "chunks libhdf5 finds");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** The most bytes one of {@code flushes} flushes wrote, each writing chunk {@code from + i}. */
  private static long maxBytesPerFlush(Path f, int from, int flushes) throws IOException {
    long max = 0;
    FaultyChannel[] ch = new FaultyChannel[1];
    try (H5File h = H5File.openReadWrite(f, c -> ch[0] = new FaultyChannel(c,
        Integer.MAX_VALUE))) {
      Dataset d = h.dataset("d");
      for (int i = 0; i < flushes; i++) {
        long before = ch[0].bytesWritten();
        int c = from + i;
        d.write(Selection.box(new long[] {c / 80, c % 80}, new long[] {1, 1}), new int[] {c});
        h.flush();
        max = Math.max(max, ch[0].bytesWritten() - before);
      }
    }
    return max;
  }

  /**
   * A flush into a two-level gzip tree that rewrites 120 chunks with other values (so they
   * move: some records are patched in place, others travel with nodes that split) and appends
   * 120, failing at each of its writes in turn: every chunk reads whole, old or new, appended
   * ones new or fill, libhdf5 counts exactly the chunks it reads, and libhdf5 can rewrite
   * every chunk and read them back.
   */
  @Test
  void failedFlushThatMovesAndAppendsChunks() throws Exception {
    Path base = Files.createTempFile("h5j-bt2-move-base", ".h5");
    List<Path> copies = new ArrayList<>();
    try {
      Oracles.python(GRID + String.join("\n",
          "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
          "    d = f.create_dataset('d', shape=(40, 36), maxshape=(None, None), chunks=(2, 3),",
          "                         dtype='<i4', compression='gzip')",
          "    d[...] = np.arange(40 * 36).reshape(40, 36) + 1"), base.toString());
      try (H5File h = H5File.open(base)) {
        assertEquals(1, BTreeV2.open(h.context().access(), ((LayoutMessage.Chunked)
            h.dataset("d").layoutMessage()).indexAddress()).depth(), "a two-level tree to start");
      }
      int[] v = new int[60 * 36];
      for (int i = 0; i < v.length; i++) {
        v[i] = i < 20 * 36 ? -(i + 1) * ((i + 1) % 7 + 1) : i + 1;
      }
      for (int failAt = 1; ; failAt++) {
        Path copy = Files.createTempFile("h5j-bt2-move" + failAt + "-", ".h5");
        Files.copy(base, copy, StandardCopyOption.REPLACE_EXISTING);
        int n = failAt;
        boolean failed = false;
        try (H5File h = H5File.openReadWrite(copy, c -> new FaultyChannel(c, n))) {
          Dataset d = h.dataset("d");
          d.resize(60, 36);
          d.write(Selection.box(new long[] {0, 0}, new long[] {20, 36}),
              java.util.Arrays.copyOf(v, 20 * 36));
          d.write(Selection.box(new long[] {40, 0}, new long[] {20, 36}),
              java.util.Arrays.copyOfRange(v, 40 * 36, 60 * 36));
        } catch (IOException e) {
          failed = true;
        }
        if (!failed) {
          Files.delete(copy);
          assertTrue(failAt > 10, "the flush needs several writes: " + failAt);
          break;
        }
        copies.add(copy);
      }
      List<String> args = new ArrayList<>();
      copies.forEach(c -> args.add(c.toString()));
      String out = Oracles.python(GRID + String.join("\n",
          "old = np.zeros((60, 36), '<i4')",
          "old[:40] = np.arange(40 * 36).reshape(40, 36) + 1",
          "new = (np.arange(60 * 36).reshape(60, 36) + 1).astype('<i4')",
          "new[:20] = -new[:20] * (new[:20] % 7 + 1)",
          "for path in sys.argv[1:]:",
          "    problems = []",
          "    with h5py.File(path, 'r') as f:",
          "        got = f['d'][()]",
          "        a = np.zeros((60, 36), '<i4')",
          "        a[:got.shape[0], :got.shape[1]] = got",
          "        present = 0",
          "        for r in range(30):",
          "            for q in range(12):",
          "                s = np.s_[2 * r:2 * r + 2, 3 * q:3 * q + 3]",
          "                if (a[s] == new[s]).all() or (r < 20 and (a[s] == old[s]).all()):",
          "                    present += 1",
          "                elif not (a[s] == 0).all() or r < 20:",
          "                    problems.append('chunk %d,%d' % (r, q))",
          "        if f['d'].id.get_num_chunks() != present:",
          "            problems.append('index holds %d, %d read' % (f['d'].id.get_num_chunks(), present))",
          "    with h5py.File(path, 'r+') as f:",
          "        f['d'].resize((60, 36))",
          "        f['d'][...] = old * 3 + 1",
          "    with h5py.File(path, 'r') as f:",
          "        if not (f['d'][()] == old * 3 + 1).all() or f['d'].id.get_num_chunks() != 360:",
          "            problems.append('libhdf5 cannot rewrite the tree')",
          "    print('ok' if not problems else path + ': ' + ' '.join(problems))"),
          args.toArray(new String[0]));
      Oracles.assertAllOk(out, copies.size(), "failed flushes checked");
    } finally {
      Files.deleteIfExists(base);
      for (Path c : copies) {
        Files.deleteIfExists(c);
      }
    }
  }

  /**
   * A leaf whose checksum fails, met by an update that descends into it, stops the write with
   * an H5FormatException naming the leaf, and no byte the file held changes.
   */
  @Test
  void damagedLeafStopsTheUpdate() throws Exception {
    Path f = Files.createTempFile("h5j-bt2-damaged", ".h5");
    try {
      Oracles.python(GRID + String.join("\n",
          "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
          "    d = grid(f)",
          "    for c in range(300):",
          "        d[c // 80, c % 80] = c + 1"), f.toString());
      long leaf;
      try (H5File h = H5File.open(f)) {
        FileAccess fa = h.context().access();
        BTreeV2 tree = BTreeV2.open(fa, ((LayoutMessage.Chunked) h.dataset("d").layoutMessage())
            .indexAddress());
        assertEquals(1, tree.depth());
        ByteBuffer root = ByteBuffer.wrap(fa.read(tree.rootAddress(), tree.nodeSize(), "root"))
            .order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer head = ByteBuffer.wrap(fa.read(tree.address(), BTreeV2.headerSize(
            fa.params()), "header")).order(ByteOrder.LITTLE_ENDIAN);
        int rootRecords = head.getShort(24) & 0xffff;
        int firstPointer = 6 + rootRecords * tree.recordSize();
        leaf = root.getLong(firstPointer + rootRecords * (8 + tree.layout().childCountSize()));
      }
      try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f,
          java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
        ByteBuffer b = ByteBuffer.allocate(1);
        ch.read(b, leaf + 7);
        b.put(0, (byte) (b.get(0) ^ 0x5a)).rewind();
        ch.write(b, leaf + 7);
      }
      H5FormatException e = ChunkIndexUpdateTest.damagedWrite(f, h -> {
        Dataset d = h.dataset("d");
        d.write(Selection.box(new long[] {3, 79}, new long[] {1, 1}), new int[] {-1});
      });
      assertEquals("v2 B-tree leaf node", e.structure(), e.getMessage());
      assertTrue(e.offset() >= leaf && e.offset() < leaf + 2048, e.getMessage()); // its checksum
    } finally {
      Files.deleteIfExists(f);
    }
  }
}
