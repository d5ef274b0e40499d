package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.internal.DatasetInternals;

import io.h5j.H5File;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Repacks of datasets whose partial edge chunks libhdf5 stores unfiltered (layout flag set
 * by H5Pset_chunk_opts with H5D_CHUNK_DONT_FILTER_PARTIAL_CHUNKS, through ctypes: h5py cannot
 * set it), in each chunk index libhdf5 1.10 writes, filtered by deflate and by shuffle then
 * deflate. A plain repack keeps the option and every stored chunk byte for byte; filter and
 * layout options re-encode the chunks as h5repack 1.10.8 does (it drops the option, so every
 * chunk is filtered). libhdf5 is the judge throughout: h5py describes every stored chunk,
 * h5diff compares, h5dump reads, and libhdf5 goes on resizing and writing the output.
 */
@OracleTest
class PartialEdgeChunkRepackTest {
  /**
   * Python: {@code make(path)} writes, with the option, int32 datasets of values i + 1 and
   * fill -7, chunks 4 x 3: {bt2, ea, fa, fixed}_{gzip, shuf} (13 x 11, both dimensions
   * unlimited, the first, neither, neither and no growth: a v2 B-tree, an extensible array,
   * fixed arrays) and single_{gzip,
   * shuf} (4 x 3 of one chunk, then shrunk to 3 x 2: libhdf5 keeps the single chunk index and
   * stores the chunk raw); and vlen (variable-length strings, 5 of chunks of 2, gzip: its
   * elements point into the global heap, so a repack rewrites its chunks).
   *
   * <p>{@code describe(path, stored)} checks every stored chunk against what libhdf5 reads
   * (an edge chunk of a dataset with the option raw, any other one decoded by the dataset's
   * filters; filter mask 0; what lies inside the extent equal to the values) and describes
   * each dataset: shape, digest of its values, chunks, filter ids, chunk options, index type
   * (libhdf5's H5Dget_chunk_index_type) and per chunk its offset, encoding and the digest of
   * its decoded bytes; with {@code stored}, also of its stored bytes.
   *
   * <p>{@code more(path)} has libhdf5 grow, write and shrink every dataset, then grow it
   * again to a shape with partial edge chunks, and write into two of them.
   */
  private static final String PY = Oracles.PY_INT32_SHA + Oracles.PY_LIBHDF5 + String.join(
      "\n",
      "import zlib",
      "U = h5py.h5s.UNLIMITED",
      "KINDS = {'bt2': ((13, 11), (U, U)), 'ea': ((13, 11), (U, 30)),",
      "         'fa': ((13, 11), (30, 30)), 'fixed': ((13, 11), (13, 11)),",
      "         'single': ((4, 3), (4, 3))}",
      "def make(path):",
      "    with h5py.File(path, 'w', libver='latest') as f:",
      "        for kind, (shape, maxshape) in KINDS.items():",
      "            for pipe in ('gzip', 'shuf'):",
      "                dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
      "                dcpl.set_chunk((4, 3))",
      "                if pipe == 'shuf':",
      "                    dcpl.set_shuffle()",
      "                dcpl.set_deflate(4)",
      "                dcpl.set_fill_value(np.array(-7, '<i4'))",
      "                assert hdf5().H5Pset_chunk_opts(ctypes.c_int64(dcpl.id), 2) >= 0",
      "                space = h5py.h5s.create_simple(shape, maxshape)",
      "                name = kind + '_' + pipe",
      "                h5py.h5d.create(f.id, name.encode(), h5py.h5t.STD_I32LE, space, dcpl=dcpl)",
      "                f[name][...] = np.arange(shape[0] * shape[1]).reshape(shape) + 1",
      "        f['single_gzip'].resize((3, 2))",
      "        f['single_shuf'].resize((3, 2))",
      "        dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
      "        dcpl.set_chunk((2,))",
      "        dcpl.set_deflate(4)",
      "        assert hdf5().H5Pset_chunk_opts(ctypes.c_int64(dcpl.id), 2) >= 0",
      "        t = h5py.string_dtype()",
      "        tid = h5py.h5t.py_create(t, logical=True)",
      "        space = h5py.h5s.create_simple((5,), (U,))",
      "        h5py.h5d.create(f.id, b'vlen', tid, space, dcpl=dcpl)",
      "        f['vlen'][...] = np.array(['a', 'bb', 'ccc', 'dddd', 'eeeee'], dtype=t)",
      "def decoded(raw, filters, size, mask):",
      "    for i, code in reversed(list(enumerate(filters))):",
      "        if mask & 1 << i:",
      "            continue",
      "        if code == 1:",
      "            raw = zlib.decompress(raw)",
      "        elif code == 2:",
      "            raw = np.frombuffer(raw, 'u1').reshape(size, -1).T.tobytes()",
      "        else:",
      "            raise SystemExit('filter %d' % code)",
      "    return raw",
      "def digest(b):",
      "    return hashlib.sha256(b).hexdigest()[:12]",
      "def describe(path, stored):",
      "    lib = hdf5()",
      "    out = []",
      "    with h5py.File(path, 'r') as f:",
      "        for name in sorted(f):",
      "            d = f[name]",
      "            a = d[()]",
      "            ints = a.dtype.kind == 'i'",
      "            head = '%s %s %s' % (name, d.shape, sha(a)[:12] if ints else repr(a.tolist()))",
      "            p = d.id.get_create_plist()",
      "            if not d.chunks:",
      "                out.append(head + ' layout %d' % p.get_layout())",
      "                continue",
      "            opts, index = ctypes.c_uint(), ctypes.c_int()",
      "            assert lib.H5Pget_chunk_opts(ctypes.c_int64(p.id), ctypes.byref(opts)) >= 0",
      "            assert lib.H5Dget_chunk_index_type(ctypes.c_int64(d.id.id),",
      "                                               ctypes.byref(index)) >= 0",
      "            filters = [p.get_filter(i)[0] for i in range(p.get_nfilters())]",
      "            out.append(head + ' chunks %s filters %s opts %d index %d'",
      "                       % (d.chunks, filters, opts.value, index.value))",
      "            size = d.id.get_type().get_size() if ints else 16  # in the file",
      "            for i in range(d.id.get_num_chunks()):",
      "                off = d.id.get_chunk_info(i).chunk_offset",
      "                mask, raw = d.id.read_direct_chunk(off)",
      "                edge = any(o + c > s for o, c, s in zip(off, d.chunks, d.shape))",
      "                unfiltered = not filters or edge and opts.value & 2",
      "                data = raw if unfiltered else decoded(raw, filters, size, mask)",
      "                assert len(data) == size * np.prod(d.chunks), (path, name, off, mask)",
      "                # libhdf5 skips shuffle on variable-length strings (mask 1), h5j not",
      "                assert mask == 0 or not ints, (path, name, off, mask)",
      "                line = '  %s %s' % (off, 'raw' if unfiltered else 'filtered')",
      "                if ints:",
      "                    got = np.frombuffer(data, '<i4').reshape(d.chunks)",
      "                    inside = a[tuple(slice(o, o + c) for o, c in zip(off, d.chunks))]",
      "                    part = got[tuple(slice(0, s) for s in inside.shape)]",
      "                    assert (part == inside).all(), (path, name, off)",
      "                    line += ' ' + digest(data) + (' ' + digest(raw) if stored else '')",
      "                out.append(line)",
      "    return '\\n'.join(out)",
      "def more(path):",
      "    with h5py.File(path, 'r+') as f:",
      "        for name in sorted(f):",
      "            d = f[name]",
      "            if d.ndim == 1:",
      "                d.resize((8,))",
      "                d[4:7] = ['x', 'yy', 'zzz']",
      "                continue",
      "            big = {'single': (4, 3), 'fixed': (13, 11)}.get(name[:-5], (17, 16))",
      "            d.resize(big)",
      "            n = (big[0] - 1) * (big[1] - 1)",
      "            d[1:, 1:] = (np.arange(n) * 3 - 100).reshape(big[0] - 1, big[1] - 1)",
      "            d.resize((big[0] - 1, big[1] - 2))",
      "            d.resize({'single': (3, 2), 'fixed': (13, 11)}.get(name[:-5], (18, 17)))",
      "            d[-1, -1] = 7",
      "            d[-1, 0] = 8",
      "");

