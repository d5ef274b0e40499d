package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.format.filter.Filters;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.CharacterSet;
import io.h5j.type.CompoundType;
import io.h5j.type.Datatypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The filters h5j's {@link DatasetSpec} builders add are optional or required as libhdf5
 * 1.10.8 and h5py 3.7 make them for the same request (deflate, shuffle optional; fletcher32
 * required; LZF and compression=&lt;id&gt; optional), with the same client data and stored
 * names, and an optional filter that cannot apply to a chunk is skipped there as libhdf5 skips
 * it. h5j writes each dataset; h5py creates its twin in another file with the equivalent
 * create_dataset call (or dcpl.set_filter) and writes the values it reads from h5j's; then
 * h5py's get_filter and get_chunk_info and h5debug's listing of the filter pipeline message
 * must be the same for both files.
 */
@OracleTest
class FilterFlagsMatchLibhdf5Test {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * For each dataset of h5j's file (argv[1]) libhdf5 makes the twin in argv[2]: the CASES
   * entry is (create_dataset keywords or a dcpl maker, write values?). Prints for both files,
   * per dataset: get_filter (id, flags, client data), the filter pipeline message as h5debug
   * lists it (names included; the raw message offset dropped), the chunks' filter masks and
   * the values.
   */
  private static final String TWINS = String.join("\n",
      "import sys, json, subprocess, h5py, numpy as np",
      "from h5py import h5p",
      "def dcpl(chunks, *filters):",
      "    p = h5p.create(h5p.DATASET_CREATE); p.set_chunk(chunks)",
      "    for f in filters: p.set_filter(*f)",
      "    return p",
      "CASES = {",
      "  'gzip': (dict(compression='gzip', compression_opts=4), True),",
      "  'gzip_random': (dict(compression='gzip', compression_opts=9), True),",
      "  'shuffle': (dict(shuffle=True), True),",
      "  'shuffle_int8': (dict(shuffle=True), True),",
      "  'fletcher32': (dict(fletcher32=True), True),",
      "  'all3': (dict(shuffle=True, compression='gzip', compression_opts=6, fletcher32=True),"
          + " True),",
      "  'lzf': (dict(compression='lzf'), True),",
      "  'lzf_2d_random': (dict(compression='lzf'), True),",
      "  'bzip2': (dict(compression=307, compression_opts=(9,), allow_unknown_filter=True),"
          + " False),",
      "  'lz4': (dict(compression=32004, allow_unknown_filter=True), False),",
      "  'zstd': (dict(compression=32015, compression_opts=(3,), allow_unknown_filter=True),"
          + " False),",
      // an id of the range libhdf5 reserves for tests (256-511): no plugin of this machine
      // registers it (32001 did until Debian's Blosc plugin was installed)
      "  'unknown_optional': (dcpl((10,), (511, 1, (7,))), True),",
      "  'gzip_required': (dcpl((10,), (1, 0, (6,))), True),",
      "  'vlen_str': (dict(shuffle=True, compression='gzip', compression_opts=4), True),",
      "  'vlen_str_lzf': (dict(compression='lzf'), True),",
      "  'vlen_seq': (dict(shuffle=True, compression='gzip', compression_opts=4), True),",
      "  'compound_vlen': (dict(shuffle=True, fletcher32=True), True),",
      "}",
      "with h5py.File(sys.argv[1], 'r') as o, h5py.File(sys.argv[2], 'w', libver=sys.argv[3]) as l:",
      "    for name, (how, data) in CASES.items():",
      "        src = o[name]",
      "        if isinstance(how, dict):",
      "            d = l.create_dataset(name, shape=src.shape, dtype=src.dtype, chunks=src.chunks,",
      "                                 **how)",
      "        else:",
      "            h5py.h5d.create(l.id, name.encode(), src.id.get_type(), src.id.get_space(), how)",
      "            d = l[name]",
      "        if data:",
      "            d[...] = src[()]",
      "def pipeline(path, addr):",
      "    out = subprocess.run(['h5debug', path, str(addr)], capture_output=True, text=True,",
      "                         check=True).stdout.splitlines()",
      "    start = next(i for i, s in enumerate(out) if 'filter pipeline' in s)",
      "    lines = []",
      "    for s in out[start + 1:]:",
      "        if s.startswith('Message '):",
      "            break",
      "        if 'Raw message data' not in s:",
      "            lines.append(s.strip())",
      "    return lines",
      "def describe(path):",
      "    r = {}",
      "    with h5py.File(path, 'r') as f:",
      "        for name in CASES:",
      "            d = f[name]; p = d.id.get_create_plist()",
      "            r[name] = dict(",
      "                filters=[[x[0], x[1], list(x[2])] for x in",
      "                         (p.get_filter(i) for i in range(p.get_nfilters()))],",
      "                debug=pipeline(path, h5py.h5o.get_info(d.id).addr),",
      "                masks=[d.id.get_chunk_info(i).filter_mask",
      "                       for i in range(d.id.get_num_chunks())],",
      "                values=repr(d[()].tolist()) if CASES[name][1] else '')",
      "    return r",
      "print(json.dumps(dict(ours=describe(sys.argv[1]), lib=describe(sys.argv[2]))))");

