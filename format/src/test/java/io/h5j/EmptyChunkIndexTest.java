package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.MessageType;
import io.h5j.format.object.ObjectHeaderReader;
import io.h5j.format.object.StoredMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A chunked dataset created without data has no chunk index yet, as libhdf5 1.10.8 leaves it
 * with incremental allocation (h5py's default) for every index kind: single chunk, fixed
 * array, extensible array, v2 B-tree (latest format) and v1 B-tree (earliest), filtered or
 * not. The layout message (index type, parameters, undefined address) is the one libhdf5
 * writes for the same request, byte for byte and as h5debug lists it. The first chunk is then
 * written by h5j in the creating session, by h5j after reopening and by libhdf5 into h5j's
 * dataset, and by h5j into libhdf5's empty datasets (incremental and early allocation, the
 * latter an implicit index where unfiltered): values, chunk listings (offset, filter mask) and
 * index types equal those of libhdf5 doing the same to its own datasets, h5j reads every
 * dataset as h5py does, and h5dump reads both files.
 */
@OracleTest
class EmptyChunkIndexTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long U = Dataspace.UNLIMITED;

  /** A dataset shape of each index kind, and where the 2 x 2 block of values goes. */
  private record Kind(String name, long[] shape, long[] maxShape, long[] chunks,
      long[] start) {}

  private static final List<Kind> KINDS = List.of(
      new Kind("single", new long[] {4, 3}, new long[] {4, 3}, new long[] {4, 3},
          new long[] {1, 1}),
      new Kind("fixed", new long[] {8, 6}, new long[] {8, 6}, new long[] {4, 3},
          new long[] {4, 3}),
      new Kind("ea", new long[] {8, 6}, new long[] {U, 6}, new long[] {4, 3},
          new long[] {4, 3}),
      new Kind("bt2", new long[] {8, 6}, new long[] {U, U}, new long[] {4, 3},
          new long[] {4, 3}));

  private static final int[] BLOCK = {1, 2, 3, 4};

  private static final String COMMON = String.join("\n",
      "import sys, json, subprocess, h5py, numpy as np",
      "from h5py import h5p, h5d, h5s",
      "KINDS = {'single': ((4, 3), (4, 3), (4, 3), (1, 1)), 'fixed': ((8, 6), (8, 6), (4, 3),"
          + " (4, 3)),",
      "         'ea': ((8, 6), (None, 6), (4, 3), (4, 3)), 'bt2': ((8, 6), (None, None), (4, 3),"
          + " (4, 3))}",
      "def kind(name):",
      "    return KINDS[name.split('_')[0]]",
      "def layout(path, addr):",
      "    out = subprocess.run(['h5debug', path, str(addr)], capture_output=True, text=True,",
      "                         check=True).stdout.splitlines()",
      "    i = next(i for i, s in enumerate(out) if \"`layout'\" in s)",
      "    lines = []",
      "    for s in out[i + 1:]:",
      "        if s.startswith('Message '):",
      "            break",
      "        if 'Raw message' not in s:",
      "            lines.append(' '.join(s.split()))",
      "    return lines",
      "");

  /** libhdf5 makes argv[1] (libver argv[2], deflate if argv[3] is 1): datasets argv[4:]. */
  private static final String MAKE = COMMON + String.join("\n",
      "with h5py.File(sys.argv[1], 'w', libver=sys.argv[2]) as f:",
      "    for name in sys.argv[4:]:",
      "        shape, maxshape, chunks, _ = kind(name)",
      "        p = h5p.create(h5p.DATASET_CREATE); p.set_chunk(chunks)",
      "        if sys.argv[3] == '1':",
      "            p.set_deflate(4)",
      "        if '_early' in name:",
      "            p.set_alloc_time(h5d.ALLOC_TIME_EARLY)",
      "        space = h5s.create_simple(shape, tuple(h5s.UNLIMITED if m is None else m",
      "                                               for m in maxshape))",
      "        h5d.create(f.id, name.encode(), h5py.h5t.STD_I32LE, space, p)");

  /** Object header addresses and h5debug's layout listing of datasets argv[2:] of argv[1]. */
  private static final String LAYOUTS = COMMON + String.join("\n",
      "r = {}",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    addrs = {n: h5py.h5o.get_info(f[n].id).addr for n in sys.argv[2:]}",
      "for n, a in addrs.items():",
      "    r[n] = dict(addr=a, layout=layout(sys.argv[1], a))",
      "print(json.dumps(r))");

  /** libhdf5 writes 1, 2 / 3, 4 at each dataset's start, datasets argv[2:] of argv[1]. */
  private static final String WRITE = COMMON + String.join("\n",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    for n in sys.argv[2:]:",
      "        r, c = kind(n)[3]",
      "        f[n][r:r + 2, c:c + 2] = [[1, 2], [3, 4]]");

  /** Per dataset of argv[1]: values (flat), chunks (offset, mask), index type as h5debug. */
  private static final String REPORT = COMMON + String.join("\n",
      "r = {}",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    for n in f:",
      "        d = f[n]",
      "        r[n] = dict(values=d[()].ravel().tolist(), addr=h5py.h5o.get_info(d.id).addr,",
      "            chunks=[[list(c.chunk_offset), c.filter_mask] for c in",
      "                    (d.id.get_chunk_info(i) for i in range(d.id.get_num_chunks()))])",
      "for n in r:",
      "    r[n]['index'] = [s for s in layout(sys.argv[1], r[n]['addr']) if 'Index Type' in s]",
      "    del r[n]['addr']",
      "print(json.dumps(r))");

  @ParameterizedTest(name = "{0}, deflate {1}")
  @CsvSource({"latest, false", "latest, true", "earliest, false", "earliest, true"})
  void noIndexUntilTheFirstChunkAsLibhdf5(String libver, boolean gzip) throws Exception {
    Oracles.requireH5py();
    Path ours = Files.createTempFile("empty-index", ".h5");
    Path lib = Files.createTempFile("empty-index-lib", ".h5");
    List<String> libNames = new ArrayList<>();
    for (Kind k : KINDS) {
      for (String v : List.of("same", "reopen", "lib", "h5j", "early_h5j", "early_lib")) {
        libNames.add(k.name() + "_" + v);
      }
    }
    List<String> make = new ArrayList<>(List.of(lib.toString(), libver, gzip ? "1" : "0"));
    make.addAll(libNames);
    Oracles.python(MAKE, make.toArray(String[]::new));
    if (libver.equals("earliest")) {
      Oracles.python("import sys, h5py\nh5py.File(sys.argv[1], 'w').close()", ours.toString());
    }
    try (H5File f = libver.equals("latest") ? H5File.create(ours) : H5File.openReadWrite(ours)) {
      for (Kind k : KINDS) {
        for (String v : List.of("same", "reopen", "lib")) {
          DatasetSpec spec = DatasetSpec.empty(Datatypes.INT32, k.shape()).maxShape(k.maxShape())
              .chunks(k.chunks());
          f.root().createDataset(k.name() + "_" + v, gzip ? spec.deflate(4) : spec);
        }
        writeBlock(f, k, k.name() + "_same");
      }
    }

    // still empty: the layout libhdf5 writes, byte for byte and as h5debug lists it
    List<String> empty = KINDS.stream().map(k -> k.name() + "_reopen").toList();
    JsonNode ourLayouts = layouts(ours, empty);
    JsonNode libLayouts = layouts(lib, empty);
    for (String n : empty) {
      assertEquals(libLayouts.get(n).get("layout"), ourLayouts.get(n).get("layout"), n);
      assertTrue(libLayouts.get(n).get("layout").toString()
          .contains("Index address: " + Long.toUnsignedString(-1L)), n + " " + libLayouts);
      assertArrayEquals(layoutBody(lib, libLayouts.get(n).get("addr").asLong()),
          layoutBody(ours, ourLayouts.get(n).get("addr").asLong()), n);
    }

    try (H5File f = H5File.openReadWrite(ours)) {
      for (Kind k : KINDS) {
        writeBlock(f, k, k.name() + "_reopen");
      }
    }
    try (H5File f = H5File.openReadWrite(lib)) {
      for (Kind k : KINDS) {
        writeBlock(f, k, k.name() + "_h5j");
        writeBlock(f, k, k.name() + "_early_h5j");
      }
    }
    List<String> libWrites = new ArrayList<>(List.of(ours.toString()));
    KINDS.forEach(k -> libWrites.add(k.name() + "_lib"));
    Oracles.python(WRITE, libWrites.toArray(String[]::new));
    libWrites.set(0, lib.toString());
    for (Kind k : KINDS) {
      for (String v : List.of("same", "reopen", "early_lib")) {
        libWrites.add(k.name() + "_" + v);
      }
    }
    Oracles.python(WRITE, libWrites.toArray(String[]::new));

    JsonNode ourReport = JSON.readTree(Oracles.python(REPORT, ours.toString()));
    JsonNode libReport = JSON.readTree(Oracles.python(REPORT, lib.toString()));
    for (Kind k : KINDS) {
      for (String v : List.of("same", "reopen", "lib")) {
        String n = k.name() + "_" + v;
        assertEquals(libReport.get(n), ourReport.get(n), n + " in h5j's file");
      }
      assertEquals(libReport.get(k.name() + "_lib"), libReport.get(k.name() + "_h5j"),
          k.name() + ": h5j and libhdf5 writing into libhdf5's empty dataset");
      assertEquals(libReport.get(k.name() + "_early_lib"),
          libReport.get(k.name() + "_early_h5j"),
          k.name() + ": h5j and libhdf5 writing into libhdf5's early-allocated dataset");
      assertTrue(libReport.get(k.name() + "_lib").get("values").toString().contains("4"),
          libReport.toString());
    }
    if (libver.equals("latest")) {
      assertEquals(!gzip, libReport.get("fixed_early_lib").get("index").toString()
          .contains("Implicit"), "libhdf5 makes an implicit index for early allocation,"
          + " unfiltered");
    }
    for (Path p : List.of(ours, lib)) {
      JsonNode report = p == ours ? ourReport : libReport;
      try (H5File f = H5File.open(p)) {
        for (var it = report.fieldNames(); it.hasNext();) {
          String n = it.next();
          int[] values = (int[]) f.dataset(n).read();
          assertEquals(report.get(n).get("values").toString(),
              JSON.valueToTree(values).toString(), n + " read by h5j");
        }
      }
      Oracles.h5dump(p);
    }
  }

  private static void writeBlock(H5File f, Kind k, String name) throws IOException {
    f.dataset(name).write(Selection.box(k.start(), new long[] {2, 2}), BLOCK);
  }

  private static JsonNode layouts(Path file, List<String> names) throws IOException {
    List<String> args = new ArrayList<>(List.of(file.toString()));
    args.addAll(names);
    return JSON.readTree(Oracles.python(LAYOUTS, args.toArray(String[]::new)));
  }

  /** The data layout message stored in the object header at {@code address}. */
  private static byte[] layoutBody(Path file, long address) throws IOException {
    try (FileAccess fa = FileAccess.openRead(file)) {
      for (StoredMessage m : ObjectHeaderReader.read(fa, address).messages()) {
        if (m.type() == MessageType.LAYOUT) {
          return m.body();
        }
      }
    }
    throw new AssertionError("no layout message at " + address);
  }
}
