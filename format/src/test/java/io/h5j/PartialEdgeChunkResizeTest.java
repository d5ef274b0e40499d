package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Resizes of gzip datasets whose partial edge chunks libhdf5 stores unfiltered
 * (H5Pset_chunk_opts with H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS, set through ctypes: h5py
 * cannot): h5j and libhdf5 do the same resizes and writes on copies of one file, and every
 * stored chunk of h5j's copy equals libhdf5's (raw while a partial edge chunk, at the raw
 * size with filter mask 0; deflated while whole; the same bytes inside and outside the
 * extent). Each stored chunk is checked by h5py against what libhdf5 reads, h5dump reads
 * every value, and libhdf5 goes on resizing and writing h5j's file, which h5j then reads.
 */
@OracleTest
class PartialEdgeChunkResizeTest {
  /**
   * Python for h5py: {@code make(path, kind, shape, chunks)} makes /d (int32, gzip 4, fill -7,
   * element i holding i + 1) with the option, its index chosen by {@code kind}: "bt2" (both
   * dimensions unlimited), "ea" (the first), "fa" (neither, maximum 30 x 30), "single" (the
   * maximum and the chunk are the shape). {@code apply(path, ops)} does the ops of {@link
   * #apply} with libhdf5. {@code chunks(path)} checks every stored chunk of /d under the
   * current extent (an edge chunk raw, a whole one deflated, both with mask 0, what lies
   * inside the extent equal to what libhdf5 reads) and describes them all, with the shape
   * and digest of /d.
   */
  static final String PY = ChunkIndexUpdateTest.PRELUDE + String.join("\n",
      "import zlib",
      "def make(path, kind, shape, chunks):",
      "    shape = tuple(map(int, shape.split(',')))",
      "    chunks = tuple(map(int, chunks.split(',')))",
      "    u = h5py.h5s.UNLIMITED",
      "    m = {'bt2': (u, u), 'ea': (u, 30), 'fa': (30, 30), 'single': shape}[kind]",
      "    f = h5py.File(path, 'w', libver='latest')",
      "    dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
      "    dcpl.set_chunk(chunks)",
      "    dcpl.set_deflate(4)",
      "    dcpl.set_fill_value(np.array(-7, '<i4'))",
      "    assert hdf5().H5Pset_chunk_opts(ctypes.c_int64(dcpl.id), ctypes.c_uint(2)) >= 0",
      "    space = h5py.h5s.create_simple(shape, m)",
      "    h5py.h5d.create(f.id, b'd', h5py.h5t.STD_I32LE, space, dcpl=dcpl)",
      "    f['d'][...] = np.arange(int(np.prod(shape))).reshape(shape) + 1",
      "    f.close()",
      "def apply(path, ops):",
      "    with h5py.File(path, 'r+') as f:",
      "        d = f['d']",
      "        for op in filter(None, ops.split(';')):",
      "            k, _, a = op.partition(':')",
      "            v = [int(x) for x in a.split(',')] if a else []",
      "            if k == 'r':",
      "                d.resize(tuple(v))",
      "            elif k == 'w':",
      "                r, c, nr, nc, base = v",
      "                d[r:r + nr, c:c + nc] = np.arange(nr * nc).reshape(nr, nc) + base",
      "            else:",
      "                f.flush()",
      "def chunks(path):",
      "    out = []",
      "    with h5py.File(path, 'r') as f:",
      "        d = f['d']",
      "        a = d[()]",
      "        cr, cc = d.chunks",
      "        for i in range(d.id.get_num_chunks()):",
      "            r, c = d.id.get_chunk_info(i).chunk_offset",
      "            mask, raw = d.id.read_direct_chunk((r, c))",
      "            edge = r + cr > d.shape[0] or c + cc > d.shape[1]",
      "            data = raw if edge else zlib.decompress(raw)",
      "            assert mask == 0 and len(data) == cr * cc * 4, (path, r, c, mask, len(raw))",
      "            got = np.frombuffer(data, '<i4').reshape(cr, cc)",
      "            inside = a[r:r + cr, c:c + cc]",
      "            assert (got[:inside.shape[0], :inside.shape[1]] == inside).all(), (path, r, c)",
      "            out.append('| %d,%d %s %s' % (r, c, 'raw' if edge else 'deflated',",
      "                                          hashlib.sha256(data).hexdigest()[:12]))",
      "        return ' '.join(['%s %s' % (d.shape, sha(a))] + out)",
      "");