  /**
   * In a file of the latest format (h5j's own; pipeline message version 2, names stored for
   * ids from 256 only) and of the earliest (h5py's default file, written into by h5j; version
   * 1, every filter named).
   */
  @ParameterizedTest
  @ValueSource(strings = {"latest", "earliest"})
  void pipelinesAndChunkMasksEqualLibhdf5s(String libver) throws Exception {
    Oracles.requireH5py();
    Path ours = Files.createTempFile("filter-flags", ".h5");
    if (libver.equals("earliest")) {
      Oracles.python("import sys, h5py\nh5py.File(sys.argv[1], 'w').close()", ours.toString());
    }
    Path lib = Files.createTempFile("filter-flags-lib", ".h5");
    Random random = new Random(42);
    int[] counting = new int[100];
    for (int i = 0; i < counting.length; i++) {
      counting[i] = i / 3;
    }
    int[] noise = random.ints(100).toArray();
    byte[] bytes = new byte[100];
    random.nextBytes(bytes);
    double[] noise2d = random.doubles(12 * 10).toArray();
    String[] strings = new String[25];
    for (int i = 0; i < strings.length; i++) {
      strings[i] = "value " + i * i;
    }
    Object[] sequences = {new int[] {1, 2, 3}, new int[0], new int[] {-7}, new int[] {4, 4}};
    CompoundType withString = CompoundType.packed(List.of("a", "s"),
        List.of(Datatypes.INT32, Datatypes.vlenString(CharacterSet.UTF8)));
    Map<?, ?>[] records = new Map<?, ?>[6];
    for (int i = 0; i < records.length; i++) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("a", (long) i);
      m.put("s", "s" + i);
      records[i] = m;
    }
    try (H5File f = libver.equals("latest") ? H5File.create(ours) : H5File.openReadWrite(ours)) {
      Group g = f.root();
      g.createDataset("gzip", DatasetSpec.of(counting).chunks(10).deflate(4));
      g.createDataset("gzip_random", DatasetSpec.of(noise).chunks(10).deflate(9));
      g.createDataset("shuffle", DatasetSpec.of(counting).chunks(10).shuffle());
      g.createDataset("shuffle_int8", DatasetSpec.of(bytes).chunks(10).shuffle());
      g.createDataset("fletcher32", DatasetSpec.of(counting).chunks(10).fletcher32());
      g.createDataset("all3",
          DatasetSpec.of(counting).chunks(10).shuffle().deflate(6).fletcher32());
      g.createDataset("lzf", DatasetSpec.of(counting).chunks(10).lzf());
      g.createDataset("lzf_2d_random", DatasetSpec.of(noise2d).shape(12, 10).chunks(4, 5)
          .lzf());
      g.createDataset("bzip2", DatasetSpec.empty(Datatypes.INT32, 100).chunks(10).bzip2(9));
      g.createDataset("lz4", DatasetSpec.empty(Datatypes.INT32, 100).chunks(10).lz4());
      g.createDataset("zstd", DatasetSpec.empty(Datatypes.INT32, 100).chunks(10).zstd(3));
      g.createDataset("unknown_optional",
          DatasetSpec.of(counting).chunks(10).filter(511, true, 7));
      g.createDataset("gzip_required",
          DatasetSpec.of(counting).chunks(10).filter(Filters.DEFLATE, false, 6));
      g.createDataset("vlen_str", DatasetSpec.of(strings)
          .datatype(Datatypes.vlenString(CharacterSet.UTF8)).chunks(10).shuffle().deflate(4));
      g.createDataset("vlen_str_lzf", DatasetSpec.of(strings)
          .datatype(Datatypes.vlenString(CharacterSet.UTF8)).chunks(10).lzf());
      g.createDataset("vlen_seq", DatasetSpec.of(sequences)
          .datatype(Datatypes.vlenSequence(Datatypes.INT32)).chunks(2).shuffle().deflate(4));
      g.createDataset("compound_vlen", DatasetSpec.of(records).datatype(withString).chunks(4)
          .shuffle().fletcher32());
    }
    JsonNode both = JSON.readTree(Oracles.python(TWINS, ours.toString(), lib.toString(),
        libver));
    JsonNode ourSide = both.get("ours");
    JsonNode libSide = both.get("lib");
    List<String> names = List.of("gzip", "gzip_random", "shuffle", "shuffle_int8", "fletcher32",
        "all3", "lzf", "lzf_2d_random", "bzip2", "lz4", "zstd", "unknown_optional",
        "gzip_required", "vlen_str", "vlen_str_lzf", "vlen_seq", "compound_vlen");
    for (String name : names) {
      JsonNode o = ourSide.get(name);
      JsonNode l = libSide.get(name);
      assertEquals(l.get("filters"), o.get("filters"), name + ": get_filter");
      assertEquals(l.get("debug"), o.get("debug"), name + ": h5debug's pipeline message");
      assertEquals(l.get("masks"), o.get("masks"), name + ": chunk filter masks");
      assertEquals(l.get("values"), o.get("values"), name + ": values");
    }
    // what libhdf5 did, so that the comparisons above compared something
    assertEquals(1, libSide.get("gzip").get("filters").get(0).get(1).asInt());
    assertEquals(0, libSide.get("fletcher32").get("filters").get(0).get(1).asInt());
    assertEquals("[1,1,1,1,1,1,1,1,1,1]", libSide.get("unknown_optional")
        .get("masks").toString(), "libhdf5 skips an optional filter it lacks");
    assertTrue(libSide.get("lzf_2d_random").get("masks").toString().contains("1"),
        "incompressible chunks are stored without LZF");
    assertEquals("[1,1,1]", libSide.get("vlen_str").get("masks").toString(),
        "libhdf5 skips the shuffle of variable-length strings in every chunk");
    assertTrue(libSide.get("lzf").get("debug").toString().contains("\\\"lzf\\\""),
        libSide.get("lzf").get("debug").toString());
  }

  /**
   * libhdf5 refuses a required filter on variable-length elements (h5py: "not suitable for
   * filters"); h5j refuses the same request before writing anything, naming the filter.
   */
  @Test
  void requiredFiltersOnVariableLengthElementsAreRefusedAsLibhdf5RefusesThem()
      throws Exception {
    String out = Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    for name, t in [('s', h5py.string_dtype()), ('q', h5py.vlen_dtype(np.int32))]:",
        "        for kw in [dict(fletcher32=True), dict(compression='gzip', fletcher32=True)]:",
        "            try:",
        "                f.create_dataset(name, (4,), t, chunks=(2,), **kw)",
        "                print('created')",
        "            except ValueError as e:",
        "                print('refused', e)"),
        Files.createTempFile("vlen-required-lib", ".h5").toString());
    assertEquals(4, out.lines().filter(s -> s.contains("not suitable for filters")).count(),
        out);
    Path ours = Files.createTempFile("vlen-required", ".h5");
    try (H5File f = H5File.create(ours)) {
      f.root().createDataset("kept", DatasetSpec.of(new int[] {1, 2}));
      for (DatasetSpec spec : List.of(
          DatasetSpec.of(new String[] {"a", "b"}).chunks(1).fletcher32(),
          DatasetSpec.of(new String[] {"a", "b"}).chunks(1).deflate(1).fletcher32(),
          DatasetSpec.of(new Object[] {new int[] {1}}).datatype(
              Datatypes.vlenSequence(Datatypes.INT32)).chunks(1).filter(Filters.DEFLATE, false,
              1))) {
        var e = assertThrows(IllegalArgumentException.class,
            () -> f.root().createDataset("v", spec));
        assertTrue(e.getMessage().contains("variable-length")
            && e.getMessage().contains("optional"), e.getMessage());
      }
      assertFalse(f.root().contains("v"));
    }
    String dump = Oracles.h5dump(ours);
    assertTrue(dump.contains("DATASET \"kept\"") && !dump.contains("\"v\""), dump);
  }
}
