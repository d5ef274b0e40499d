package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.Attributes;
import io.h5j.H5File;
import io.h5j.testing.AttributeOrder;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random sessions of attribute puts and removes on an object that tracks creation order,
 * made by h5j on one copy and by libhdf5 (h5py) on another: after each session both list the
 * same attributes in the same order with the same creation indexes, compact or dense alike,
 * and h5diff finds no difference. The object starts with 0 to 12 attributes h5py made.
 */
@OracleTest
class AttributeEditOrderPropertyTest {
  /** Names from a pool of 14, so that puts replace, removes hit, and counts cross 6 and 8. */
  private static final int NAMES = 14;

  /**
   * Applies one session of edits, "put:NAME:VALUE" or "del:NAME" separated by spaces, to the
   * group 'g' of the file; h5py's modify keeps an existing attribute (and its creation index)
   * as h5j's put does, and a remove of a missing name is skipped on both sides.
   */
  private static final String EDIT = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'a') as f:",
      "    g = f['g'] if 'g' in f else f.create_group('g', track_order=True)",
      "    for op in sys.argv[2].split():",
      "        parts = op.split(':')",
      "        if parts[0] == 'put':",
      "            g.attrs.modify(parts[1], int(parts[2]))",
      "        elif parts[1] in g.attrs:",
      "            del g.attrs[parts[1]]");

  @Property(tries = 12)
  void h5jNumbersEditsAsLibhdf5(@ForAll("starts") String start,
      @ForAll("sessions") List<String> sessions) throws Exception {
    Path h5j = Files.createTempFile("attr-edit-order", ".h5");
    Files.delete(h5j);
    Oracles.python(EDIT, h5j.toString(), start);
    Path lib = Files.copy(h5j, h5j.resolveSibling(h5j.getFileName() + ".libhdf5.h5"),
        StandardCopyOption.REPLACE_EXISTING);
    try {
      for (String session : sessions) {
        edit(h5j, session);
        Oracles.python(EDIT, lib.toString(), session);
        assertEquals(AttributeOrder.of(lib, "g"), AttributeOrder.of(h5j, "g"),
            "start '" + start + "', sessions " + sessions);
        Oracles.Run diff = Oracles.run(List.of("h5diff", lib.toString(), h5j.toString()));
        assertEquals(0, diff.exitCode(), diff.stdout() + diff.stderr());
      }
    } finally {
      Files.deleteIfExists(h5j);
      Files.deleteIfExists(lib);
    }
  }

  private static void edit(Path file, String session) throws Exception {
    try (H5File f = H5File.openReadWrite(file)) {
      Attributes g = f.group("g").attributes();
      for (String op : session.split(" ")) {
        String[] parts = op.split(":");
        if (parts[0].equals("put")) {
          g.put(parts[1], Long.parseLong(parts[2]));
        } else if (g.contains(parts[1])) {
          g.remove(parts[1]);
        }
      }
    }
  }

  @Provide
  Arbitrary<String> starts() {
    return Arbitraries.integers().between(0, NAMES - 1).list().ofMaxSize(12).uniqueElements()
        .map(ids -> String.join(" ", ids.stream().map(i -> "put:" + name(i) + ":" + i)
            .toList()));
  }

  @Provide
  Arbitrary<List<String>> sessions() {
    Arbitrary<String> op = Arbitraries.integers().between(0, NAMES - 1).flatMap(i ->
        Arbitraries.of("put:" + name(i) + ":" + (100 + i), "del:" + name(i)));
    return op.list().ofMinSize(1).ofMaxSize(12).map(ops -> String.join(" ", ops))
        .list().ofMinSize(1).ofMaxSize(3);
  }

  private static String name(int i) {
    // out of name order when made in index order
    return "n" + (char) ('a' + (i * 5 % NAMES));
  }
}
