package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Reference;
import io.h5j.type.ReferenceType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * HDF5 1.12+ references read and followed through the public API alone ({@link Reference},
 * {@link H5File#dereference}), against what libhdf5 2.0 (h5py 3.16's) resolves for the same
 * file: objects, attributes and references into another file.
 */
@OracleTest
class PublicReferenceTest {
  private static final List<String> DATASETS =
      List.of("/refs/objects", "/refs/attributes", "/refs/external");

  @Test
  void referencesReadAsPublicTypeAndDereferenceAsLibhdf5Does() throws IOException {
    Path file = RevisedReferencesTest.fixture("revised_refs.h5");
    Map<String, String> expected = new TreeMap<>();
    for (JsonNode r : Oracles.hdf5v2References(file).get("references")) {
      String at = r.get("at").asText();
      if (DATASETS.stream().anyMatch(d -> at.startsWith("dataset " + d + "["))) {
        expected.put(at, r.has("null") ? "null" : r.get("kind").asText() + " "
            + r.get("object").asText() + " " + text(r, "attribute") + " " + text(r, "file"));
      }
    }
    Map<String, String> ours = new TreeMap<>();
    try (H5File f = H5File.open(file)) {
      for (String path : DATASETS) {
        Reference[] refs = (Reference[]) f.dataset(path).read();
        for (int i = 0; i < refs.length; i++) {
          ours.put("dataset " + path + "[" + i + "]", describe(f, refs[i]));
        }
      }
    }
    assertTrue(expected.size() >= 11, "the oracle saw " + expected);
    assertEquals(expected, ours);
  }

  @Test
  void readReferencesGivesTheNodesDereferenceGives() throws IOException {
    try (H5File f = H5File.open(RevisedReferencesTest.fixture("revised_refs_latest.h5"))) {
      Dataset d = f.dataset("/refs/objects");
      Reference[] refs = (Reference[]) d.read();
      Node[] nodes = d.readReferences();
      List<String> a = new ArrayList<>();
      List<String> b = new ArrayList<>();
      for (int i = 0; i < refs.length; i++) {
        a.add(refs[i] == null ? null : f.dereference(refs[i]).path());
        b.add(nodes[i] == null ? null : nodes[i].path());
      }
      assertEquals(List.of("/g", "/data2d", "/dtype", "/g/sub"), a.subList(0, 4));
      assertNull(a.get(4));
      assertEquals(a, b);
    }
  }

  private static String describe(H5File f, Reference r) throws IOException {
    if (r == null) {
      return "null";
    }
    String kind = r.kind() == ReferenceType.Kind.ATTRIBUTE ? "attribute"
        : r.kind() == ReferenceType.Kind.OBJECT2 ? "object" : "region";
    assertEquals(r.file() != null, r.external());
    return kind + " " + f.dereference(r).path() + " " + r.attribute() + " " + r.file();
  }

  private static String text(JsonNode r, String field) {
    return r.has(field) ? r.get(field).asText() : "null";
  }
}
