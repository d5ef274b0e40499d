package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Fill values that hold heap IDs or object addresses (variable-length strings and sequences,
 * compounds and arrays of them, object and region references; contiguous, chunked and compact
 * datasets) and attributes of those types, in files libhdf5 wrote: the copy's fill values name
 * the copy's heap objects and objects. Before, fill value messages went over as bytes, and
 * libhdf5 read the copy's heap at the input's addresses ("bad global heap collection
 * signature"; h5diff: "infinite loop closing library"). Judged by h5dump (every fill value as
 * libhdf5 1.10.8 prints it), h5diff, and h5py on libhdf5 1.10.8 and 2.0 (every value, the
 * string fill values, every attribute), each equal to what they read in the input.
 */
@OracleTest
class VlenFillValueRepackTest {
  private static final Pattern DATASET = Pattern.compile("DATASET \"([^\"]+)\" \\{");
  private static final Pattern FILL = Pattern.compile("FILLVALUE \\{(.*?)\\n\\s*}\\n",
      Pattern.DOTALL);

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"earliest, as stored", "latest, as stored", "latest, GZIP=1",
      "earliest, CHUNK=3"})
  void fillValuesAndValuesReadAsInTheInput(String libver, String option, @TempDir Path dir)
      throws IOException {
    Path in = dir.resolve("in.h5");
    Path out = dir.resolve("out.h5");
    Oracles.python(script("vlen_fill_values_write.py"), in.toString(), libver);
    RepackOracle.repacker(option).repack(in, out);

    Map<String, String> fills = fillValues(in);
    assertEquals(18, fills.size(), fills.toString());
    for (String kind : List.of("str", "seq", "compound", "array", "objref", "regionref")) {
      for (String layout : List.of("contiguous", "chunked", "compact")) {
        assertTrue(fills.containsKey("/" + kind + "_" + layout), kind + "_" + layout);
      }
    }
    // the test can tell: h5dump prints each kind of value of the input
    assertTrue(fills.get("/str_chunked").contains("\"string fill "), fills.toString());
    assertTrue(fills.get("/seq_compact").contains("(7, 8, 9)"), fills.toString());
    assertTrue(fills.get("/compound_contiguous").contains("\"compound fill\""), fills.toString());
    assertTrue(fills.get("/array_chunked").contains("[ \"left\", \"right\" ]"), fills.toString());
    assertTrue(fills.get("/objref_compact").contains("DATASET \"/target\""), fills.toString());
    assertTrue(fills.get("/regionref_chunked").contains("DATASET \"/target\""), fills.toString());
    assertEquals(fills, fillValues(out));

    RepackOracle.assertSameContent(in, out);
    String read = Oracles.python(script("vlen_fill_values_read.py"), in.toString());
    assertTrue(read.contains("str_chunked: [b'string fill \\xc3\\xa9', b'string fill"), read);
    assertTrue(read.contains("regionref_chunked: ['region /target [2, 3, 4]'"), read);
    assertTrue(read.contains("attributes@committed_type: 'of a committed type'"), read);
    assertTrue(read.contains("many_attributes@s11: 'dense value 11'"), read);
    assertTrue(read.contains("string_type@note: 'on a committed type'"), read);
    assertFalse(read.contains(": error"), read);
    assertEquals(read, Oracles.python(script("vlen_fill_values_read.py"), out.toString()));

    Oracles.requireHdf5v2();
    String read2 = hdf5v2(in);
    assertFalse(read2.contains(": error"), read2);
    assertEquals(read.replace("\n", ""), read2.replace("\n", ""));
    assertEquals(read2, hdf5v2(out));
  }

  /**
   * Each dataset's FILLVALUE block of {@code h5dump -p -H}, by path; a region reference's
   * address (h5dump prints it) is left out, since it moves.
   */
  private static Map<String, String> fillValues(Path file) throws IOException {
    String dump = Oracles.h5dump(file, "-p", "-H");
    Map<String, String> fills = new TreeMap<>();
    Matcher d = DATASET.matcher(dump);
    while (d.find()) {
      Matcher f = FILL.matcher(dump);
      if (f.find(d.end())) {
        String value = f.group(1).replaceAll("DATASET \\d+ ", "DATASET ");
        if (!value.contains("H5D_FILL_VALUE_DEFAULT")) {
          fills.put("/" + d.group(1), value.strip());
        }
      }
    }
    return fills;
  }

  private static String hdf5v2(Path file) throws IOException {
    Oracles.Run r = Oracles.run(List.of(Oracles.hdf5v2Python().toString(), "-c",
        script("vlen_fill_values_read.py"), file.toString()));
    assertEquals(0, r.exitCode(), r.stderr() + r.stdout());
    return r.stdout();
  }

  private static String script(String name) throws IOException {
    try (InputStream s = VlenFillValueRepackTest.class.getResourceAsStream(name)) {
      return new String(s.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
