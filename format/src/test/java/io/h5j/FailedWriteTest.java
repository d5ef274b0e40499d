package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/**
 * A write that fails part way (the disk refuses the n-th write) leaves every object that was
 * already in the file as it was, and the file still opens in h5j and in libhdf5.
 */
@OracleTest
class FailedWriteTest {
  private static final String[] FILES = {"attributes_earliest.h5", "attributes_latest.h5",
      "groups_latest.h5", "layouts_latest.h5"};

  @Property(tries = 60)
  void objectsSurviveAFailedEdit(@ForAll @IntRange(min = 0, max = 3) int fileIndex,
      @ForAll @IntRange(min = 1, max = 40) int failAt,
      @ForAll @IntRange(min = 1, max = 12) int edits,
      @ForAll @StringLength(min = 1, max = 12) String text) throws Exception {
    Path f = Files.createTempFile("h5j-fault", ".h5");
    try {
      Files.copy(Fixtures.file(FILES[fileIndex]), f, StandardCopyOption.REPLACE_EXISTING);
      Map<String, String> before = snapshot(f);
      FaultyChannel[] channel = new FaultyChannel[1];
      IOException failure = assertThrows(IOException.class, () -> {
        try (H5File h = H5File.openReadWrite(f, c -> channel[0] = new FaultyChannel(c, failAt))) {
          for (int i = 0; i < edits; i++) {
            Group g = h.root().createGroup("added" + i);
            g.attributes().put("text", text);
            g.createDataset("values", DatasetSpec.of(new long[] {i, i + 1, i + 2}));
            h.root().attributes().put("added_attr" + i, (double) i);
          }
        }
        // every write succeeded: fail the property's premise explicitly
        throw new IOException("no fault: " + channel[0].writes() + " writes");
      });
      if (failure.getMessage().startsWith("no fault")) {
        return; // the edit needed fewer writes than failAt; nothing to check
      }
      Map<String, String> after = snapshot(f);
      for (Map.Entry<String, String> e : before.entrySet()) {
        assertEquals(e.getValue(), after.get(e.getKey()), e.getKey() + " after " + failure);
      }
      Oracles.h5dump(f, "-H");
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** A value as text, looking inside arrays and compound maps. */
  static String text(Object v) {
    if (v == null) {
      return "null";
    }
    if (v.getClass().isArray()) {
      StringBuilder b = new StringBuilder("[");
      for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) {
        b.append(i > 0 ? ", " : "").append(text(java.lang.reflect.Array.get(v, i)));
      }
      return b.append(']').toString();
    }
    if (v instanceof Map<?, ?> m) {
      StringBuilder b = new StringBuilder("{");
      m.forEach((k, x) -> b.append(k).append('=').append(text(x)).append(';'));
      return b.append('}').toString();
    }
    return v.toString();
  }

  /** Every dataset's values and every attribute's value, as text, by path. */
  private static Map<String, String> snapshot(Path f) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    try (H5File h = H5File.open(f)) {
      collect(h.root(), out, new java.util.HashSet<>());
    }
    assertTrue(out.size() > 1);
    return out;
  }

  private static void collect(Node n, Map<String, String> out, java.util.Set<Long> seen)
      throws IOException {
    if (!seen.add(n.address())) {
      return;
    }
    for (Attribute a : n.attributes().all().values()) {
      out.put(n.path() + "@" + a.name(), text(a.value()));
    }
    if (n instanceof Dataset d) {
      String layout = d.layoutName();
      out.put(n.path(), layout.equals("CHUNKED") || layout.equals("VIRTUAL") ? layout
          : text(d.read()));
    } else if (n instanceof Group g) {
      for (Link l : g.links()) {
        out.put(n.path() + " -> " + l.name(), l.toString());
        if (l.kind() == Link.Kind.HARD) {
          collect(g.get(l.name()), out, seen);
        }
      }
    }
  }
}
