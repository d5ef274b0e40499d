package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.Fixtures;
import io.h5j.type.ArrayType;
import io.h5j.type.BitfieldType;
import io.h5j.type.CompoundType;
import io.h5j.type.Dataspace;
import io.h5j.type.Datatype;
import io.h5j.type.Endianness;
import io.h5j.type.EnumType;
import io.h5j.type.ReferenceType;
import io.h5j.type.VarLenType;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every fixture written by h5py is read by h5j and compared with the manifest h5py recorded:
 * object kinds and addresses, links, shapes, layouts, values and attributes.
 */
class FixtureReadTest {
  @TestFactory
  Stream<DynamicNode> everyFixtureMatchesItsManifest() {
    return Fixtures.files().stream().map(name -> DynamicContainer.dynamicContainer(name,
        objectTests(Fixtures.file(name), Fixtures.entry(name))));
  }

  /** Opens a fixture to read: from its path here; subclasses read it through other means. */
  H5File open(Path file) throws java.io.IOException {
    return H5File.open(file);
  }

  /** One test per object of {@code file}, against its manifest entry (generate.py's schema). */
  Stream<DynamicNode> objectTests(Path file, JsonNode entry) {
    JsonNode objects = entry.get("objects");
    List<DynamicNode> tests = new ArrayList<>();
    tests.add(DynamicTest.dynamicTest("superblock", () -> {
      try (H5File f = open(file)) {
        assertEquals(entry.get("superblock_version").asInt(), f.superblockVersion());
      }
    }));
    for (Iterator<Map.Entry<String, JsonNode>> it = objects.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      tests.add(DynamicTest.dynamicTest(e.getKey(), () -> checkObject(file, objects,
          e.getKey(), e.getValue())));
    }
    return tests.stream();
  }

  private void checkObject(Path file, JsonNode objects, String path, JsonNode expected)
      throws Exception {
    try (H5File f = open(file)) {
      String kind = expected.get("kind").asText();
      if (kind.equals("soft_link") || kind.equals("external_link")) {
        checkLink(f, path, expected);
        return;
      }
      Node node = f.get(path);
      assertEquals(expected.get("addr").asLong(), node.address(), "object header address");
      switch (kind) {
        case "group" -> {
          assertTrue(node instanceof Group, path + " is a group");
          if (expected.has("links")) {
            List<String> names = new ArrayList<>();
            expected.get("links").forEach(n -> names.add(n.asText()));
            List<String> actual = new ArrayList<>(((Group) node).memberNames());
            names.sort(null);
            actual.sort(null);
            assertEquals(names, actual);
          }
        }
        case "dataset" -> checkDataset(objects, (Dataset) node, expected);
        case "datatype" -> assertTrue(node instanceof NamedDatatype, path + " is a datatype");
        default -> fail("unknown kind " + kind);
      }
      if (expected.has("attrs")) {
        Attributes attrs = node.attributes();
        List<String> names = new ArrayList<>();
        expected.get("attrs").fieldNames().forEachRemaining(names::add);
        List<String> actual = new ArrayList<>(attrs.names());
        names.sort(null);
        actual.sort(null);
        assertEquals(names, actual, "attribute names of " + path);
        for (String name : names) {
          Attribute a = attrs.attribute(name);
          JsonNode want = expected.get("attrs").get(name);
          if (want.get("value").isNull()) {
            assertEquals(Dataspace.Kind.NULL, a.dataspace().kind(), name);
          } else if (a.dataspace().kind() == Dataspace.Kind.SCALAR) {
            Object one = Array.newInstance(a.value().getClass().isArray() ? a.value().getClass()
                : boxedToPrimitive(a.value()), 1);
            Array.set(one, 0, a.value());
            compare(objects, a.datatype(), one, arrayOf(want.get("value")),
                path + "@" + name);
          } else {
            compare(objects, a.datatype(), a.value(), want.get("value"), path + "@" + name);
          }
        }
      }
    }
  }

  private static Class<?> boxedToPrimitive(Object v) {
    return v instanceof Map ? Map.class : v.getClass();
  }

  private static JsonNode arrayOf(JsonNode one) {
    var a = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    a.add(one);
    return a;
  }

  private void checkLink(H5File f, String path, JsonNode expected) throws Exception {
    int slash = path.lastIndexOf('/');
    Group parent = f.group(slash == 0 ? "/" : path.substring(0, slash));
    Link link = parent.links().stream().filter(l -> l.name().equals(path.substring(slash + 1)))
        .findFirst().orElseThrow();
    if (expected.get("kind").asText().equals("soft_link")) {
      assertEquals(Link.Kind.SOFT, link.kind());
      assertEquals(expected.get("target").asText(), link.target());
    } else {
      assertEquals(Link.Kind.EXTERNAL, link.kind());
      assertEquals(expected.get("file").asText(), link.file());
      assertEquals(expected.get("path").asText(), link.target());
    }
    if (!expected.get("dangling").asBoolean()) {
      assertTrue(f.root().contains(path), path + " resolves");
    } else if (!path.endsWith("relative")) {
      assertFalse(f.root().contains(path), path + " dangles");
    }
  }