  private static Path make() throws IOException {
    Path in = Files.createTempDirectory("h5j-edge-repack").resolve("in.h5");
    Oracles.python(PY + "make(sys.argv[1])", in.toString());
    return in;
  }

  private static String describe(Path file, boolean stored) throws IOException {
    return Oracles.python(PY + "print(describe(sys.argv[1], sys.argv[2] == 'stored'))",
        file.toString(), stored ? "stored" : "decoded").strip();
  }

  /** libhdf5 judges OUT a copy of IN, and so does h5j's verifier. */
  private static void assertSameContent(Path in, Path out) throws IOException {
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20), "h5j's verifier");
  }

  /**
   * A plain repack keeps the option and every stored chunk (raw edge chunks, filtered whole
   * ones) byte for byte; the single chunk index of a dataset shrunk within its chunk becomes
   * the fixed array libhdf5 would create for that shape. libhdf5 then resizes and writes the
   * output as it does its own file: the same chunks, stored alike.
   */
  @Test
  void plainRepackKeepsTheOptionAndEveryStoredChunk() throws IOException {
    Path in = make();
    Path out = in.resolveSibling("out.h5");
    Repacker.builder().build().repack(in, out);
    assertSameContent(in, out);
    String before = describe(in, true);
    assertTrue(before.contains(" raw ") && before.contains(" filtered ")
        && before.contains("single_gzip (3, 2) "), before);
    assertEquals(List.of(" opts 2 index 5", " opts 2 index 4", " opts 2 index 3",
        " opts 2 index 1"), indexes(before), "libhdf5 made " + before);
    assertEquals(singleAsFixedArray(before), describe(out, true));

    Path inMore = in.resolveSibling("in-more.h5");
    Files.copy(in, inMore);
    Oracles.python(PY + "more(sys.argv[1])\nmore(sys.argv[2])", inMore.toString(),
        out.toString());
    String after = describe(inMore, true);
    assertTrue(after.contains("(16, 0) raw ") && after.contains("(12, 12) filtered ")
        && after.contains("(12, 9) raw ") && after.contains("single_shuf (3, 2) "), after);
    assertEquals(singleAsFixedArray(after), describe(out, true),
        "libhdf5 resizes and writes h5j's copy as its own file");
    assertEquals(List.of(), RepackVerifier.compare(inMore, out, 20), "h5j reads both alike");

    // the verifier reads raw edge chunks as raw: one changed value in one is found (the
    // raw chunk at [16, 0] holds 8 at [17, 0], its fourth element)
    long at = Long.parseLong(Oracles.python("import sys, h5py\nd = h5py.File(sys.argv[1])"
        + "['ea_shuf']\nprint(d.id.get_chunk_info_by_coord((16, 0)).byte_offset)",
        out.toString()).strip());
    try (FileChannel ch = FileChannel.open(out, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(new byte[] {9}), at + 12);
    }
    assertEquals(List.of("/ea_shuf: values differ in rows 0..17"),
        RepackVerifier.compare(inMore, out, 20));
  }

  /**
   * {@code description} with single chunk indexes (1) made fixed arrays (3): h5j writes the
   * index libhdf5 creates for the dataset's shape, and a single chunk index is made only
   * for a dataset of exactly one chunk (h5repack -L does the same when it re-creates one).
   */
  private static String singleAsFixedArray(String description) {
    return description.replace(" index 1", " index 3");
  }

  /** The distinct "opts N index N" endings of the dataset lines of a description. */
  private static List<String> indexes(String description) {
    return description.lines().filter(l -> l.contains(" opts "))
        .map(l -> l.substring(l.indexOf(" opts "))).distinct().collect(Collectors.toList());
  }

  /**
   * With 4-byte lengths, libhdf5 1.10.8 cannot open the extensible array it writes for a
   * dataset growing along one dimension, so repack writes a v1 B-tree, whose layout message
   * (version 3) has no room for the option: the raw edge chunks are filtered like the others,
   * and libhdf5 reads every value of the output (it cannot read the input; h5j can).
   */
  @Test
  void aV1BTreeIndexFiltersTheEdgeChunksItCannotMarkRaw() throws IOException {
    Path in = Files.createTempDirectory("h5j-edge-repack").resolve("lengths4.h5");
    Oracles.python(PY + String.join("\n",
        "fcpl = h5py.h5p.create(h5py.h5p.FILE_CREATE)",
        "fcpl.set_sizes(8, 4)",
        "fapl = h5py.h5p.create(h5py.h5p.FILE_ACCESS)",
        "fapl.set_libver_bounds(h5py.h5f.LIBVER_LATEST, h5py.h5f.LIBVER_LATEST)",
        "fid = h5py.h5f.create(sys.argv[1].encode(), h5py.h5f.ACC_TRUNC, fcpl=fcpl, fapl=fapl)",
        "dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)",
        "dcpl.set_chunk((4, 3))",
        "dcpl.set_deflate(4)",
        "assert hdf5().H5Pset_chunk_opts(ctypes.c_int64(dcpl.id), 2) >= 0",
        "space = h5py.h5s.create_simple((13, 11), (U, 30))",
        "with h5py.File(fid) as f:",
        "    h5py.h5d.create(f.id, b'ea_gzip', h5py.h5t.STD_I32LE, space, dcpl=dcpl)",
        "    f['ea_gzip'][...] = np.arange(143).reshape(13, 11) + 1"), in.toString());
    int[] want = new int[143];
    for (int i = 0; i < want.length; i++) {
      want[i] = i + 1;
    }
    try (H5File h = H5File.open(in)) {
      LayoutMessage.Chunked l =
          (LayoutMessage.Chunked) DatasetInternals.layout(h.dataset("ea_gzip"));
      assertTrue(l.edgesUnfiltered() && l.indexType() == 4, l::toString);
      assertArrayEquals(want, (int[]) h.dataset("ea_gzip").read(), "h5j reads the input");
    }
    Path out = in.resolveSibling("out.h5");
    Repacker.builder().build().repack(in, out);
    RepackOracle.assertReadable(out);
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20), "h5j's verifier");
    String got = describe(out, true);
    assertTrue(got.startsWith("ea_gzip (13, 11) " + Oracles.python(PY
        + "print(sha(np.arange(143).reshape(13, 11) + 1)[:12])").strip()
        + " chunks (4, 3) filters [1] opts 0 index 0\n"), got);
    assertEquals(16, got.lines().filter(x -> x.contains(" filtered ")).count(), got);
  }

  /**
   * One run of repack options: the datasets they change (names starting with one of
   * {@code changed}, "a|b"), which must be described as in h5repack's output, and those they
   * leave (the rest), which must be described as after a plain repack.
   */
  private record Options(String changed, String... args) {}

  /**
   * Filter and layout options re-encode every chunk of the datasets they change as h5repack
   * 1.10.8 does in a file of the latest format ({@code h5repack -L}): the new dataset has no
   * option, so its edge chunks are filtered like the others (or stored plain with NONE), and
   * libhdf5 reads the values of IN. The datasets they leave keep their storage, option and
   * all: where h5repack re-creates them anyway (it drops the option of every dataset once
   * any option is given) or makes growable datasets contiguous by changing their maximum
   * shape, and where libhdf5 would refuse the layout (chunks larger than a fixed maximum, a
   * layout of another rank).
   */
  @Test
  void filterAndLayoutOptionsReencodeAsH5repackDoes() throws IOException {
    Path in = make();
    String all = "bt2|ea|fa_|fixed|single|vlen";
    Options[] cases = {new Options(all, "-f", "GZIP=6"), new Options(all, "-f", "NONE"),
        new Options(all, "-f", "SHUF"), new Options(all, "-f", "SHUF", "-f", "GZIP=6"),
        new Options("bt2|ea|fa_|fixed", "-l", "CHUNK=5x2"),
        new Options("fixed", "-l", "CONTI"),
        new Options("bt2_gzip|fa_shuf|vlen", "-f", "/fa_shuf,/vlen:NONE", "-l",
            "/bt2_gzip:CHUNK=2x5")};
    String plain = singleAsFixedArray(describe(in, false));
    for (Options o : cases) {
      String what = String.join(" ", o.args());
      Path ours = in.resolveSibling("h5j " + what.replace('/', '_') + ".h5");
      Path theirs = in.resolveSibling("h5repack " + what.replace('/', '_') + ".h5");
      Repacker.Builder b = Repacker.builder();
      for (int i = 0; i < o.args().length; i += 2) {
        if (o.args()[i].equals("-f")) {
          b.filter(FilterOption.parse(o.args()[i + 1]));
        } else {
          b.layout(LayoutOption.parse(o.args()[i + 1]));
        }
      }
      b.build().repack(in, ours);
      assertSameContent(in, ours);
      List<String> cmd = new ArrayList<>(List.of("h5repack", "-L"));
      cmd.addAll(List.of(o.args()));
      cmd.addAll(List.of(in.toString(), theirs.toString()));
      Oracles.Run r = Oracles.run(cmd);
      assertEquals(0, r.exitCode(), what + ": " + r.stderr());
      String got = describe(ours, false);
      String changed = datasets(got, o.changed(), true);
      assertEquals(datasets(describe(theirs, false), o.changed(), true), changed,
          what + ": h5j's output described by h5py vs h5repack's");
      assertTrue(!changed.isEmpty() && !changed.contains(" opts 2")
          && (!changed.contains(" raw ") || what.contains("NONE")), changed);
      assertEquals(datasets(plain, o.changed(), false), datasets(got, o.changed(), false),
          what + ": datasets left as they were");
    }
  }

  /**
   * The lines of the datasets whose names start ({@code starting}) or do not start with one
   * of {@code prefixes} ("a|b").
   */
  private static String datasets(String description, String prefixes, boolean starting) {
    List<String> kept = new ArrayList<>();
    boolean keep = false;
    for (String line : description.lines().toList()) {
      if (!line.startsWith(" ")) {
        keep = line.matches("(" + prefixes + ").*") == starting;
      }
      if (keep) {
        kept.add(line);
      }
    }
    return String.join("\n", kept);
  }
}