  /**
   * Each index kind, from a 13 x 11 dataset of chunks 4 x 3 (single: 4 x 3 of one chunk,
   * once shrunk to no rows and flushed): growth along one axis and both, shrinks (whole chunks becoming edge chunks), growth after
   * a shrink, a grow of one axis with a shrink of the other, writes between them, with and
   * without flushes between the steps (edge chunks written whole, stored raw, then turned
   * whole by a resize before the flush too).
   */
  @Test
  void resizesStoreEachChunkAsLibhdf5Does() throws Exception {
    String big = String.join(";", "w:12,9,1,2,1000", "w:12,0,1,3,500", "r:16,11",
        "w:14,0,2,4,2000", "f",
        "r:16,12", "f", "r:10,10", "w:8,2,2,5,3000", "r:10,14", "f", "r:17,8",
        "w:16,0,1,8,4000", "r:17,15", "f", "r:6,5", "r:20,21", "w:19,19,1,2,5000");
    String single = String.join(";", "r:3,2", "f", "r:4,3", "w:3,0,1,3,1000", "r:4,2",
        "r:2,3", "f", "w:0,0,2,3,2000", "r:0,3", "f", "r:4,3", "w:1,0,2,2,2500", "f",
        "r:3,3", "r:4,1", "w:0,0,4,1,3000");
    for (String kind : new String[] {"bt2", "ea", "fa", "single"}) {
      boolean one = kind.equals("single");
      alongsideLibhdf5(kind, one ? new long[] {4, 3} : new long[] {13, 11},
          new long[] {4, 3}, one ? single : big, one ? "r:2,2;w:1,1,1,1,9000;r:4,3"
              : "r:18,13;w:17,12,1,1,9000;r:21,14;w:0,0,5,5,9100;r:9,7;r:20,20", true,
          64 << 20);
    }
  }

  /**
   * With no chunk cache, a resize that turns stored whole chunks into edge chunks writes the
   * chunks changed in memory as it goes (under the new extent), one of them a chunk it then
   * comes to: that one is stored as the new extent asks already (a sequence the property
   * below found).
   */
  @Test
  void chunksWrittenWhileAResizeReencodesStayAsWritten() throws Exception {
    alongsideLibhdf5("bt2", new long[] {9, 12}, new long[] {2, 4}, "r:9,12;w:5,11,3,1,1000;"
        + "w:0,4,2,1,2000;f;w:6,9,1,1,3000;r:12,9;r:15,24;w:3,18,2,5,4000;w:9,9,4,8,5000;"
        + "w:6,1,1,10,6000;r:0,24;r:7,11", "r:10,13;w:0,0,1,1,7", false, 0);
  }

