package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.format.H5FormatException;

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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Chunk indexes of existing datasets updated in place over many flushes. Version 1 B-trees
 * of datasets h5py created (old-format files, small K so that trees grow several levels) get
 * chunks inserted as libhdf5 inserts them: the trees h5j grows have exactly the nodes, keys
 * and sibling links of the trees libhdf5 grows from the same writes. Extensible arrays
 * (h5py's latest format) grow block by block. In both, h5py and h5dump read the data, libhdf5
 * keeps writing into the index afterwards, a flush that fails at any write leaves a file
 * libhdf5 reads and completes, and a flush costs bytes in proportion to the chunks it adds,
 * not to the size of the index.
 */
@OracleTest
class ChunkIndexUpdateTest {
  /** Creates files with a chosen indexed-storage K (h5py lacks H5Pset_istore_k: ctypes). */
  static final String PRELUDE = Oracles.PY_INT32_SHA + Oracles.PY_LIBHDF5 + String.join("\n",
      "def create(path, k):",
      "    if k == 0:",
      "        return h5py.File(path, 'w', libver='latest')",
      "    fcpl = h5py.h5p.create(h5py.h5p.FILE_CREATE)",
      "    if k != 32:",
      "        assert hdf5().H5Pset_istore_k(ctypes.c_int64(fcpl.id), ctypes.c_uint(k)) >= 0",
      "    return h5py.File(h5py.h5f.create(path.encode(), h5py.h5f.ACC_TRUNC, fcpl=fcpl))",
      "");

  /**
   * 1-D: chunks of 4 appended one per flush. 2-D: a 8 x 12 grid of 2 x 3 chunks, growing in
   * both dimensions ("2d"), only the first ("2e": an extensible array in the latest format) or
   * neither ("2f": a fixed array).
   */
  static final String DATASETS = String.join("\n",
      "def dataset(f, mode, compress=None):",
      "    if mode == '1d':",
      "        return f.create_dataset('d', shape=(0,), maxshape=(None,), chunks=(4,),",
      "                                dtype='<i4', compression=compress)",
      "    m = {'2e': (None, 36), '2f': None}.get(mode, (None, None))",
      "    return f.create_dataset('d', shape=(16, 36), maxshape=m, chunks=(2, 3),",
      "                            dtype='<i4', compression=compress)",
      "def put(d, mode, c):",
      "    if mode == '1d':",
      "        d.resize((4 * (c + 1),))",
      "        d[4 * c:4 * c + 4] = np.arange(4 * c, 4 * c + 4) + 1",
      "    else:",
      "        r, q = divmod(c, 12)",
      "        rows = np.arange(2 * r, 2 * r + 2)[:, None] * 36",
      "        d[2 * r:2 * r + 2, 3 * q:3 * q + 3] = rows + np.arange(3 * q, 3 * q + 3) + 1",
      "");

  @Test
  void appendsGrowTheTreeLibhdf5Grows() throws Exception {
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < 70; c++) {
      order.add(c);
    }
    sameTreeAsLibhdf5("1d", 2, order);
  }

  @Test
  void chunksInRandomOrderGrowTheTreeLibhdf5Grows() throws Exception {
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < 96; c++) {
      order.add(c);
    }
    Collections.shuffle(order, new Random(7));
    sameTreeAsLibhdf5("2d", 2, order);
  }

  @Test
  void chunksInRandomOrderWithKThree() throws Exception {
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < 96; c++) {
      order.add(c);
    }
    Collections.shuffle(order, new Random(11));
    sameTreeAsLibhdf5("2d", 3, order);
  }

  /**
   * libhdf5 writes the chunks in {@code order}, one per flush, into one file; h5j does the
   * same into a copy of the empty dataset; the trees must match node for node, h5py must read
   * h5j's data, and libhdf5 must then extend h5j's tree and read everything back.
   */
  private void sameTreeAsLibhdf5(String mode, int k, List<Integer> order) throws Exception {
    Path lib = Files.createTempFile("h5j-bt1-lib", ".h5");
    Path ours = Files.createTempFile("h5j-bt1-ours", ".h5");
    try {
      String csv = order.stream().map(String::valueOf).collect(Collectors.joining(","));
      Oracles.python(PRELUDE + DATASETS + String.join("\n",
          "lib, ours, k, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]",
          "with create(ours, k) as f:",
          "    dataset(f, mode)",
          "with create(lib, k) as f:",
          "    d = dataset(f, mode)",
          "    for c in map(int, sys.argv[5].split(',')):",
          "        put(d, mode, c)",
          "        f.flush()"), lib.toString(), ours.toString(), String.valueOf(k), mode, csv);
      boolean oneD = mode.equals("1d");
      long[] dims = oneD ? new long[] {0} : new long[] {16, 36};
      try (H5File h = H5File.openReadWrite(ours)) {
        Dataset d = h.dataset("d");
        for (int c : order) {
          dims = put(d, oneD, c, dims);
          h.flush();
        }
      }
      String expected = treeShape(lib);
      assertTrue(expected.split("\n").length > 10, "libhdf5's tree has many nodes:\n" + expected);
      assertEquals(expected, treeShape(ours), "the tree h5j grew vs libhdf5's");
      int[] model = model(oneD, dims);
      String out = Oracles.python(PRELUDE + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r')",
          "print(f['d'].shape, sha(f['d'][()]))"), ours.toString());
      assertEquals(pyShape(dims) + " " + sha(model), out.trim(), "h5py reads h5j's file");
      Oracles.h5dump(ours, "-d", "/d");

      // libhdf5 goes on growing the tree h5j built: append or extend, then read all back
      String more = Oracles.python(PRELUDE + DATASETS + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "d = f['d']",
          "if sys.argv[2] == '1d':",
          "    for c in range(d.shape[0] // 4, d.shape[0] // 4 + 40):",
          "        put(d, '1d', c)",
          "        f.flush()",
          "else:",
          "    d.resize((24, 48))",
          "    d[...] = np.arange(24 * 48).reshape(24, 48) + 1",
          "f.close()",
          "d = h5py.File(sys.argv[1], 'r')['d']",
          "print(d.shape, sha(d[()]))"), ours.toString(), mode);
      long[] grown = oneD ? new long[] {dims[0] + 160} : new long[] {24, 48};
      int[] all = model(oneD, grown);
      assertEquals(pyShape(grown) + " " + sha(all), more.trim(),
          "libhdf5 extends h5j's tree and reads it");
      try (H5File h = H5File.open(ours)) {
        assertEquals(sha(all), sha((int[]) h.dataset("d").read()), "h5j reads libhdf5's edits");
      }
    } finally {
      Files.deleteIfExists(lib);
      Files.deleteIfExists(ours);
    }
  }

  /** Writes chunk {@code c} as the python {@code put} does; returns the new dims. */
  static long[] put(Dataset d, boolean oneD, int c, long[] dims) throws IOException {
    if (oneD) {
      long[] grown = {4L * (c + 1)};
      d.resize(grown);
      int[] v = new int[4];
      for (int i = 0; i < 4; i++) {
        v[i] = 4 * c + i + 1;
      }
      d.write(Selection.box(new long[] {4L * c}, new long[] {4}), v);
      return grown;
    }
    int r = c / 12;
    int q = c % 12;
    int[] v = new int[6];
    for (int i = 0; i < 6; i++) {
      v[i] = (2 * r + i / 3) * 36 + 3 * q + i % 3 + 1;
    }
    d.write(Selection.box(new long[] {2L * r, 3L * q}, new long[] {2, 3}), v);
    return dims;
  }

  /** The values {@code put} leaves: every element its C-order index + 1 (1-D: index + 1). */
  private static int[] model(boolean oneD, long[] dims) {
    int n = (int) (oneD ? dims[0] : dims[0] * dims[1]);
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i + 1;
    }
    return a;
  }

  static String sha(int[] values) throws NoSuchAlgorithmException {
    ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
    for (int v : values) {
      b.putInt(v);
    }
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
  }

  /** A shape printed the way Python prints a tuple. */
  static String pyShape(long[] dims) {
    if (dims.length == 1) {
      return "(" + dims[0] + ",)";
    }
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < dims.length; i++) {
      b.append(i > 0 ? ", " : "").append(dims[i]);
    }
    return b.append(')').toString();
  }

  /**
   * The tree of dataset {@code /d}, node by node in depth-first order: level, keys (size and
   * offsets, the element-size dimension included) and, per level, whether the sibling links
   * chain the nodes left to right. Node addresses are left out: they differ between writers.
   */
  static String treeShape(Path file) throws IOException {
    try (H5File h = H5File.open(file)) {
      LayoutMessage.Chunked l = (LayoutMessage.Chunked) h.dataset("d").layoutMessage();
      FileAccess fa = h.context().access();
      StringBuilder out = new StringBuilder();
      Map<Integer, List<long[]>> levels = new TreeMap<>();
      walk(fa, l.indexAddress(), l.chunkDims().length, out, levels);
      for (Map.Entry<Integer, List<long[]>> e : levels.entrySet()) {
        List<long[]> row = e.getValue();
        for (int i = 0; i < row.size(); i++) {
          long left = i == 0 ? FileParams.UNDEFINED : row.get(i - 1)[0];
          long right = i == row.size() - 1 ? FileParams.UNDEFINED : row.get(i + 1)[0];
          if (row.get(i)[1] != left || row.get(i)[2] != right) {
            out.append("level ").append(e.getKey()).append(" node ").append(i)
                .append(": sibling links broken\n");
          }
        }
      }
      return out.toString();
    }
  }

  private static void walk(FileAccess fa, long address, int rank, StringBuilder out,
      Map<Integer, List<long[]>> levels) throws IOException {
    ByteBuffer head = ByteBuffer.wrap(fa.read(address, 24, "node")).order(ByteOrder.LITTLE_ENDIAN);
    head.position(5);
    int level = head.get() & 0xff;
    int n = head.getShort() & 0xffff;
    long left = head.getLong();
    long right = head.getLong();
    levels.computeIfAbsent(level, x -> new ArrayList<>()).add(new long[] {address, left, right});
    int keySize = 8 + 8 * (rank + 1);
    ByteBuffer body = ByteBuffer.wrap(fa.read(address + 24, (long) n * (keySize + 8) + keySize,
        "node")).order(ByteOrder.LITTLE_ENDIAN);
    out.append("L").append(level).append(" n=").append(n).append(':');
    long[] children = new long[n];
    for (int i = 0; i <= n; i++) {
      out.append(" ").append(body.getInt() & 0xffffffffL).append('/').append(body.getInt())
          .append('@');
      for (int d = 0; d <= rank; d++) {
        out.append(d > 0 ? "," : "").append(body.getLong());
      }
      if (i < n) {
        children[i] = body.getLong();
      }
    }
    out.append('\n');
    if (level > 0) {
      for (long c : children) {
        walk(fa, c, rank, out, levels);
      }
    }
  }

  /**
   * A gzip-compressed dataset whose chunks are appended and rewritten (so their stored size
   * and place change) over many flushes of several chunks each, indexed by a v1 B-tree of K
   * 2 to 4 or 32, or an extensible array (k = 0): the index stays where it is, h5py reads the
   * values, and libhdf5 appends to the index afterwards.
   */
  @Property(tries = 6)
  void appendsAndRewritesOfCompressedChunks(@ForAll @IntRange(min = 1, max = 1000) int seed,
      @ForAll @IntRange(min = 0, max = 4) int kChoice) throws Exception {
    int k = kChoice == 1 ? 32 : kChoice;
    Path f = Files.createTempFile("h5j-bt1-gz", ".h5");
    try {
      Oracles.python(PRELUDE + DATASETS + String.join("\n",
          "with create(sys.argv[1], int(sys.argv[2])) as f:",
          "    dataset(f, '1d', 'gzip')"), f.toString(), String.valueOf(k));
      Random rnd = new Random(seed);
      List<Integer> model = new ArrayList<>();
      long indexAt = FileParams.UNDEFINED;
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset("d");
        for (int flush = 0; flush < 40; flush++) {
          int appends = rnd.nextInt(4);
          int[] add = new int[4 * appends];
          for (int i = 0; i < add.length; i++) {
            add[i] = rnd.nextInt(1 + rnd.nextInt(1000));
            model.add(add[i]);
          }
          if (appends > 0) {
            d.resize(model.size());
            d.write(Selection.box(new long[] {model.size() - add.length},
                new long[] {add.length}), add);
          }
          for (int w = rnd.nextInt(3); w > 0 && !model.isEmpty(); w--) {
            int c = rnd.nextInt(model.size() / 4);
            int[] v = new int[4];
            for (int i = 0; i < 4; i++) {
              v[i] = rnd.nextInt(1 + rnd.nextInt(100_000));
              model.set(4 * c + i, v[i]);
            }
            d.write(Selection.box(new long[] {4L * c}, new long[] {4}), v);
          }
          h.flush();
          org.junit.jupiter.api.Assertions.assertArrayEquals(
              model.stream().mapToInt(Integer::intValue).toArray(), (int[]) d.read(),
              "h5j reads its own flushed index in the same session");
          long at = ((LayoutMessage.Chunked) d.layoutMessage()).indexAddress();
          if (FileParams.isDefined(indexAt)) {
            assertEquals(indexAt, at, "the index is updated where it is");
          }
          indexAt = at;
        }
        assertEquals(k == 0 ? io.h5j.format.chunk.ChunkIndex.EXTENSIBLE_ARRAY
            : io.h5j.format.chunk.ChunkIndex.V1_BTREE,
            ((LayoutMessage.Chunked) d.layoutMessage()).indexType());
      }
      int[] expected = model.stream().mapToInt(Integer::intValue).toArray();
      String out = Oracles.python(PRELUDE + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "d = f['d']",
          "print(sha(d[()]))",
          "n = d.shape[0]",
          "d.resize((n + 400,))",
          "d[n:] = np.arange(400) + 7",
          "f.close()",
          "print(sha(h5py.File(sys.argv[1], 'r')['d'][()]))"), f.toString());
      String[] lines = out.trim().split("\n");
      assertEquals(sha(expected), lines[0], "h5py reads what h5j wrote");
      int[] grown = java.util.Arrays.copyOf(expected, expected.length + 400);
      for (int i = 0; i < 400; i++) {
        grown[expected.length + i] = i + 7;
      }
      assertEquals(sha(grown), lines[1], "libhdf5 appends to h5j's tree");
      Oracles.h5dump(f, "-d", "/d");
    } finally {
      Files.deleteIfExists(f);
    }
  }
  /**
   * A flush that fails at its n-th write, for every n: the file still opens in libhdf5 with
   * every chunk of the last complete flush, each chunk whole (old or new, never mixed), the
   * index holds each chunk once (libhdf5 counts exactly the chunks it reads), and libhdf5 can
   * go on writing every chunk into the tree and read them all back.
   */
  @Test
  void failedFlushLeavesATreeLibhdf5ReadsAndExtends() throws Exception {
    failedFlushes("2d", 48, 96);
  }

  @Test
  void failedAppendFlushLeavesATreeLibhdf5ReadsAndExtends() throws Exception {
    failedFlushes("1d", 30, 60);
  }

  @Test
  void failedFlushIntoAnExtensibleArray() throws Exception {
    failedFlushes("2e", 48, 96, 0);
  }

  @Test
  void failedFlushIntoAFixedArray() throws Exception {
    failedFlushes("2f", 48, 96, 0);
  }

  @Test
  void failedFlushIntoAV2BTree() throws Exception {
    failedFlushes("2d", 48, 96, 0);
  }

  @Test
  void failedAppendFlushIntoAnExtensibleArray() throws Exception {
    failedFlushes("1d", 30, 60, 0);
  }

  private void failedFlushes(String mode, int before, int total) throws Exception {
    failedFlushes(mode, before, total, 2);
  }

  /** @param k the file's indexed storage K, or 0 for a latest-format file */
  private void failedFlushes(String mode, int before, int total, int k) throws Exception {
    boolean oneD = mode.equals("1d");
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < total; c++) {
      order.add(c);
    }
    if (!oneD) {
      Collections.shuffle(order, new Random(3));
    }
    List<Integer> first = order.subList(0, before);
    Path base = Files.createTempFile("h5j-bt1-base", ".h5");
    List<Path> copies = new ArrayList<>();
    try {
      Oracles.python(PRELUDE + DATASETS + String.join("\n",
          "with create(sys.argv[1], int(sys.argv[4])) as f:",
          "    d = dataset(f, sys.argv[2])",
          "    for c in map(int, sys.argv[3].split(',')):",
          "        put(d, sys.argv[2], c)",
          "        f.flush()"), base.toString(), mode, csv(first), String.valueOf(k));
      for (int failAt = 1; ; failAt++) {
        Path copy = Files.createTempFile("h5j-bt1-fail" + failAt + "-", ".h5");
        Files.copy(base, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        int n = failAt;
        boolean failed = false;
        try (H5File h = H5File.openReadWrite(copy, c -> new FaultyChannel(c, n))) {
          Dataset d = h.dataset("d");
          long[] dims = d.shape();
          for (int c : order.subList(before, total)) {
            dims = put(d, oneD, c, dims);
          }
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
      List<String> args = new ArrayList<>(List.of(mode, csv(first), String.valueOf(total)));
      copies.forEach(c -> args.add(c.toString()));
      String out = Oracles.python(PRELUDE + String.join("\n",
          "mode, base, total = sys.argv[1], set(map(int, sys.argv[2].split(','))), int(sys.argv[3])",
          "shape = (4 * total,) if mode == '1d' else (16, 36)",
          "exp = (np.arange(np.prod(shape)).reshape(shape) + 1).astype('<i4')",
          "def block(a, c):",
          "    if mode == '1d':",
          "        return a[4 * c:4 * c + 4]",
          "    r, q = divmod(c, 12)",
          "    return a[2 * r:2 * r + 2, 3 * q:3 * q + 3]",
          "for path in sys.argv[4:]:",
          "    problems = []",
          "    with h5py.File(path, 'r') as f:",
          "        a = np.zeros(shape, '<i4')",
          "        got = f['d'][()]",
          "        a[tuple(slice(0, n) for n in got.shape)] = got",
          "        present = 0",
          "        for c in range(total):",
          "            if (block(a, c) == block(exp, c)).all():",
          "                present += 1",
          "            elif (block(a, c) == 0).all():",
          "                if c in base:",
          "                    problems.append('lost %d' % c)",
          "            else:",
          "                problems.append('mixed %d' % c)",
          "        n = f['d'].id.get_num_chunks()",
          "        if n != present:",
          "            problems.append('index holds %d chunks, %d read' % (n, present))",
          "    with h5py.File(path, 'r+') as f:",
          "        if f['d'].shape != shape:",
          "            f['d'].resize(shape)",
          "        f['d'][...] = exp",
          "    with h5py.File(path, 'r') as f:",
          "        if not (f['d'][()] == exp).all() or f['d'].id.get_num_chunks() != total:",
          "            problems.append('libhdf5 cannot complete the tree')",
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

  private static String csv(List<Integer> values) {
    return values.stream().map(String::valueOf).collect(Collectors.joining(","));
  }

  /**
   * A flush that appends one chunk writes about the same number of bytes whether the tree
   * indexes 30 chunks or 3,000: the chunk, a few nodes, the dataset header and the superblock
   * (rewriting the whole index would write 47 full nodes at 3,000 chunks).
   */
  @Test
  void bytesPerAppendFlushDoNotGrowWithTheIndex() throws Exception {
    Path f = Files.createTempFile("h5j-bt1-bytes", ".h5");
    try {
      Files.copy(io.h5j.testing.Fixtures.file("groups_earliest.h5"), f,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      try (H5File h = H5File.openReadWrite(f)) {
        h.root().createDataset("d", DatasetSpec.empty(io.h5j.type.Datatypes.INT32, 0)
            .maxShape(io.h5j.type.Dataspace.UNLIMITED).chunks(4));
      }
      long small = maxBytesPerAppend(f, 0, 30);
      long large;
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset("d");
        int[] v = new int[4 * 3000];
        d.resize(4 * 3030);
        d.write(Selection.box(new long[] {4 * 30}, new long[] {v.length}), v);
      }
      large = maxBytesPerAppend(f, 3030, 30);
      long nodeSize = io.h5j.format.btree.BTreeV1.nodeSize(FileParams.DEFAULT, 32,
          io.h5j.format.chunk.BTreeV1ChunkIndex.keySize(1));
      System.out.printf("bytes per one-chunk flush: %d at 30 chunks, %d at 3030%n", small,
          large);
      assertTrue(large <= small + 3 * nodeSize, large + " bytes per flush at 3030 chunks, "
          + small + " at 30");
      String out = Oracles.python(PRELUDE + "print(h5py.File(sys.argv[1], 'r')['d'].id"
          + ".get_num_chunks())", f.toString());
      assertEquals("3060", out.trim(), "chunks libhdf5 finds in the tree");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** The most bytes one of {@code flushes} flushes wrote, each appending one chunk. */
  private static long maxBytesPerAppend(Path f, int chunks, int flushes) throws IOException {
    long max = 0;
    FaultyChannel[] ch = new FaultyChannel[1];
    try (H5File h = H5File.openReadWrite(f, c -> ch[0] = new FaultyChannel(c,
        Integer.MAX_VALUE))) {
      Dataset d = h.dataset("d");
      for (int i = 0; i < flushes; i++) {
        long before = ch[0].bytesWritten();
        int c = chunks + i;
        d.resize(4L * (c + 1));
        d.write(Selection.box(new long[] {4L * c}, new long[] {4}), new int[] {c, c, c, c});
        h.flush();
        max = Math.max(max, ch[0].bytesWritten() - before);
      }
    }
    return max;
  }
  /**
   * An extensible array grown past 131,060 elements, where data blocks are paged: appends
   * create the super block, data block and pages libhdf5 would, a write far ahead starts an
   * uninitialised page, and h5py reads every value; the bytes a one-chunk flush writes do not
   * grow with the array.
   */
  @Test
  void extensibleArrayGrowsIntoPagedDataBlocks() throws Exception {
    Path f = Files.createTempFile("h5j-ea-paged", ".h5");
    try {
      int start = 131_000;
      int[] model = new int[start + 3000];
      try (H5File h = H5File.create(f)) {
        Dataset d = h.root().createDataset("d", DatasetSpec.empty(
            io.h5j.type.Datatypes.INT32, 0)
            .maxShape(io.h5j.type.Dataspace.UNLIMITED).chunks(1));
        d.resize(100);
        int[] v = new int[100];
        for (int i = 0; i < v.length; i++) {
          v[i] = model[i] = i + 1;
        }
        d.write(v);
      }
      long small = eaAppends(f, model, 100, 20);
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset("d");
        d.resize(start);
        int[] v = new int[start - 120];
        for (int i = 0; i < v.length; i++) {
          v[i] = model[120 + i] = 120 + i + 1;
        }
        d.write(Selection.box(new long[] {120}, new long[] {v.length}), v);
      }
      // 132,560: page 1 of the first (paged) data block of super block 13, starting at
      // 131,060; 133,600: its second data block, not yet allocated
      long large = eaAppends(f, model, start, 120, start + 1560, start + 1561, start + 2600);
      System.out.printf("extensible array, bytes per one-chunk flush: %d at 100 chunks,"
          + " %d past %d%n", small, large, start);
      assertTrue(large <= small + 2 * (1024 * 8 + 4), large + " bytes per flush past " + start
          + " chunks, " + small + " at 100");
      int n = start + 2601;
      String out = Oracles.python(PRELUDE + String.join("\n",
          "d = h5py.File(sys.argv[1], 'r')['d']",
          "print(d.shape[0], d.id.get_num_chunks(), sha(d[()]))"), f.toString());
      int[] expected = java.util.Arrays.copyOf(model, n);
      long nonZero = java.util.Arrays.stream(expected).filter(x -> x != 0).count();
      assertEquals(n + " " + nonZero + " " + sha(expected), out.trim());
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /**
   * Appends one chunk per flush, {@code flushes} times from {@code at}; from halfway, the
   * flushes also write one chunk of {@code ahead} each. Returns the most bytes one flush of
   * the first half wrote.
   */
  private static long eaAppends(Path f, int[] model, int at, int flushes, int... ahead)
      throws IOException {
    long max = 0;
    FaultyChannel[] ch = new FaultyChannel[1];
    try (H5File h = H5File.openReadWrite(f, c -> ch[0] = new FaultyChannel(c,
        Integer.MAX_VALUE))) {
      Dataset d = h.dataset("d");
      long size = d.shape()[0];
      for (int i = 0; i < flushes; i++) {
        long before = ch[0].bytesWritten();
        int c = at + i;
        int j = i - flushes / 2 - 5; // after the flush that starts super block 13
        boolean extra = j >= 0 && j < ahead.length;
        int far = extra ? ahead[j] : 0;
        size = Math.max(size, Math.max(c + 1, extra ? far + 1 : 0));
        d.resize(size);
        d.write(Selection.box(new long[] {c}, new long[] {1}), new int[] {c + 1});
        model[c] = c + 1;
        if (extra) {
          d.write(Selection.box(new long[] {far}, new long[] {1}), new int[] {-far});
          model[far] = -far;
        }
        h.flush();
        if (!extra && i < flushes / 2) {
          max = Math.max(max, ch[0].bytesWritten() - before);
        }
      }
    }
    return max;
  }
  /**
   * Random boxes written over many flushes into fixed arrays h5py created (latest format):
   * unpaged (100 chunks) and paged (2,500 chunks, pages of 1,024), plain or gzip. The index
   * stays where it is, h5j reads back after every flush, h5py reads the result, and libhdf5
   * writes into the array afterwards.
   */
  @Property(tries = 6)
  void fixedArrayRandomWrites(@ForAll @IntRange(min = 1, max = 1000) int seed,
      @ForAll boolean paged, @ForAll boolean gzip) throws Exception {
    Path f = Files.createTempFile("h5j-fa", ".h5");
    try {
      long[] dims = paged ? new long[] {2500} : new long[] {40, 30};
      long[] chunk = paged ? new long[] {1} : new long[] {4, 3};
      Oracles.python(PRELUDE + String.join("\n",
          "shape = tuple(map(int, sys.argv[2].split(',')))",
          "chunks = tuple(map(int, sys.argv[3].split(',')))",
          "with create(sys.argv[1], 0) as f:",
          "    f.create_dataset('d', shape=shape, chunks=chunks, dtype='<i4',",
          "                     compression='gzip' if sys.argv[4] == '1' else None)"),
          f.toString(), csvL(dims), csvL(chunk), gzip ? "1" : "0");
      Random rnd = new Random(seed);
      int n = (int) (paged ? dims[0] : dims[0] * dims[1]);
      int[] model = new int[n];
      long indexAt = FileParams.UNDEFINED;
      try (H5File h = H5File.openReadWrite(f)) {
        Dataset d = h.dataset("d");
        for (int flush = 0; flush < 25; flush++) {
          for (int b = rnd.nextInt(4); b >= 0; b--) {
            long[] start = new long[dims.length];
            long[] count = new long[dims.length];
            int size = 1;
            for (int i = 0; i < dims.length; i++) {
              start[i] = rnd.nextInt((int) dims[i]);
              count[i] = 1 + rnd.nextInt((int) Math.min(dims[i] - start[i], paged ? 40 : 9));
              size *= (int) count[i];
            }
            int[] v = new int[size];
            for (int i = 0; i < size; i++) {
              v[i] = rnd.nextInt(1 + rnd.nextInt(5000)) + 1;
              int at = paged ? (int) (start[0] + i)
                  : (int) ((start[0] + i / count[1]) * dims[1] + start[1] + i % count[1]);
              model[at] = v[i];
            }
            d.write(Selection.box(start, count), v);
          }
          h.flush();
          org.junit.jupiter.api.Assertions.assertArrayEquals(model, (int[]) d.read(),
              "h5j reads back after flush " + flush);
          long at = ((LayoutMessage.Chunked) d.layoutMessage()).indexAddress();
          if (FileParams.isDefined(indexAt)) {
            assertEquals(indexAt, at, "the index is updated where it is");
          }
          indexAt = at;
        }
        assertEquals(io.h5j.format.chunk.ChunkIndex.FIXED_ARRAY,
            ((LayoutMessage.Chunked) d.layoutMessage()).indexType());
      }
      String out = Oracles.python(PRELUDE + String.join("\n",
          "f = h5py.File(sys.argv[1], 'r+')",
          "d = f['d']",
          "print(sha(d[()]))",
          "d[tuple(slice(0, 7) for _ in d.shape)] = 99",
          "f.close()",
          "print(sha(h5py.File(sys.argv[1], 'r')['d'][()]))"), f.toString());
      String[] lines = out.trim().split("\n");
      assertEquals(sha(model), lines[0], "h5py reads what h5j wrote");
      for (int i = 0; i < n; i++) {
        if (paged ? i < 7 : i / dims[1] < 7 && i % dims[1] < 7) {
          model[i] = 99;
        }
      }
      assertEquals(sha(model), lines[1], "libhdf5 writes into h5j's array");
      Oracles.h5dump(f, "-d", "/d");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  private static String csvL(long[] values) {
    StringBuilder b = new StringBuilder();
    for (long v : values) {
      b.append(b.length() > 0 ? "," : "").append(v);
    }
    return b.toString();
  }
  /**
   * A damaged index met by an in-place update (every leaf of a v1 B-tree without its
   * signature; an extensible array index block whose checksum fails) stops the write with an
   * H5FormatException naming the structure and its address, and no byte the file held is
   * changed.
   */
  @Test
  void damagedIndexStopsTheUpdate() throws Exception {
    Path f = Files.createTempFile("h5j-damaged", ".h5");
    try {
      List<Integer> order = new ArrayList<>();
      for (int c = 0; c < 96; c++) {
        order.add(c);
      }
      Collections.shuffle(order, new Random(5));
      Oracles.python(PRELUDE + DATASETS + String.join("\n",
          "with create(sys.argv[1], 2) as f:",
          "    d = dataset(f, '2d')",
          "    for c in map(int, sys.argv[2].split(',')):",
          "        put(d, '2d', c)"), f.toString(), csv(order.subList(0, 48)));
      List<Long> leaves = new ArrayList<>();
      try (H5File h = H5File.open(f)) {
        LayoutMessage.Chunked l = (LayoutMessage.Chunked) h.dataset("d").layoutMessage();
        Map<Integer, List<long[]>> levels = new TreeMap<>();
        walk(h.context().access(), l.indexAddress(), 2, new StringBuilder(), levels);
        levels.get(0).forEach(n -> leaves.add(n[0]));
      }
      try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f,
          java.nio.file.StandardOpenOption.WRITE)) {
        for (long leaf : leaves) {
          ch.write(ByteBuffer.wrap("XXXX".getBytes(java.nio.charset.StandardCharsets.US_ASCII)),
              leaf);
        }
      }
      H5FormatException e = damagedWrite(f, h -> put(h.dataset("d"), false, order.get(60),
          null));
      assertEquals("v1 B-tree node", e.structure(), e.getMessage());
      assertTrue(leaves.contains(e.offset()), e.getMessage());

      Oracles.python(PRELUDE + DATASETS + String.join("\n",
          "with create(sys.argv[1], 0) as f:",
          "    d = dataset(f, '1d')",
          "    for c in range(60):",
          "        put(d, '1d', c)"), f.toString());
      long iblock;
      try (H5File h = H5File.open(f)) {
        LayoutMessage.Chunked l = (LayoutMessage.Chunked) h.dataset("d").layoutMessage();
        ByteBuffer head = ByteBuffer.wrap(h.context().access().read(l.indexAddress(), 68, "EA"))
            .order(ByteOrder.LITTLE_ENDIAN);
        iblock = head.getLong(12 + 6 * 8);
      }
      try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f,
          java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
        ByteBuffer b = ByteBuffer.allocate(1);
        ch.read(b, iblock + 16);
        b.put(0, (byte) (b.get(0) ^ 0x5a)).rewind();
        ch.write(b, iblock + 16);
      }
      e = damagedWrite(f, h -> {
        Dataset d = h.dataset("d");
        d.write(Selection.box(new long[] {0}, new long[] {4}), new int[] {9, 9, 9, 9});
      });
      assertEquals("extensible array index block", e.structure(), e.getMessage());
      assertTrue(e.offset() >= iblock && e.offset() < iblock + 298, e.getMessage()); // its field
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** An edit of a file open for writing. */
  interface Edit {
    void apply(H5File h) throws IOException;
  }

  /** The H5FormatException that the edit or its flush throws; the file's bytes are kept. */
  static H5FormatException damagedWrite(Path f, Edit edit) throws IOException {
    byte[] before = Files.readAllBytes(f);
    H5FormatException e = org.junit.jupiter.api.Assertions.assertThrows(
        H5FormatException.class, () -> {
          try (H5File h = H5File.openReadWrite(f)) {
            edit.apply(h);
          }
        });
    byte[] after = Files.readAllBytes(f);
    assertTrue(after.length >= before.length);
    org.junit.jupiter.api.Assertions.assertArrayEquals(before,
        java.util.Arrays.copyOf(after, before.length), "bytes the file held are unchanged");
    return e;
  }
  /**
   * A flush that moves compressed chunks (rewritten with other values, so other sizes) and
   * appends new ones, failing at each of its writes in turn, in a v1 B-tree (K 2) and in an
   * extensible array: every chunk reads whole, old or new (a moved chunk's old place stays
   * intact until the index no longer names it), appended chunks new or fill, each indexed
   * once, and libhdf5 can rewrite every chunk and read them back.
   */
  @Test
  void failedFlushThatMovesCompressedChunks() throws Exception {
    for (int k : new int[] {2, 0}) {
      Path base = Files.createTempFile("h5j-move-base", ".h5");
      List<Path> copies = new ArrayList<>();
      try {
        Oracles.python(PRELUDE + DATASETS + String.join("\n",
            "with create(sys.argv[1], int(sys.argv[2])) as f:",
            "    d = dataset(f, '1d', 'gzip')",
            "    for c in range(30):",
            "        put(d, '1d', c)",
            "        f.flush()"), base.toString(), String.valueOf(k));
        for (int failAt = 1; ; failAt++) {
          Path copy = Files.createTempFile("h5j-move" + failAt + "-", ".h5");
          Files.copy(base, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
          int n = failAt;
          boolean failed = false;
          try (H5File h = H5File.openReadWrite(copy, c -> new FaultyChannel(c, n))) {
            Dataset d = h.dataset("d");
            d.resize(240);
            int[] v = new int[240];
            for (int i = 0; i < 240; i++) {
              v[i] = i < 120 ? -(i + 1) * (i % 7 + 1) : i + 1;
            }
            d.write(v);
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
        String out = Oracles.python(PRELUDE + String.join("\n",
            "i = np.arange(240)",
            "old = (i + 1).astype('<i4')",
            "new = np.where(i < 120, -(i + 1) * (i % 7 + 1), i + 1).astype('<i4')",
            "for path in sys.argv[1:]:",
            "    problems = []",
            "    with h5py.File(path, 'r') as f:",
            "        a = np.zeros(240, '<i4')",
            "        got = f['d'][()]",
            "        a[:got.shape[0]] = got",
            "        present = 0",
            "        for c in range(60):",
            "            s = slice(4 * c, 4 * c + 4)",
            "            if (a[s] == new[s]).all() or (c < 30 and (a[s] == old[s]).all()):",
            "                present += 1",
            "            elif not (c >= 30 and (a[s] == 0).all()):",
            "                problems.append('chunk %d reads %s' % (c, a[s]))",
            "        n = f['d'].id.get_num_chunks()",
            "        if n != present:",
            "            problems.append('index holds %d chunks, %d read' % (n, present))",
            "    with h5py.File(path, 'r+') as f:",
            "        f['d'].resize((240,))",
            "        f['d'][...] = old",
            "    with h5py.File(path, 'r') as f:",
            "        if not (f['d'][()] == old).all() or f['d'].id.get_num_chunks() != 60:",
            "            problems.append('libhdf5 cannot rewrite the index')",
            "    print('ok' if not problems else path + ': ' + ' '.join(problems))"),
            args.toArray(new String[0]));
        Oracles.assertAllOk(out, copies.size(), "failed flushes checked, K " + k);
      } finally {
        Files.deleteIfExists(base);
        for (Path c : copies) {
          Files.deleteIfExists(c);
        }
      }
    }
  }
}
