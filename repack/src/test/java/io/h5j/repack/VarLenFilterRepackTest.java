package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Filter options on datasets of variable-length elements (strings and sequences) give what
 * h5repack 1.10.8 gives: libhdf5 filters such datasets only through optional filters and
 * without their per-dataset step, so a shuffle is in the pipeline without an element size and
 * skipped in every chunk (filter mask bit set) while deflate compresses; a required filter
 * (fletcher32) cannot apply, and h5repack keeps such a dataset's old storage ("-v" warns) as
 * h5j does for an option naming no path, while a named one fails. Compound types holding
 * variable-length members and fixed-size types are filtered as usual.
 */
@OracleTest
class VarLenFilterRepackTest {
  private static final String WRITE = String.join("\n",
      "import sys, h5py, numpy as np",
      "s = h5py.string_dtype()",
      "words = np.array(['a', 'bb', 'ccc', 'dddd'] * 10, dtype=object)",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    f.create_dataset('strings', data=words, chunks=(10,), maxshape=(None,), dtype=s)",
      "    f.create_dataset('strings_contiguous', data=words[:7], dtype=s)",
      "    f.create_dataset('strings_gzip', data=words, chunks=(8,), dtype=s,"
          + " compression='gzip')",
      "    seqs = np.empty(5, dtype=object)",
      "    for i in range(5):",
      "        seqs[i] = np.arange(i, dtype='i4')",
      "    f.create_dataset('sequences', data=seqs, dtype=h5py.vlen_dtype('i4'), chunks=(2,))",
      "    c = np.zeros(6, dtype=[('n', 'i4'), ('s', s)])",
      "    c['s'] = ['x', 'yy', 'z', 'w', 'v', 'u']",
      "    f.create_dataset('compound_with_string', data=c, chunks=(3,))",
      "    a = np.array([['p', 'q'], ['r', 's'], ['t', 'u']], dtype=object)",
      "    f.create_dataset('strings_2d', data=a, dtype=s)",
      "    f.create_dataset('numbers', data=np.arange(40, dtype='i4'), chunks=(16,))",
      "    f.create_dataset('fixed_strings', data=np.array([b'abc', b'de'], dtype='S3'))",
      "    f.create_dataset('scalar_string', data='hello', dtype=s)");

  private static Path input() throws IOException {
    Path in = Files.createTempFile("varlen-filters", ".h5");
    Oracles.python(WRITE, in.toString());
    return in;
  }

  private static RepackReport h5j(Path in, Path out, List<String> options) throws IOException {
    Repacker.Builder b = Repacker.builder();
    options.forEach(o -> b.filter(FilterOption.parse(o)));
    return b.build().repack(in, out);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHUF", "GZIP=1,SHUF", "SHUF,GZIP=1", "FLET", "SHUF,FLET",
      "GZIP=1,FLET", "NONE", "/strings:SHUF", "/strings,/sequences:GZIP=3,/strings:SHUF"})
  void storageMatchesH5repack(String optionList) throws IOException {
    List<String> options = optionList.contains(":")
        ? List.of(optionList.replace(",/strings:", ";/strings:").split(";"))
        : List.of(optionList.split(","));
    Path in = input();
    Path dir = Files.createTempDirectory("varlen-filters");
    Path expected = dir.resolve("h5repack.h5");
    Path out = dir.resolve("h5j.h5");
    String log = RepackOracle.h5repack(in, expected, options);
    RepackReport report = h5j(in, out, options);
    String libhdf5 = RepackOracle.storage(expected);
    // the test can tell: h5repack filtered something, skipping shuffle on strings
    if (optionList.startsWith("SHUF") && !optionList.contains("FLET")) {
      assertTrue(libhdf5.contains("strings 2 (10,) [(2, 1, ()"), libhdf5);
      assertTrue(libhdf5.contains("((30,), 1)]"), libhdf5);
      assertTrue(libhdf5.contains("numbers 2 (16,) [(2, 1, (4,)"), libhdf5);
    }
    assertEquals(libhdf5, RepackOracle.storage(out));
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);
    // the datasets h5repack kept as they were are those h5j reports skipped
    assertEquals(warnedOf(log), skippedIn(report), log + report.skipped());
  }

  @Test
  void aRequiredFilterNamingAVariableLengthDatasetFailsNamingIt() throws IOException {
    Path in = input();
    Path dir = Files.createTempDirectory("varlen-refused");
    RepackException e = assertThrows(RepackException.class,
        () -> h5j(in, dir.resolve("out.h5"), List.of("/numbers,/sequences:FLET")));
    assertEquals("/sequences", e.objectPath());
    assertTrue(e.getMessage().contains("variable-length elements"), e.getMessage());
    assertTrue(e.getMessage().contains("fletcher32 is required"), e.getMessage());
    try (var left = Files.list(dir)) {
      assertEquals(0, left.count());
    }
  }

  /**
   * h5j writes into a dataset libhdf5 made this way as libhdf5 does: the rewritten chunk keeps
   * shuffle skipped (mask bit set), and libhdf5 reads the new values.
   */
  @Test
  void h5jWritesIntoWhatH5repackMadeAsLibhdf5Does() throws IOException {
    Path in = input();
    Path out = Files.createTempDirectory("varlen-write").resolve("h5repack.h5");
    RepackOracle.h5repack(in, out, List.of("SHUF"));
    try (io.h5j.H5File f = io.h5j.H5File.openReadWrite(out)) {
      f.dataset("/strings").write(io.h5j.Selection.box(new long[] {12}, new long[] {3}),
          new String[] {"new", "values", "here"});
    }
    String after = RepackOracle.storage(out) + Oracles.python(
        "import sys, h5py\nprint(list(h5py.File(sys.argv[1], 'r')['strings'][10:16]))",
        out.toString());
    assertTrue(after.contains("strings 2 (10,) [(2, 1, ())] [((0,), 1), ((10,), 1), ((20,), 1),"
        + " ((30,), 1)]"), after);
    assertTrue(after.contains("[b'ccc', b'dddd', b'new', b'values', b'here', b'dddd']"), after);
  }

  /** Datasets h5repack -v says it could not create with the options (so kept as they were). */
  private static TreeSet<String> warnedOf(String log) {
    TreeSet<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("could not create dataset <([^>]+)>").matcher(log);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  private static TreeSet<String> skippedIn(RepackReport report) {
    TreeSet<String> names = new TreeSet<>();
    for (String s : report.skipped()) {
      names.add(s.substring(0, s.indexOf(' ')));
    }
    return names;
  }
}