  /**
   * Random sequences of grows, shrinks (each axis on its own or both), writes and flushes on
   * small shapes, chunk shapes and index kinds, against an in-memory model and libhdf5 doing
   * the same on a copy; with no chunk cache, changed chunks are written (under the extent of
   * the moment) as soon as a second one waits, in the middle of resizes too.
   */
  @Property(tries = 16)
  void randomResizesMatchLibhdf5(@ForAll @IntRange(min = 1, max = 1_000_000) int seed,
      @ForAll @IntRange(min = 0, max = 2) int kind, @ForAll boolean noCache) throws Exception {
    Random rnd = new Random(seed);
    long[] dims = {1 + rnd.nextInt(12), 1 + rnd.nextInt(12)};
    long[] chunks = {1 + rnd.nextInt(5), 1 + rnd.nextInt(5)};
    List<String> ops = new ArrayList<>();
    long[] now = dims.clone();
    int base = 1000;
    for (int i = 0; i < 12; i++) {
      int op = rnd.nextInt(5);
      if (op <= 1) {
        long[] to = {rnd.nextInt(25), rnd.nextInt(25)};
        if (op == 0) { // shrink, or keep, each axis
          to[0] = Math.min(to[0], now[0]);
          to[1] = Math.min(to[1], now[1]);
        }
        if (rnd.nextBoolean()) { // one axis alone
          int keep = rnd.nextInt(2);
          to[keep] = now[keep];
        }
        to[0] = Math.min(to[0], 30);
        to[1] = Math.min(to[1], 30);
        ops.add("r:" + to[0] + "," + to[1]);
        now = to;
      } else if (op <= 3 && now[0] > 0 && now[1] > 0) {
        long r = rnd.nextInt((int) now[0]);
        long c = rnd.nextInt((int) now[1]);
        long nr = 1 + rnd.nextInt((int) (now[0] - r));
        long nc = 1 + rnd.nextInt((int) (now[1] - c));
        ops.add("w:" + r + "," + c + "," + nr + "," + nc + "," + base);
        base += 1000;
      } else {
        ops.add("f");
      }
    }
    alongsideLibhdf5(new String[] {"bt2", "ea", "fa"}[kind], dims, chunks,
        String.join(";", ops), "r:" + (now[0] + 3) + "," + (now[1] + 2) + ";w:0,0,1,1,7", false,
        noCache ? 0 : 64 << 20);
  }

  /**
   * A resize of 13 x 11 to 10 x 14 (chunks 4 x 3: whole chunks of row 8 become edge chunks,
   * edge chunks of column 9 whole, row 12 leaves) and a write, whose flush fails at its n-th
   * write, for every n, in each index kind: each file holds the old shape and values or the
   * new ones, every stored chunk encoded as its shape asks (h5py checks them), h5j reads it,
   * and libhdf5 then resizes it, rewrites every value and reads them back, as h5j does too.
   */
  @Test
  void failedResizeFlushLeavesTheOldOrTheNewShape() throws Exception {
    for (String kind : new String[] {"bt2", "ea", "fa"}) {
      Path base = Files.createTempFile("h5j-edge-resize-base", ".h5");
      List<Path> copies = new ArrayList<>();
      try {
        Oracles.python(PY + "make(*sys.argv[1:])", base.toString(), kind, "13,11", "4,3");
        ShrinkTest.Model old = new ShrinkTest.Model(new long[] {13, 11});
        old.fillFromIndex();
        ShrinkTest.Model resized = new ShrinkTest.Model(old.dims);
        resized.fillFromIndex();
        String ops = "r:10,14;w:1,1,2,2,500";
        apply(null, ops, resized, kind);
        for (int failAt = 1; ; failAt++) {
          Path copy = Files.createTempFile("h5j-edge-resize-fail" + failAt + "-", ".h5");
          Files.copy(base, copy, StandardCopyOption.REPLACE_EXISTING);
          int n = failAt;
          boolean failed = false;
          ShrinkTest.Model m = new ShrinkTest.Model(old.dims);
          m.fillFromIndex();
          try (H5File h = H5File.openReadWrite(copy, ch -> new FaultyChannel(ch, n))) {
            apply(h, ops, m, kind);
          } catch (IOException e) { // the flush at close
            failed = true;
          }
          copies.add(copy);
          if (!failed) {
            assertTrue(failAt > 3, kind + ": the flush needs several writes: " + failAt);
            break;
          }
          try (H5File h = H5File.open(copy)) {
            Dataset d = h.dataset("d");
            ShrinkTest.Model want = Arrays.equals(d.shape(), old.dims) ? old : resized;
            assertArrayEquals(want.dims, d.shape(), kind + " failing at " + n);
            assertArrayEquals(want.values, (int[]) d.read(), kind + " failing at " + n);
          }
        }
        List<String> args = new ArrayList<>(List.of(old.sha(), resized.sha()));
        copies.forEach(x -> args.add(x.toString()));
        String out = Oracles.python(PY + String.join("\n",
            "want = np.arange(16 * 15).reshape(16, 15) + 100",
            "for path in sys.argv[3:]:",
            "    try:",
            "        got = chunks(path).split(' | ')[0]",
            "        assert got in ('(13, 11) ' + sys.argv[1], '(10, 14) ' + sys.argv[2]), got",
            "        apply(path, 'r:16,15;w:0,0,16,15,100')",
            "        chunks(path)",
            "        with h5py.File(path, 'r') as f:",
            "            assert (f['d'][()] == want).all()",
            "        print('ok')",
            "    except Exception as e:",
            "        print(path, repr(e))"), args.toArray(new String[0]));
        Oracles.assertAllOk(out, copies.size(), kind + " files of failed resize flushes");
        ShrinkTest.Model rewritten = new ShrinkTest.Model(new long[] {16, 15});
        apply(null, "w:0,0,16,15,100", rewritten, kind);
        for (Path x : copies) {
          try (H5File h = H5File.open(x)) {
            assertArrayEquals(rewritten.values, (int[]) h.dataset("d").read(),
                kind + ": h5j reads libhdf5's rewrite of " + x);
          }
        }
      } finally {
        Files.deleteIfExists(base);
        for (Path x : copies) {
          Files.deleteIfExists(x);
        }
      }
    }
  }

