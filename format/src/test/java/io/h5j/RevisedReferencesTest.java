package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.format.H5FormatException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.format.datatype.RevisedReference;
import io.h5j.format.datatype.RevisedReferenceCodec;
import io.h5j.format.heap.VlenSource;
import io.h5j.format.io.FileParams;
import io.h5j.format.select.EncodedSelection;
import io.h5j.format.select.SelectionCodec;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.ReferenceType;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HDF5 1.12+ references written by libhdf5 2.0 ({@code fixtures/revised-refs}), read by h5j and
 * compared, reference by reference, with what libhdf5 2.0 itself resolves (refs_oracle.py).
 */
@OracleTest
class RevisedReferencesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static Path fixture(String name) {
    return Fixtures.dir().resolve("revised-refs").resolve(name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"revised_refs.h5", "revised_refs_latest.h5"})
  void everyReferenceResolvesAsLibhdf5ResolvesIt(String name) throws IOException {
    Path file = fixture(name);
    Map<String, String> expected = new TreeMap<>();
    for (JsonNode r : Oracles.hdf5v2References(file).get("references")) {
      expected.put(r.get("at").asText(), r.toString());
    }
    Map<String, String> ours = new TreeMap<>();
    try (H5File f = H5File.open(file)) {
      for (String at : expected.keySet()) {
        String holder = at.substring(0, at.indexOf('['));
        if (ours.keySet().stream().anyMatch(k -> k.startsWith(holder + "["))) {
          continue;
        }
        Object values = holder.startsWith("dataset ")
            ? f.dataset(holder.substring(8)).read()
            : attribute(f, holder.substring(10));
        describe(f, holder, values, ours);
      }
    }
    assertTrue(expected.size() >= 30, "the oracle saw " + expected.size() + " references");
    assertEquals(expected, ours);
  }

  private static Object attribute(H5File f, String nodeAndName) throws IOException {
    int at = nodeAndName.indexOf('@');
    Node n = f.get(nodeAndName.substring(0, at));
    Object v = n.attributes().get(nodeAndName.substring(at + 1));
    return v instanceof RevisedReference r ? new RevisedReference[] {r} : v;
  }

  /** Labels every reference in {@code values} as refs_oracle.py does and describes it. */
  private static void describe(H5File f, String at, Object values, Map<String, String> out)
      throws IOException {
    if (values instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        describe(f, at + "." + e.getKey(), e.getValue(), out);
      }
    } else if (values instanceof RevisedReference r) {
      out.put(at, describe(f, at, r).toString());
    } else if (values == null) {
      out.put(at, JSON.createObjectNode().put("at", at).put("null", true).toString());
    } else if (values.getClass().isArray() && !values.getClass().getComponentType().isPrimitive()) {
      for (int i = 0; i < Array.getLength(values); i++) {
        describe(f, at + "[" + i + "]", Array.get(values, i), out);
      }
    }
  }

  private static JsonNode describe(H5File f, String at, RevisedReference r) throws IOException {
    ObjectNode d = JSON.createObjectNode().put("at", at);
    d.put("kind", switch (r.kind()) {
      case OBJECT2 -> "object";
      case DATASET_REGION2 -> "region";
      default -> "attribute";
    });
    if (r.file() != null) {
      d.put("file", r.file());
    }
    Node n = f.dereference(r);
    d.put("object", n.path());
    if (n instanceof Dataset ds) {
      d.put("type", "dataset");
      long count = 1;
      for (long x : ds.shape()) {
        count *= x;
      }
      d.put("elements", count);
    } else {
      d.put("type", n instanceof Group ? "group" : "datatype");
    }
    if (r.region() != null) {
      d.put("rank", r.rank());
      region(d, r.region());
    }
    if (r.attribute() != null) {
      d.put("attribute", r.attribute());
      if (n.attributes().contains(r.attribute())) {
        d.put("opened_attribute", r.attribute());
      }
    }
    return d;
  }

  private static void region(ObjectNode d, EncodedSelection s) {
    if (s instanceof EncodedSelection.All) {
      d.put("all", true);
    } else if (s instanceof EncodedSelection.Points p) {
      ArrayNode points = d.putArray("points");
      for (long[] c : p.coords()) {
        ArrayNode a = points.addArray();
        for (long x : c) {
          a.add(x);
        }
      }
    } else if (s instanceof EncodedSelection.None) {
      d.put("none", true);
    } else {
      EncodedSelection.Irregular b = s instanceof EncodedSelection.Regular g
          ? SelectionCodec.toBlocks(g) : (EncodedSelection.Irregular) s;
      ArrayNode blocks = d.putArray("blocks");
      for (int i = 0; i < b.blockCount(); i++) {
        ArrayNode a = blocks.addArray();
        for (int k = 0; k < b.rank(); k++) {
          a.add(b.start(i, k));
        }
        for (int k = 0; k < b.rank(); k++) {
          a.add(b.end(i, k));
        }
      }
    }
  }

  // ------------------------------------------------------------ malformed elements and bodies

  private static final FileParams PARAMS = FileParams.DEFAULT;

  private static byte[] element(int kind, int flags, long length, long collection) {
    byte[] e = new byte[18];
    e[0] = (byte) kind;
    e[1] = (byte) flags;
    for (int i = 0; i < 4; i++) {
      e[2 + i] = (byte) (length >>> 8 * i);
    }
    for (int i = 0; i < 8; i++) {
      e[6 + i] = (byte) (collection >>> 8 * i);
    }
    e[14] = 1;
    return e;
  }

  private static RevisedReference decode(byte[] element, byte[] body) throws IOException {
    VlenSource heap = (address, index) -> body;
    return RevisedReferenceCodec.decode(element, 0, element.length, PARAMS, heap);
  }

  @Test
  void nullAndInlineObjectReferencesDecode() throws IOException {
    assertNull(decode(new byte[18], null));
    byte[] inline = new byte[18];
    inline[0] = 2;
    inline[2] = 8;
    inline[3] = 0x20;
    inline[4] = 0x03;
    inline[15] = 0x55; // padding libhdf5 leaves uncleared
    assertEquals(RevisedReference.object(0x320), decode(inline, null));
  }

  @Test
  void malformedElementsAreFormatErrors() {
    byte[] kind = element(7, 0, 9, 4096);
    assertTrue(assertThrows(H5FormatException.class, () -> decode(kind, new byte[9]))
        .getMessage().contains("kind 7"));
    byte[] flags = element(3, 0x80, 9, 4096);
    assertThrows(H5FormatException.class, () -> decode(flags, new byte[9]));
    byte[] token = new byte[18];
    token[0] = 2;
    token[2] = 16; // a token bigger than the element
    assertThrows(H5FormatException.class, () -> decode(token, null));
    byte[] noHeap = element(4, 0, 9, 0);
    assertThrows(H5FormatException.class, () -> decode(noHeap, new byte[9]));
    byte[] nullWithHeap = element(0, 0, 0, 4096);
    assertThrows(H5FormatException.class, () -> decode(nullWithHeap, null));
  }

  @Test
  void malformedBodiesAreFormatErrors() {
    // longer than the heap object
    assertThrows(H5FormatException.class,
        () -> decode(element(4, 0, 40, 4096), new byte[12]));
    // attribute name running past the body
    byte[] attr = {8, 1, 0, 0, 0, 0, 0, 0, 0, 50, 0, 'a'};
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> decode(element(4, 0, attr.length, 4096), attr));
    assertTrue(e.offset() >= 4096, "names the heap collection: " + e.getMessage());
    // region of rank 0, and a region whose selection is longer than the body
    byte[] rank0 = {8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    assertThrows(H5FormatException.class,
        () -> decode(element(3, 0, rank0.length, 4096), rank0));
    byte[] longSel = {8, 1, 0, 0, 0, 0, 0, 0, 0, 99, 0, 0, 0, 1, 0, 0, 0};
    assertThrows(H5FormatException.class,
        () -> decode(element(3, 0, longSel.length, 4096), longSel));
    // token size 0 in the body
    byte[] token0 = {0, 0, 0};
    assertThrows(H5FormatException.class,
        () -> decode(element(2, 1, token0.length, 4096), token0));
  }

  @Test
  void referencesH5jWritesResolveInLibhdf5() throws IOException {
    Path file = Files.createTempFile("h5j-revised-refs", ".h5");
    RevisedReference[] written;
    try (H5File f = H5File.create(file)) {
      Group g = f.root().createGroup("g");
      Dataset d = f.root().createDataset("data", DatasetSpec.of(new int[20]).shape(4, 5));
      d.attributes().put("units", "m");
      written = new RevisedReference[] {
          RevisedReference.object(g.address()),
          RevisedReference.region(d.address(), 2,
              EncodedSelection.Irregular.box(new long[] {1, 1}, new long[] {2, 3})),
          RevisedReference.region(d.address(), 2,
              new EncodedSelection.Points(2, new long[][] {{0, 0}, {3, 4}})),
          RevisedReference.attribute(d.address(), "units"),
          null};
      f.root().createDataset("refs", DatasetSpec.empty(
          new ReferenceType(ReferenceType.Kind.OBJECT2, 18), written.length)).write(written);
    }
    try (H5File f = H5File.open(file)) {
      assertArrayEquals(written, (Object[]) f.dataset("refs").read());
    }
    JsonNode refs = Oracles.hdf5v2References(file).get("references");
    assertEquals(5, refs.size(), refs.toString());
    assertEquals("/g", refs.get(0).get("object").asText(), refs.toString());
    assertEquals("[[1,1,2,3]]", refs.get(1).get("blocks").toString(), refs.toString());
    assertEquals("[[0,0],[3,4]]", refs.get(2).get("points").toString(), refs.toString());
    assertEquals("units", refs.get(3).get("opened_attribute").asText(), refs.toString());
    assertEquals("/data", refs.get(3).get("object").asText(), refs.toString());
    assertTrue(refs.get(4).get("null").asBoolean(), refs.toString());
    Files.delete(file);
  }
}
