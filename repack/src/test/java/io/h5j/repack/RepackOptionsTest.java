package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.filter.Filters;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Filter and layout changes: libhdf5 reads the same values, stored as asked. */
@OracleTest
class RepackOptionsTest {
  /** Prints path, chunks, compression and options of every non-virtual dataset (h5py). */
  private static final String STORAGE = String.join("\n",
      "import sys, h5py",
      "f = h5py.File(sys.argv[1], 'r')",
      "def v(n, o):",
      "    if isinstance(o, h5py.Dataset) and not o.is_virtual:",
      "        print(n, o.chunks, o.compression, o.compression_opts, o.shuffle)",
      "f.visititems(v)");

  private static Path repack(String fixture, Repacker.Builder b) throws IOException {
    Path in = Fixtures.file(fixture);
    Path out = Files.createTempDirectory("repack-options").resolve(fixture);
    b.build().repack(in, out);
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20));
    return out;
  }

  private static List<String> storage(Path file) throws IOException {
    return Oracles.python(STORAGE, file.toString()).lines().toList();
  }

  @ParameterizedTest
  @ValueSource(strings = {"layouts_latest.h5", "layouts_earliest.h5", "datatypes_latest.h5"})
  void gzipEverywhereChunksWhatIsNotChunked(String fixture) throws IOException {
    Path out = repack(fixture, Repacker.builder().filter(FilterOption.parse("SHUF"))
        .filter(FilterOption.parse("GZIP=6")));
    for (String line : storage(out)) {
      boolean scalar = line.contains(" None None None False");
      assertTrue(scalar || line.endsWith(" gzip 6 True"), line);
    }
  }

  @Test
  void contiguousAndCompactWhereTheShapeAllows() throws IOException {
    Path conti = repack("layouts_latest.h5", Repacker.builder()
        .layout(LayoutOption.parse("CONTI")));
    for (String line : storage(conti)) {
      boolean growable = line.startsWith("chunked_empty_unlimited ")
          || line.startsWith("chunked_maxshape ") || line.startsWith("chunked_unlimited_");
      assertEquals(growable, !line.contains(" None None None False"), line);
    }
    Path compa = repack("layouts_latest.h5", Repacker.builder()
        .layout(LayoutOption.parse("COMPA")));
    String layouts = Oracles.python("import sys, h5py\nf = h5py.File(sys.argv[1], 'r')\n"
        + "print(f['chunked_fixed'].id.get_create_plist().get_layout() == h5py.h5d.COMPACT)",
        compa.toString());
    assertEquals("True", layouts.trim());
  }

  @Test
  void namedDatasetsGetTheirOwnChunksAndFilters() throws IOException {
    Path out = repack("layouts_latest.h5", Repacker.builder()
        .layout(LayoutOption.parse("/chunked_fixed,chunked_partial_edges:CHUNK=3x4"))
        .filter(FilterOption.parse("chunked_gzip_shuffle_fletcher32:NONE")));
    List<String> s = storage(out);
    assertTrue(s.contains("chunked_fixed (3, 4) None None False"), s::toString);
    assertTrue(s.contains("chunked_partial_edges (3, 4) None None False"), s::toString);
    assertTrue(s.contains("chunked_gzip_shuffle_fletcher32 (5, 5) None None False"),
        s::toString);
    assertTrue(s.contains("chunked_single_chunk (4, 4) None None False"), s::toString);
  }

  /**
   * Datasets never written get no storage in their new layout either, as h5repack leaves
   * them (it writes nothing into them): the same layouts, pipelines, chunks (none) as
   * h5repack's OUT, and h5diff reads the fill values in both.
   */
  @Test
  void neverWrittenDatasetsStayUnallocated() throws IOException {
    Path in = Files.createTempFile("never-written", ".h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
        "    f.create_dataset('contiguous', shape=(100,), dtype='i4', fillvalue=3)",
        "    f.create_dataset('chunked', shape=(40, 6), dtype='f8', chunks=(10, 3))",
        "    f.create_dataset('written', data=np.arange(50, dtype='i4'), chunks=(10,))"),
        in.toString());
    Path dir = Files.createTempDirectory("never-written");
    for (String filter : List.of("GZIP=1", "SHUF")) {
      Path expected = dir.resolve(filter + ".h5repack.h5");
      Path out = dir.resolve(filter + ".h5");
      RepackOracle.h5repack(in, expected, List.of(filter));
      Repacker.builder().filter(FilterOption.parse(filter)).build().repack(in, out);
      String libhdf5 = RepackOracle.storage(expected);
      assertTrue(libhdf5.contains("contiguous 2 (100,) [(" + (filter.equals("SHUF") ? 2 : 1)
          + ", 1, (") && libhdf5.contains(")] [] unallocated\nwritten"), libhdf5);
      assertEquals(libhdf5, RepackOracle.storage(out));
      RepackOracle.assertSameContent(in, out);
      // no chunk index either: libhdf5 makes one with the first chunk (h5repack's OUT has
      // the earliest format's v1 B-tree, h5j's a fixed array: only the address is compared)
      assertEquals(indexAddress(expected, "chunked"), indexAddress(out, "chunked"));
      assertEquals(Long.toUnsignedString(-1L), indexAddress(out, "chunked"));
    }
  }

  /**
   * {@code -f SZIP=8,NN} and {@code SZIP=16,EC} make what h5repack makes (same layouts,
   * pipelines with libhdf5's client data, same content by h5diff) for integers and floats of
   * every width in both byte orders, chunked anew where they were contiguous.
   */
  @Test
  void szipStorageEqualsH5repacks() throws IOException {
    Path in = Files.createTempFile("szip-repack", ".h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    t = np.arange(3000)",
        "    for dt in ['i1', '<u2', '>i2', '<i4', '>u4', '<i8', '<f4', '>f4', '<f8', '>f8']:",
        "        f.create_dataset('d' + dt.replace('<', 'le').replace('>', 'be'),",
        "                         data=(np.sin(t / 40.0) * 100).astype(dt).reshape(60, 50))",
        "    f.create_dataset('chunked', data=t.reshape(30, 100).astype('<i2'), chunks=(7, 33))"),
        in.toString());
    Path dir = Files.createTempDirectory("szip-repack");
    for (String filter : List.of("SZIP=8,NN", "SZIP=16,EC")) {
      Path expected = dir.resolve(filter.replace(',', '_') + ".h5repack.h5");
      Path out = dir.resolve(filter.replace(',', '_') + ".h5");
      RepackOracle.h5repack(in, expected, List.of(filter));
      Repacker.builder().filter(FilterOption.parse(filter)).build().repack(in, out);
      String libhdf5 = RepackOracle.storage(expected);
      assertTrue(libhdf5.contains("(4, 1, ("), libhdf5);
      assertEquals(libhdf5, RepackOracle.storage(out));
      RepackOracle.assertSameContent(in, out);
    }
  }

  /** The chunk index address h5debug lists in the layout message of a dataset. */
  private static String indexAddress(Path file, String dataset) throws IOException {
    long address;
    try (io.h5j.H5File f = io.h5j.H5File.open(file)) {
      address = f.dataset(dataset).address();
    }
    Oracles.Run r = Oracles.run(List.of("h5debug", file.toString(), Long.toString(address)));
    assertEquals(0, r.exitCode(), r.stderr());
    return r.stdout().lines().filter(s -> s.contains("Index address:")).findFirst()
        .orElseThrow().replace("Index address:", "").strip();
  }

  @Test
  void lzfChunksReadTheSameInH5py() throws IOException {
    // libhdf5's tools lack LZF here; h5py registers it itself
    Path in = Fixtures.file("layouts_latest.h5");
    Path out = Files.createTempDirectory("repack-lzf").resolve("lzf.h5");
    Repacker.builder().filter(FilterOption.parse("LZF")).build().repack(in, out);
    String script = String.join("\n",
        "import sys, h5py, numpy as np",
        "a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')",
        "n = 0",
        "for k in a:",
        "    if a[k].ndim and not a[k].is_virtual:",
        "        assert b[k].compression == 'lzf', k",
        "        assert np.array_equal(a[k][()], b[k][()]), k",
        "        n += 1",
        "print(n)");
    int checked = Integer.parseInt(Oracles.python(script, in.toString(), out.toString()).trim());
    assertTrue(checked >= 15, "only " + checked + " datasets checked");
  }

  @Test
  void optionsAreParsedOrRefusedWithAReason() {
    FilterOption f = FilterOption.parse("/a,b:GZIP=3");
    assertEquals(List.of("/a", "/b"), f.paths());
    assertEquals(Filters.DEFLATE, f.filter().id());
    assertEquals(3, f.filter().clientData()[0]);
    assertEquals(null, FilterOption.parse("NONE").filter());
    LayoutOption l = LayoutOption.parse("CHUNK=16x32");
    assertEquals(List.of(), l.paths());
    assertEquals(16, l.chunks()[0]);
    assertEquals(32, l.chunks()[1]);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> FilterOption.parse("GZIP=12"))
        .getMessage().contains("0..9"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> FilterOption.parse("SZOP"))
        .getMessage().contains("unknown filter"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> FilterOption.parse("SZIP"))
        .getMessage().contains("SZIP=<pixels per block>,<NN|EC>"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> FilterOption.parse(
        "SZIP=8,XX")).getMessage().contains("not NN or EC"));
    assertArrayEquals(new int[] {1 | 32 | 128, 8},
        FilterOption.parse("SZIP=8,NN").filter().clientData());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LayoutOption.parse(
        "CHUNK=4x0")).getMessage().contains("positive"));
  }

  @Test
  void aLayoutANamedDatasetCannotHaveIsRefusedAndLeavesNoOutput() throws IOException {
    Path dir = Files.createTempDirectory("repack-refused");
    Path out = dir.resolve("out.h5");
    RepackException e = assertThrows(RepackException.class, () -> Repacker.builder()
        .layout(LayoutOption.parse("/chunked_unlimited_1d:CONTI")).build()
        .repack(Fixtures.file("layouts_latest.h5"), out));
    assertEquals("/chunked_unlimited_1d", e.objectPath());
    assertTrue(e.getMessage().contains("must stay chunked"), e.getMessage());
    assertEquals(0, Files.list(dir).count());
  }

  /**
   * Chunks of 4 GiB or more, which libhdf5 refuses to create: asked for a named dataset,
   * refused naming it, even one never written, where no chunk would be copied to find out,
   * and nothing is left behind; asked for every dataset, that one is skipped (copied as it
   * is), as any layout a dataset cannot have.
   */
  @Test
  void chunksOf4GiBAreRefusedAndLeaveNoOutput() throws IOException {
    Path dir = Files.createTempDirectory("repack-4gib");
    Path in = dir.resolve("in.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('never_written', shape=(1 << 20, 1 << 20), dtype='u1')"),
        in.toString());
    Path out = dir.resolve("out.h5");
    RepackException e = assertThrows(RepackException.class, () -> Repacker.builder()
        .layout(LayoutOption.parse("/never_written:CHUNK=65536x65536")).build()
        .repack(in, out));
    assertEquals("/never_written", e.objectPath());
    assertTrue(e.getMessage().contains("4 GiB"), e.getMessage());
    assertEquals(List.of(in), Files.list(dir).toList());
    Repacker.builder().layout(LayoutOption.parse("CHUNK=65536x65536")).build().repack(in, out);
    assertTrue(Oracles.h5dump(out, "-p", "-H").contains("CONTIGUOUS"));
    Path under = dir.resolve("under.h5");
    Repacker.builder().layout(LayoutOption.parse("/never_written:CHUNK=65536x65535")).build()
        .repack(in, under);
    assertTrue(Oracles.h5dump(under, "-p", "-H").contains("CHUNKED ( 65536, 65535 )"));
  }
}