  /**
   * Makes /d of {@code kind}, {@code dims}, {@code chunks} with libhdf5; does {@code ops} in
   * h5j on one copy (checking every value after each op against the model) and in libhdf5 on
   * another; compares their stored chunks (h5py; with {@code v2} also h5py on libhdf5 2.0),
   * h5dump reads h5j's values; then libhdf5 does {@code more} on both copies, which must
   * again store the same chunks, and h5j reads its copy. h5j's chunk cache holds
   * {@code cacheBytes}.
   */
  private static void alongsideLibhdf5(String kind, long[] dims, long[] chunks, String ops,
      String more, boolean v2, long cacheBytes) throws Exception {
    Path lib = Files.createTempFile("h5j-edge-resize-lib", ".h5");
    Path ours = Files.createTempFile("h5j-edge-resize", ".h5");
    String what = kind + " " + Arrays.toString(dims) + " chunks " + Arrays.toString(chunks)
        + " ops " + ops + " cache " + cacheBytes;
    try {
      Oracles.python(PY + "make(*sys.argv[1:])", lib.toString(), kind,
          dims[0] + "," + dims[1], chunks[0] + "," + chunks[1]);
      Files.copy(lib, ours, StandardCopyOption.REPLACE_EXISTING);
      ShrinkTest.Model m = new ShrinkTest.Model(dims);
      m.fillFromIndex();
      try (H5File h = H5File.openReadWrite(ours).chunkCacheBytes(cacheBytes)) {
        apply(h, ops, m, what);
      }
      Oracles.python(PY + "apply(sys.argv[1], sys.argv[2])", lib.toString(), ops);
      String both = PY + "print(chunks(sys.argv[1]))\nprint(chunks(sys.argv[2]))";
      String out = Oracles.python(both, lib.toString(), ours.toString()).strip();
      String[] got = out.split("\n");
      assertTrue(got[0].startsWith(ChunkIndexUpdateTest.pyShape(m.dims) + " " + m.sha()),
          what + ": libhdf5 did the ops as the model: " + got[0]);
      assertEquals(got[0].strip(), got[1].strip(), what + ": h5j's stored chunks vs libhdf5's");
      try (H5File l = H5File.open(lib); H5File o = H5File.open(ours)) {
        assertEquals(((LayoutMessage.Chunked) l.dataset("d").layoutMessage()).indexType(),
            ((LayoutMessage.Chunked) o.dataset("d").layoutMessage()).indexType(), what + ": index");
      }
      if (v2) {
        Oracles.requireHdf5v2();
        Oracles.Run r = Oracles.run(List.of(Oracles.hdf5v2Python().toString(), "-c", both,
            lib.toString(), ours.toString()));
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(out, r.stdout().strip(), what + ": libhdf5 2.0 reads the same chunks");
      }
      if (m.values.length > 0) {
        assertArrayEquals(m.values, h5dumpInts(ours), what + ": h5dump reads every value");
      } else {
        Oracles.h5dump(ours, "-d", "/d");
      }

      String onBoth = PY + "apply(sys.argv[1], sys.argv[3])\napply(sys.argv[2], sys.argv[3])\n"
          + "print(chunks(sys.argv[1]))\nprint(chunks(sys.argv[2]))";
      got = Oracles.python(onBoth, lib.toString(), ours.toString(), more).strip().split("\n");
      assertEquals(got[0].strip(), got[1].strip(),
          what + ": libhdf5 goes on in h5j's file as in its own");
      apply(null, more, m, what);
      assertTrue(got[1].startsWith(ChunkIndexUpdateTest.pyShape(m.dims) + " " + m.sha()),
          what + ": " + got[1]);
      try (H5File h = H5File.open(ours)) {
        assertArrayEquals(m.values, (int[]) h.dataset("d").read(),
            what + ": h5j reads libhdf5's resizes and writes");
      }
    } finally {
      Files.deleteIfExists(lib);
      Files.deleteIfExists(ours);
    }
  }

