package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.MemorySource;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every version of every file versioned-hdf5 wrote reads exactly as its manifest says, opened
 * read-only and as a snapshot of its bytes.
 */
class FixtureVersionsTest {
  static Stream<JsonNode> entries() {
    return VersionedFixtures.entries().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("entries")
  void everyVersionMatchesTheManifest(JsonNode entry) throws Exception {
    try (VersionedFile vf = VersionedFile.openReadOnly(
        VersionedFixtures.dir().resolve(entry.get("file").asText()))) {
      checkVersions(vf, entry);
    }
  }

  /** A snapshot of the file's bytes (no file, no lock) reads the same. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("entries")
  void aSnapshotOfTheBytesMatchesTheManifest(JsonNode entry) throws Exception {
    MemorySource bytes = MemorySource.of(
        VersionedFixtures.dir().resolve(entry.get("file").asText()));
    try (VersionedFile vf = VersionedFile.openSnapshot(bytes)) {
      checkVersions(vf, entry);
    }
    assertTrue(bytes.closed, "closing the snapshot closes its source");
  }

  private static void checkVersions(VersionedFile vf, JsonNode entry) throws Exception {
    assertEquals(entry.get("current_version").asText(), vf.currentVersion());
    List<String> names = new ArrayList<>();
    vf.versions().forEach(v -> names.add(v.name()));
    List<String> expectedNames = new ArrayList<>();
    entry.get("versions").forEach(v -> expectedNames.add(v.get("version").asText()));
    assertEquals(expectedNames, names);
    for (JsonNode v : entry.get("versions")) {
      String name = v.get("version").asText();
      VersionView view = vf.version(name);
      assertEquals(v.get("prev_version").asText(), view.info().parent(), name);
      assertEquals(v.get("timestamp").asText(), view.info().timestamp(), name);
      List<String> paths = new ArrayList<>();
      v.get("datasets").forEach(d -> paths.add(d.get("path").asText()));
      assertEquals(paths.stream().sorted().toList(),
          view.datasetPaths().stream().sorted().toList(), name);
      for (JsonNode d : v.get("datasets")) {
        checkDataset(view, d);
      }
    }
  }

  private static void checkDataset(VersionView view, JsonNode d) throws Exception {
    String path = d.get("path").asText();
    String where = view.name() + ":" + path;
    long[] shape = new long[d.get("shape").size()];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = d.get("shape").get(i).asLong();
    }
    assertArrayEquals(shape, view.shape(path), where);
    assertEquals(VersionedFixtures.dtype(d.get("dtype").asText()), view.datatype(path), where);
    byte[] fill = view.fillValueBytes(path);
    double fillValue = fill.length == 4
        ? ByteBuffer.wrap(fill).order(ByteOrder.LITTLE_ENDIAN).getInt()
        : d.get("dtype").asText().startsWith("<f")
            ? ByteBuffer.wrap(fill).order(ByteOrder.LITTLE_ENDIAN).getDouble()
            : ByteBuffer.wrap(fill).order(ByteOrder.LITTLE_ENDIAN).getLong();
    assertEquals(d.get("fillvalue").asDouble(), fillValue, where);
    byte[] sha = MessageDigest.getInstance("SHA-256").digest(view.readBytes(path));
    assertEquals(d.get("sha256_c_order_le").asText(), HexFormat.of().formatHex(sha), where);
    if (d.has("values")) {
      List<Double> expected = new ArrayList<>();
      flatten(d.get("values"), expected);
      Object read = view.read(path);
      List<Double> got = new ArrayList<>();
      for (int i = 0; i < java.lang.reflect.Array.getLength(read); i++) {
        got.add(((Number) java.lang.reflect.Array.get(read, i)).doubleValue());
      }
      assertEquals(expected, got, where);
    }
  }

  private static void flatten(JsonNode n, List<Double> out) {
    if (n.isArray()) {
      n.forEach(c -> flatten(c, out));
    } else {
      out.add(n.asDouble());
    }
  }
}