  private void checkDataset(JsonNode objects, Dataset d, JsonNode expected) throws Exception {
    String layout = expected.get("layout").asText().toUpperCase(Locale.ROOT);
    assertEquals(layout, d.layoutName());
    JsonNode shape = expected.get("shape");
    if (shape.isNull()) {
      assertEquals(Dataspace.Kind.NULL, d.dataspace().kind());
      return;
    }
    long[] want = new long[shape.size()];
    for (int i = 0; i < want.length; i++) {
      want[i] = shape.get(i).asLong();
    }
    assertArrayEquals(want, d.shape(), "shape");
    compare(objects, d.datatype(), d.read(Selection.all()), expected.get("values"), d.path());
  }

  /** Compares a flat Java array of elements of {@code type} with a JSON list. */
  private void compare(JsonNode objects, Datatype type, Object array, JsonNode want,
      String where) {
    assertEquals(want.size(), Array.getLength(array), where + ": element count");
    for (int i = 0; i < want.size(); i++) {
      compareElement(objects, type, Array.get(array, i), want.get(i), where + "[" + i + "]");
    }
  }

  private void compareElement(JsonNode objects, Datatype type, Object got, JsonNode want,
      String where) {
    if (type instanceof CompoundType c) {
      Map<?, ?> m = (Map<?, ?>) got;
      for (CompoundType.Member member : c.members()) {
        compareElement(objects, member.type(), m.get(member.name()), want.get(member.name()),
            where + "." + member.name());
      }
    } else if (type instanceof ArrayType a) {
      compare(objects, a.base(), got, want, where);
    } else if (type instanceof VarLenType v && !v.string()) {
      compare(objects, v.base(), got, want, where);
    } else if (got instanceof Boolean b) { // h5py's bool enum reads as booleans
      assertEquals(want.asLong(), b ? 1 : 0, where);
    } else if (type instanceof EnumType e) {
      String name = (String) got;
      int at = e.names().indexOf(name);
      long value = at >= 0 ? e.values().get(at) : Long.parseLong(name);
      assertEquals(want.asLong(), value, where);
    } else if (type instanceof BitfieldType b) {
      byte[] bytes = (byte[]) got;
      BigInteger v = BigInteger.ZERO;
      for (int k = 0; k < bytes.length; k++) {
        int idx = b.order() == Endianness.BIG_ENDIAN ? k : bytes.length - 1 - k;
        v = v.shiftLeft(8).or(BigInteger.valueOf(bytes[idx] & 0xff));
      }
      assertEquals(want.bigIntegerValue(), v, where);
    } else if (type instanceof ReferenceType r) {
      if (r.kind() == ReferenceType.Kind.OBJECT) {
        long addr = (Long) got;
        if (want.isNull()) {
          assertTrue(addr == 0 || addr == -1, where + ": null reference");
        } else {
          assertEquals(objects.get(want.asText()).get("addr").asLong(), addr, where);
        }
      }
      // region references: the target and selection are decoded by the selection layer
    } else if (got instanceof byte[] bytes) {
      assertEquals(want.asText(), hex(bytes), where);
    } else if (got instanceof String s) {
      assertEquals(want.asText(), s, where);
    } else if (got instanceof Float || got instanceof Double) {
      double g = ((Number) got).doubleValue();
      if (want.isTextual()) {
        assertEquals(want.asText(), g != g ? "nan" : g > 0 ? "inf" : "-inf", where);
      } else {
        assertEquals(want.asDouble(), g, where);
        assertEquals(Double.doubleToLongBits(want.asDouble()) < 0, Double.doubleToLongBits(g)
            < 0, where + " sign");
      }
    } else if (got instanceof Number n) {
      BigInteger g = BigInteger.valueOf(n.longValue());
      if (want.bigIntegerValue().signum() >= 0 && g.signum() < 0) {
        g = g.add(BigInteger.ONE.shiftLeft(64)); // uint64 arrives as its bits in a long
      }
      assertEquals(want.bigIntegerValue(), g, where);
    } else {
      fail(where + ": unexpected Java value " + got);
    }
  }

  private static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (byte x : b) {
      sb.append(String.format("%02x", x & 0xff));
    }
    return sb.toString();
  }
}