  /**
   * Does {@code ops} ("r:rows,cols" resize, "w:row,col,rows,cols,base" write the box with
   * base, base + 1, ... in C order, "f" flush; ';' between) on /d of {@code h} and the model,
   * h5j reading every value after each; with {@code h} null, on the model alone.
   */
  static void apply(H5File h, String ops, ShrinkTest.Model m, String what) throws Exception {
    Dataset d = h == null ? null : h.dataset("d");
    List<String> done = new ArrayList<>();
    for (String op : ops.split(";")) {
      String[] kv = op.split(":");
      long[] v = kv.length < 2 ? new long[0]
          : Arrays.stream(kv[1].split(",")).mapToLong(Long::parseLong).toArray();
      switch (kv[0]) {
        case "r" -> {
          if (d != null) {
            d.resize(v);
          }
          m.grow(v[0], v[1]);
        }
        case "w" -> {
          int[] values = new int[(int) (v[2] * v[3])];
          for (int i = 0; i < values.length; i++) {
            values[i] = (int) v[4] + i;
            m.values[(int) ((v[0] + i / v[3]) * m.dims[1] + v[1] + i % v[3])] = values[i];
          }
          if (d != null) {
            d.write(Selection.box(new long[] {v[0], v[1]}, new long[] {v[2], v[3]}), values);
          }
        }
        default -> {
          if (h != null) {
            h.flush();
          }
        }
      }
      done.add(op);
      if (d != null) {
        assertArrayEquals(m.values, (int[]) d.read(), what + ": h5j reads after " + done);
      }
    }
  }

  /** The values h5dump prints for /d, in order. */
  static int[] h5dumpInts(Path f) throws IOException {
    String out = Oracles.h5dump(f, "-d", "/d", "-y", "-w", "0");
    int at = out.indexOf("DATA {");
    String data = out.substring(at + 6, out.indexOf('}', at));
    return Arrays.stream(data.trim().split("[,\\s]+")).mapToInt(Integer::parseInt).toArray();
  }
}
