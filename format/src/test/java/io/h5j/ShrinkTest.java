package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.chunk.ChunkIndex;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.SlabModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Shrinking chunked datasets of files h5py made, as libhdf5 shrinks them: chunks wholly
 * outside the new extent leave the index (in place for the arrays, their space reused),
 * chunks the new extent cuts hold the fill value outside it (growing again reads the fill
 * value, not the old data), a shrink costs bytes in proportion to the chunks it removes, and
 * a shrink whose flush fails at any write leaves the old or the new shape. h5py and h5dump
 * read every file, and libhdf5 grows and writes it afterwards.
 */
@OracleTest
class ShrinkTest {
  static final int FILL = -7;

  /**
   * Makes {@code /d}, int32 with fill value -7, of shape {@code dims} and chunks
   * {@code chunks} (both comma separated), its index chosen by {@code kind}: "ea" (latest
   * format, first dimension unlimited: an extensible array), "fa" (latest, fixed maximum
   * dimensions twice the shape: a fixed array), "bt2" (latest, all unlimited: a v2 B-tree),
   * "bt1" (earliest format, K 2: a v1 B-tree of several levels); {@code gzip} "1" compresses. Every element holds its
   * C-order index + 1.
   */
  static final String CREATE = ChunkIndexUpdateTest.PRELUDE + String.join("\n",
      "def create_d(path, kind, dims, chunks, gzip):",
      "    dims = tuple(map(int, dims.split(',')))",
      "    chunks = tuple(map(int, chunks.split(',')))",
      "    m = {'ea': (None,) + tuple(2 * x + 3 for x in dims[1:]),",
      "         'fa': tuple(2 * x + 3 for x in dims)}.get(kind, (None,) * len(dims))",
      "    with create(path, 2 if kind == 'bt1' else 0) as f:",
      "        d = f.create_dataset('d', shape=dims, maxshape=m, chunks=chunks, dtype='<i4',",
      "                             fillvalue=-7, compression='gzip' if gzip == '1' else None)",
      "        d[...] = np.arange(int(np.prod(dims))).reshape(dims) + 1",
      "");

  static final String[] KINDS = {"ea", "fa", "bt2", "bt1"};
  static final int[] INDEX_TYPES = {ChunkIndex.EXTENSIBLE_ARRAY, ChunkIndex.FIXED_ARRAY,
      ChunkIndex.V2_BTREE, ChunkIndex.V1_BTREE};

