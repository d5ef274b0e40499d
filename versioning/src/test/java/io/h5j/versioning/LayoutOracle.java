package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Has h5py judge a versioned file: check_layout.py walks it item by item against
 * versioned-hdf5's layout rules and compares every version's values with the test's model.
 */
final class LayoutOracle {
  private LayoutOracle() {}

  /** One version of the model: its parent and datasets. */
  record ModelVersion(String parent, Map<String, ModelArray> datasets) {}

  /** Checks a file h5j wrote, including h5j's own promises. */
  static void check(Path file, String current, Map<String, ModelVersion> versions)
      throws IOException {
    check(file, current, versions, true);
  }

  static void check(Path file, String current, Map<String, ModelVersion> versions,
      boolean writtenByH5j) throws IOException {
    ObjectMapper om = new ObjectMapper();
    ObjectNode root = om.createObjectNode();
    root.put("current", current);
    ObjectNode vs = root.putObject("versions");
    versions.forEach((name, v) -> {
      ObjectNode vn = vs.putObject(name);
      vn.put("parent", v.parent());
      ObjectNode ds = vn.putObject("datasets");
      v.datasets().forEach((p, m) -> {
        ObjectNode d = ds.putObject(p);
        var shape = d.putArray("shape");
        for (long s : m.shape) {
          shape.add(s);
        }
        d.put("dtype", m.dtype);
        d.put("sha256", m.sha256());
      });
    });
    Path expected = Files.createTempFile("h5j-expected", ".json");
    try {
      om.writeValue(expected.toFile(), root);
      String out = writtenByH5j
          ? Oracles.python(script(), file.toString(), expected.toString(), "--h5j")
          : Oracles.python(script(), file.toString(), expected.toString());
      assertEquals("ok", out.strip());
    } finally {
      Files.deleteIfExists(expected);
    }
  }

  private static String script() throws IOException {
    try (InputStream in = LayoutOracle.class.getResourceAsStream("check_layout.py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