  /**
   * For every index kind, plain and gzip: a 2-D dataset shrunk in both dimensions, cutting
   * chunks and removing others, then grown back within the same session and after a flush:
   * the regrown elements read as the fill value in h5j and in h5py, the index holds only the
   * chunks inside the extent, h5dump reads the file, and libhdf5 grows and writes it.
   */
  @Test
  void shrinkThenGrowReadsTheFillValue() throws Exception {
    for (int k = 0; k < KINDS.length; k++) {
      for (String gzip : new String[] {"0", "1"}) {
        Path f = Files.createTempFile("h5j-shrink-" + KINDS[k], ".h5");
        try {
          Oracles.python(CREATE + "create_d(*sys.argv[1:])", f.toString(), KINDS[k], "13,11",
              "4,3", gzip);
          Model m = new Model(new long[] {13, 11});
          m.fillFromIndex();
          try (H5File h = H5File.openReadWrite(f)) {
            Dataset d = h.dataset("d");
            assertEquals(INDEX_TYPES[k], ((LayoutMessage.Chunked) d.layoutMessage()).indexType());
            m.resize(d, 6, 7); // chunk rows 0-1 stay (row 1 cut), columns 0-2 (column 2 cut)
            m.resize(d, 9, 7); // regrown before any flush: the cut part reads fill
            assertArrayEquals(m.values, (int[]) d.read(), KINDS[k] + " regrown, unflushed");
            h.flush();
            m.resize(d, 5, 5);
            h.flush();
            m.resize(d, 10, 9);
            assertArrayEquals(m.values, (int[]) d.read(), KINDS[k] + " regrown after flush");
            m.resize(d, 5, 5);
          }
          // chunks inside 5 x 5 with chunks 4 x 3: 2 x 2
          String out = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
              "f = h5py.File(sys.argv[1], 'r+')",
              "d = f['d']",
              "print(d.shape, d.id.get_num_chunks(), sha(d[()]))",
              "d.resize((12, 10))",
              "print(sha(d[()]))",
              "d[4:6, 4:6] = 99",
              "f.close()",
              "print(sha(h5py.File(sys.argv[1], 'r')['d'][()]))"), f.toString());
          String[] lines = out.trim().split("\n");
          assertEquals("(5, 5) 4 " + m.sha(), lines[0], KINDS[k] + " gzip " + gzip);
          m.grow(12, 10);
          assertEquals(m.sha(), lines[1], "libhdf5 grows h5j's shrunk dataset: fill");
          for (int r = 4; r < 6; r++) {
            for (int c = 4; c < 6; c++) {
              m.values[r * 10 + c] = 99;
            }
          }
          assertEquals(m.sha(), lines[2], "libhdf5 writes into it");
          Oracles.h5dump(f, "-d", "/d");
          try (H5File h = H5File.open(f)) {
            assertArrayEquals(m.values, (int[]) h.dataset("d").read(), "h5j reads libhdf5's");
          }
        } finally {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  /**
   * Random sequences of grows, shrinks, slab writes and flushes on random shapes and chunk
   * shapes of every index kind, plain or gzip, against an in-memory model: every flush
   * updates the index in place (its address stays), h5j reads the model after every step, h5py reads it at the end, h5dump reads the file, and libhdf5
   * grows it and writes into it.
   */
  @Property(tries = 12)
  void randomGrowShrinkWrite(@ForAll @IntRange(min = 1, max = 100_000) int seed,
      @ForAll @IntRange(min = 0, max = 3) int kind, @ForAll boolean gzip) throws Exception {
    Random rnd = new Random(seed);
    long[] dims = {1 + rnd.nextInt(14), 1 + rnd.nextInt(14)};
    long[] chunks = {1 + rnd.nextInt(5), 1 + rnd.nextInt(5)};
    long[] max = {kind == 1 ? 2 * dims[0] + 3 : 64, kind == 3 || kind == 2 ? 64
        : 2 * dims[1] + 3};
    Path f = Files.createTempFile("h5j-shrink-prop", ".h5");
    try {
      Oracles.python(CREATE + "create_d(*sys.argv[1:])", f.toString(), KINDS[kind],
          dims[0] + "," + dims[1], chunks[0] + "," + chunks[1], gzip ? "1" : "0");
      Model m = new Model(dims);
      m.fillFromIndex();
      List<String> steps = new ArrayList<>();
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset("d");
        long indexAt = ((LayoutMessage.Chunked) d.layoutMessage()).indexAddress();
        for (int step = 0; step < 14; step++) {
          int op = rnd.nextInt(4);
          if (op <= 1) {
            long r = rnd.nextInt((int) Math.min(max[0], 24) + 1);
            long c = rnd.nextInt((int) Math.min(max[1], 24) + 1);
            if (op == 0) { // shrink
              r = Math.min(r, m.dims[0]);
              c = Math.min(c, m.dims[1]);
            }
            m.resize(d, r, c);
            steps.add("resize " + r + "x" + c);
          } else if (op == 2 && m.dims[0] > 0 && m.dims[1] > 0) {
            SlabModel s = SlabModel.random(rnd, m.dims);
            int[] v = new int[s.elementCount()];
            long[] at = s.datasetIndexes(m.dims);
            for (int i = 0; i < v.length; i++) {
              v[i] = 1000 + rnd.nextInt(100_000);
              m.values[(int) at[i]] = v[i];
            }
            d.write(s.selection(), v);
            steps.add("write " + s);
          } else {
            h.flush();
            steps.add("flush");
            assertEquals(indexAt, ((LayoutMessage.Chunked) d.layoutMessage()).indexAddress(),
                "every index kind is updated in place, the v2 B-tree too, after " + steps);
          }
          assertArrayEquals(m.values, (int[]) d.read(), "after " + steps);
        }
      }
      long[] grown = {Math.min(max[0], m.dims[0] + 3), Math.min(max[1], m.dims[1] + 2)};
      String out = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "d = f['d']",
          "print(d.shape, sha(d[()]))",
          "d.resize((int(sys.argv[2]), int(sys.argv[3])))",
          "d[-1, -1] = 5",
          "f.close()",
          "print(sha(h5py.File(sys.argv[1], 'r')['d'][()]))"), f.toString(),
          String.valueOf(grown[0]), String.valueOf(grown[1]));
      String[] lines = out.trim().split("\n");
      assertEquals(ChunkIndexUpdateTest.pyShape(m.dims) + " " + m.sha(), lines[0],
          "h5py reads h5j's file after " + steps);
      m.grow(grown[0], grown[1]);
      if (grown[0] > 0 && grown[1] > 0) {
        m.values[m.values.length - 1] = 5;
      }
      assertEquals(m.sha(), lines[1], "libhdf5 grows and writes h5j's file after " + steps);
      Oracles.h5dump(f, "-d", "/d");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * Shrinks of a dataset of chunks of 4 by 10 elements (two chunks removed, one cut) cost
   * about the same bytes at 50,000 chunks as at 100, in an extensible array and a fixed array
   * (1-D) and a v2 B-tree (1 x n, both dimensions unlimited): the index is patched where the
   * removed entries are, not rewritten; and the removed chunks' and nodes' space is reused,
   * so shrinking and growing back again does not grow the file.
   */
  @Test
  void bytesPerShrinkFlushDoNotGrowWithTheIndex() throws Exception {
    for (String kind : new String[] {"ea", "fa", "bt2"}) {
      long small = shrinkBytes(kind, 100);
      long large = shrinkBytes(kind, 50_000);
      System.out.printf("%s: bytes per shrink flush %d at 100 chunks, %d at 50,000%n", kind,
          small, large);
      // arrays: at most two more secondary blocks; the v2 B-tree (nodes of 2048 bytes) is
      // one level deeper at 50,000 records: one more node on the path and the two siblings a
      // refill may touch
      long more = kind.equals("bt2") ? 3 * 2048 : 2 * (1024 * 8 + 4);
      assertTrue(large <= small + more, kind + ": " + large
          + " bytes per shrink at 50,000 chunks, " + small + " at 100");
    }
  }

  /** The most bytes one of several shrink flushes writes, at {@code chunks} chunks. */
  private static long shrinkBytes(String kind, int chunks) throws Exception {
    Path f = Files.createTempFile("h5j-shrink-cost", ".h5");
    try {
      int n = 4 * chunks;
      boolean bt2 = kind.equals("bt2"); // 1 x n
      Oracles.python(CREATE + "create_d(*sys.argv[1:])", f.toString(), kind,
          (bt2 ? "1," : "") + n, bt2 ? "1,4" : "4", "0");
      Model m = new Model(new long[] {1, n});
      m.fillFromIndex();
      long most = 0;
      FaultyChannel[] ch = new FaultyChannel[1];
      long[] sizes = new long[5];
      try (H5File h = H5File.openReadWrite(f, c -> ch[0] = new FaultyChannel(c,
          Integer.MAX_VALUE))) {
        Dataset d = h.dataset("d");
        for (int i = 0; i < 5; i++) {
          long before = ch[0].bytesWritten();
          d.resize(bt2 ? new long[] {1, n - 10} : new long[] {n - 10});
          h.flush();
          most = Math.max(most, ch[0].bytesWritten() - before);
          int[] back = new int[10];
          for (int j = 0; j < 10; j++) {
            back[j] = 1000 * i + j;
          }
          d.resize(bt2 ? new long[] {1, n} : new long[] {n});
          d.write(bt2 ? Selection.box(new long[] {0, n - 10}, new long[] {1, 10})
              : Selection.box(new long[] {n - 10}, new long[] {10}), back);
          h.flush();
          sizes[i] = h.context().allocator().endOfAllocation();
          int[] expected = new int[n];
          for (int j = 0; j < n; j++) {
            expected[j] = j < n - 10 ? j + 1 : back[j - (n - 10)];
          }
          assertArrayEquals(expected, (int[]) d.read());
          m.values = expected;
        }
      }
      // the cut chunk moves to new space at each shrink: the end of allocation may swing
      // by one chunk (16 bytes), never grow with the cycles
      for (long size : sizes) {
        assertTrue(size <= sizes[0] + 16, kind + ": removed chunks' space is reused: "
            + java.util.Arrays.toString(sizes));
      }
      String out = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
          "d = h5py.File(sys.argv[1], 'r')['d']",
          "print(d.id.get_num_chunks(), sha(d[()]))"), f.toString());
      assertEquals(chunks + " " + ChunkIndexUpdateTest.sha(m.values), out.trim());
      return most;
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * A shrink from 13 x 11 to 6 x 7 (chunks 4 x 3: some removed, some cut) whose flush fails
   * at its n-th write, for every n, in every index kind, plain and gzip (and shrinks of v1 and
   * v2 B-trees several levels deep): h5py reads each file
   * as the old shape with the old values or the new shape with the kept values, and libhdf5
   * then grows it back, writes every element and reads them; h5j too.
   */
  @Test
  void failedShrinkFlushLeavesTheOldOrTheNewShape() throws Exception {
    for (String kind : KINDS) {
      for (String gzip : new String[] {"0", "1"}) {
        Path base = Files.createTempFile("h5j-shrink-base", ".h5");
        try {
          Oracles.python(CREATE + "create_d(*sys.argv[1:])", base.toString(), kind, "13,11",
              "4,3", gzip);
          failedShrinks(base, 13, 11, 6, 7, FILL, kind + " gzip " + gzip);
        } finally {
          Files.deleteIfExists(base);
        }
      }
    }
    // a v1 B-tree of K 2, several levels deep: removed nodes are unlinked and freed
    Path base = Files.createTempFile("h5j-shrink-base", ".h5");
    try {
      Oracles.python(ChunkIndexUpdateTest.PRELUDE + ChunkIndexUpdateTest.DATASETS
          + String.join("\n",
          "with create(sys.argv[1], 2) as f:",
          "    d = dataset(f, '2d')",
          "    for c in np.random.default_rng(5).permutation(96):",
          "        put(d, '2d', int(c))"), base.toString());
      failedShrinks(base, 16, 36, 7, 20, 0, "v1 B-tree K 2");
    } finally {
      Files.deleteIfExists(base);
    }
    // a v2 B-tree of two levels (1,200 records): records leave as libhdf5 removes them,
    // refilling and merging leaves, or collapsing the tree to a root leaf
    base = Files.createTempFile("h5j-shrink-base", ".h5");
    try {
      Oracles.python(CREATE + "create_d(*sys.argv[1:])", base.toString(), "bt2", "30,40",
          "1,1", "0");
      failedShrinks(base, 30, 40, 28, 37, FILL, "v2 B-tree, two levels, merging");
      failedShrinks(base, 30, 40, 5, 6, FILL, "v2 B-tree, two levels, collapsing");
    } finally {
      Files.deleteIfExists(base);
    }
  }

  /**
   * Shrinks copies of {@code base} ({@code /d} of {@code rows x cols}, each element its
   * C-order index + 1) to {@code r x c}, the flush failing at write 1, 2, ... until one
   * succeeds; checks each copy with h5py (old or new shape, right values; libhdf5 grows and
   * rewrites it) and with h5j (shrinks, grows and writes it).
   */
  private static void failedShrinks(Path base, int rows, int cols, int r, int c, int fill,
      String label) throws Exception {
    long[] chunk;
    try (H5File h = H5File.open(base)) {
      chunk = ((LayoutMessage.Chunked) h.dataset("d").layoutMessage()).chunkDims();
    }
    List<Path> copies = new ArrayList<>();
    try {
      for (int failAt = 1; ; failAt++) {
        Path copy = Files.createTempFile("h5j-shrink-fail" + failAt + "-", ".h5");
        Files.copy(base, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        int n = failAt;
        boolean failed = false;
        try (H5File h = H5File.openReadWrite(copy, ch -> new FaultyChannel(ch, n))) {
          h.dataset("d").resize(r, c);
        } catch (IOException e) {
          failed = true;
        }
        if (!failed) {
          Files.delete(copy);
          assertTrue(failAt > 3, "the flush needs several writes: " + failAt);
          break;
        }
        copies.add(copy);
      }
      List<String> args = new ArrayList<>(List.of(rows + "," + cols + "," + r + "," + c + ","
          + chunk[0] + "," + chunk[1]));
      copies.forEach(x -> args.add(x.toString()));
      int[] thrice = new int[rows * cols];
      for (int i = 0; i < thrice.length; i++) {
        thrice[i] = 3 * (i + 1);
      }
      for (Path x : copies) { // h5j grows and rewrites each crashed file: checked below
        Path y = Path.of(x + ".h5j");
        Files.copy(x, y);
        try (H5File h = H5File.openReadWrite(y)) {
          Dataset d = h.dataset("d");
          d.resize(rows, cols);
          d.write(thrice);
        }
      }
      String out = Oracles.python(Oracles.PY_INT32_SHA + String.join("\n",
          "rows, cols, r, c, cr, cc = map(int, sys.argv[1].split(','))",
          "grid = -(-rows // cr) * -(-cols // cc)",
          "old = (np.arange(rows * cols).reshape(rows, cols) + 1).astype('<i4')",
          "for path in sys.argv[2:]:",
          "    problems = []",
          "    with h5py.File(path, 'r') as f:",
          "        d = f['d']",
          "        if d.shape not in ((rows, cols), (r, c)):",
          "            problems.append('shape %s' % (d.shape,))",
          "        elif not (d[()] == old[:d.shape[0], :d.shape[1]]).all():",
          "            problems.append('%s reads wrong values' % (d.shape,))",
          "    with h5py.File(path, 'r+') as f:",
          "        f['d'].resize((rows, cols))",
          "        f['d'][...] = old * 2",
          "    with h5py.File(path, 'r') as f:",
          "        n = f['d'].id.get_num_chunks()",
          "        if not (f['d'][()] == old * 2).all() or n != grid:",
          "            problems.append('libhdf5 cannot rewrite it (%d chunks)' % n)",
          "    with h5py.File(path + '.h5j', 'r') as f:",
          "        n = f['d'].id.get_num_chunks()",
          "        if not (f['d'][()] == old * 3).all() or n != grid:",
          "            problems.append('h5j cannot rewrite it (%d chunks)' % n)",
          "    print('ok' if not problems else path + ': ' + ' '.join(problems))"),
          args.toArray(new String[0]));
      Oracles.assertAllOk(out, copies.size(), "failed flushes, " + label);
      for (Path x : copies) { // h5j keeps writing them too
        try (H5File h = H5File.openReadWrite(x)) {
          Dataset d = h.dataset("d");
          d.resize(5, 5);
          d.resize(rows, cols);
          d.write(Selection.box(new long[] {0, 0}, new long[] {2, 2}), new int[] {1, 1, 1, 1});
        }
        try (H5File h = H5File.open(x)) {
          int[] got = (int[]) h.dataset("d").read();
          for (int i = 0; i < rows * cols; i++) {
            int row = i / cols;
            int col = i % cols;
            int want = row < 2 && col < 2 ? 1 : row < 5 && col < 5 ? 2 * (i + 1) : fill;
            assertEquals(want, got[i], x + " element " + i + ", " + label);
          }
        }
      }
    } finally {
      for (Path x : copies) {
        Files.deleteIfExists(x);
        Files.deleteIfExists(Path.of(x + ".h5j"));
      }
    }
  }

  /**
   * Version 1 B-trees of K 2 (several levels) that libhdf5 grew, shrunk in steps, each
   * flushed, by libhdf5 in one copy and by h5j in another: the trees match node for node
   * (keys and sibling links; removed nodes unlinked, emptied trees an empty root leaf), h5py
   * reads h5j's values, and libhdf5 grows the shrunk tree again and reads it back.
   */
  @Test
  void shrinkRemovesWhatLibhdf5Removes() throws Exception {
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < 96; c++) {
      order.add(c);
    }
    java.util.Collections.shuffle(order, new Random(3));
    sameTreeAfterShrinks("2d", order, "11,25;9,25;9,20;4,7;0,7");
    List<Integer> appends = new ArrayList<>();
    for (int c = 0; c < 70; c++) {
      appends.add(c);
    }
    sameTreeAfterShrinks("1d", appends, "270;190;181;40;3;0");
  }

  private void sameTreeAfterShrinks(String mode, List<Integer> order, String shapes)
      throws Exception {
    Path lib = Files.createTempFile("h5j-shrink-lib", ".h5");
    Path ours = Files.createTempFile("h5j-shrink-ours", ".h5");
    try {
      String csv = order.stream().map(String::valueOf)
          .collect(java.util.stream.Collectors.joining(","));
      Oracles.python(ChunkIndexUpdateTest.PRELUDE + ChunkIndexUpdateTest.DATASETS
          + String.join("\n",
          "with create(sys.argv[1], 2) as f:",
          "    d = dataset(f, sys.argv[2])",
          "    for c in map(int, sys.argv[3].split(',')):",
          "        put(d, sys.argv[2], c)",
          "        f.flush()"), lib.toString(), mode, csv);
      long[] fin = ShrinkStepsAlongsideLibhdf5.compare(lib, ours, shapes,
          ChunkIndexUpdateTest::treeShape,
          d -> assertEquals(ChunkIndex.V1_BTREE,
              ((LayoutMessage.Chunked) d.layoutMessage()).indexType()),
          mode);
      boolean oneD = mode.equals("1d");
      long n = oneD ? fin[0] : fin[0] * fin[1];
      int[] kept = new int[(int) n];
      for (int i = 0; i < n; i++) {
        kept[i] = oneD ? i + 1 : (int) ((i / fin[1]) * 36 + i % fin[1] + 1);
      }
      String out = Oracles.python(ChunkIndexUpdateTest.PRELUDE + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "d = f['d']",
          "print(d.shape, sha(d[()]))",
          "d.resize(tuple(2 * x + 5 for x in d.shape))",
          "d[...] = np.arange(d.size).reshape(d.shape) + 3",
          "f.close()",
          "d = h5py.File(sys.argv[1], 'r')['d']",
          "print(d.shape, sha(d[()]))"), ours.toString());
      String[] lines = out.trim().split("\n");
      assertEquals(ChunkIndexUpdateTest.pyShape(fin) + " " + ChunkIndexUpdateTest.sha(kept),
          lines[0], "h5py reads h5j's shrunk file");
      long[] grown = new long[fin.length];
      long size = 1;
      for (int i = 0; i < fin.length; i++) {
        grown[i] = 2 * fin[i] + 5;
        size *= grown[i];
      }
      int[] all = new int[(int) size];
      for (int i = 0; i < all.length; i++) {
        all[i] = i + 3;
      }
      assertEquals(ChunkIndexUpdateTest.pyShape(grown) + " " + ChunkIndexUpdateTest.sha(all),
          lines[1], "libhdf5 grows h5j's shrunk tree");
      Oracles.h5dump(ours, "-d", "/d");
    } finally {
      Files.deleteIfExists(lib);
      Files.deleteIfExists(ours);
    }
  }

  /** A 2-D int32 dataset's values in C order, with the fill value where none was written. */
  static final class Model {
    long[] dims;
    int[] values;

    Model(long[] dims) {
      this.dims = dims.clone();
      this.values = new int[(int) (dims[0] * dims[1])];
    }

    /** Every element its C-order index + 1, as {@link #CREATE} writes. */
    void fillFromIndex() {
      for (int i = 0; i < values.length; i++) {
        values[i] = i + 1;
      }
    }

    /** The model of a resize: kept where both shapes hold an element, fill elsewhere. */
    void grow(long rows, long cols) {
      int[] next = new int[(int) (rows * cols)];
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          next[(int) (r * cols + c)] = r < dims[0] && c < dims[1]
              ? values[(int) (r * dims[1] + c)] : FILL;
        }
      }
      dims = new long[] {rows, cols};
      values = next;
    }

    void resize(Dataset d, long rows, long cols) throws IOException {
      d.resize(rows, cols);
      grow(rows, cols);
    }

    String sha() throws Exception {
      return ChunkIndexUpdateTest.sha(values);
    }
  }
}
