package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bit flips in raw chunks of files versioned-hdf5 wrote: the fixtures (1.7.0 and a 2.4.1
 * build, on libhdf5 1.10.8) and files the live peers write (master on libhdf5 1.10.8, 1.7.0
 * on libhdf5 2.0, with a gzip-compressed dataset). The intact file checks clean; after the
 * damage the check names exactly the damaged chunks with the versions and chunks that read
 * them (from the virtual datasets as h5py reads them), verified reads of those fail while
 * others return what versioned-hdf5 read from the intact file, and unverified reads return
 * what versioned-hdf5 reads from the damaged one.
 */
@OracleTest
class PeerFileDamageTest {
  @TempDir
  Path dir;

  static Stream<String> files() {
    return Stream.of("smoke-1.7.0.h5", "smoke-2.4.1.dev-5389a78.h5", "seed-small-1.7.0.h5",
        "seed-small-2.4.1.dev-5389a78.h5", "peer:DEB", "peer:V2");
  }

  /** The file to damage, and the peer that reads it. */
  private record Subject(Path file, VersionedPeer peer) {}

  private Subject subject(String name) throws IOException {
    Path f = dir.resolve("intact.h5");
    if (name.startsWith("peer:")) {
      VersionedPeer p = VersionedPeer.valueOf(name.substring(5));
      p.run("write", f.toString());
      return new Subject(f, p);
    }
    Files.copy(VersionedFixtures.dir().resolve(name), f, StandardCopyOption.REPLACE_EXISTING);
    f.toFile().setWritable(true);
    return new Subject(f, VersionedPeer.V2);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void damagedChunksAreNamedWithTheirReaders(String name) throws IOException {
    Subject s = subject(name);
    JsonNode maps = CheckHistory.maps(s.file());
    JsonNode places = CheckHistory.chunkPlaces(s.file());
    Map<String, Map<String, String>> intact = name.startsWith("peer:") ? shas(read(s))
        : manifestShas(name);
    try (VersionedFile vf = VersionedFile.openReadOnly(s.file())) {
      CheckReport r = vf.check();
      assertEquals(List.of(), r.findings(), "the intact file");
      int slots = 0;
      for (JsonNode starts : maps) {
        slots += starts.size();
      }
      assertEquals(slots, r.chunksVerified());
    }

    // one uncompressed chunk in each of the first two datasets: the most shared one
    Path damaged = dir.resolve("damaged.h5");
    Files.copy(s.file(), damaged);
    Map<String, Long> hit = new TreeMap<>();
    for (String path : uncompressed(s.file(), maps)) {
      if (hit.size() < 2) {
        long start = mostShared(maps.get(path));
        hit.put(path, start);
        RawDamage.flip(damaged, places.get(path).get(Long.toString(start)).get(0).asLong(), 1);
      }
    }
    // versioned-hdf5's own read of the damaged file, where it is quick (not seed-small's 110
    // virtual datasets: there the manifest's values show the damage is read)
    Map<String, Map<String, String>> peerDamaged = name.startsWith("seed-small") ? null
        : shas(read(new Subject(damaged, s.peer())));
    try (VersionedFile vf = VersionedFile.openReadOnly(damaged);
        VersionedFile verified = VersionedFile.openReadOnly(damaged).verifyChunkHashes(true)) {
      CheckReport r = vf.check();
      assertEquals(hit.size(), r.damagedChunks().size(), r.findings().toString());
      assertEquals(hit.size(), r.findings().size(), r.findings().toString());
      for (CheckReport.DamagedChunk d : r.damagedChunks()) {
        assertEquals(hit.get(d.dataset()), d.firstRow(), d.toString());
        CheckHistory.assertReaders(CheckHistory.readers(maps, d.dataset(), d.firstRow()),
            d.readBy());
      }
      for (Map.Entry<String, Map<String, String>> v : intact.entrySet()) {
        for (Map.Entry<String, String> ds : v.getValue().entrySet()) {
          String where = name + " " + v.getKey() + ":" + ds.getKey();
          Object plain = vf.version(v.getKey()).read(ds.getKey());
          if (peerDamaged != null) {
            assertEquals(peerDamaged.get(v.getKey()).get(ds.getKey()), sha(plain),
                "unverified " + where);
          }
          boolean reads = hit.containsKey(ds.getKey()) && CheckHistory.readers(maps,
              ds.getKey(), hit.get(ds.getKey())).containsKey(v.getKey());
          if (reads) {
            assertNotEquals(ds.getValue(), sha(plain), "unverified " + where);
            assertThrows(H5FormatException.class,
                () -> verified.version(v.getKey()).read(ds.getKey()), where);
          } else {
            assertEquals(ds.getValue(), sha(plain), "unverified " + where);
            assertEquals(ds.getValue(), sha(verified.version(v.getKey()).read(ds.getKey())),
                "verified " + where);
          }
        }
      }
    }
  }

  /** A flipped bit in a deflated chunk: the check names it; every read of it fails. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("peers")
  void aDamagedCompressedChunkIsNamedAndUnreadable(VersionedPeer peer) throws IOException {
    Subject s = subject("peer:" + peer.name());
    JsonNode maps = CheckHistory.maps(s.file());
    JsonNode places = CheckHistory.chunkPlaces(s.file());
    long start = mostShared(maps.get("sub/packed"));
    JsonNode place = places.get("sub/packed").get(Long.toString(start));
    RawDamage.flip(s.file(), place.get(0).asLong() + place.get(1).asLong() / 2, 4);
    assertNotEquals(0, peer.runAllowingFailure("read", s.file().toString()).exitCode(),
        "versioned-hdf5 cannot read it either");
    try (VersionedFile vf = VersionedFile.openReadOnly(s.file())) {
      CheckReport r = vf.check();
      assertEquals(1, r.damagedChunks().size(), r.findings().toString());
      CheckReport.DamagedChunk d = r.damagedChunks().get(0);
      assertEquals("sub/packed", d.dataset());
      assertEquals(start, d.firstRow());
      CheckHistory.assertReaders(CheckHistory.readers(maps, "sub/packed", start), d.readBy());
      for (String v : d.readBy().keySet()) {
        assertThrows(H5FormatException.class, () -> vf.version(v).read("sub/packed"), v);
      }
    }
  }

  /**
   * Strings that are not UTF-8 (bytes h5py stores as they are): h5j cannot hash them as
   * versioned-hdf5 does, so the check notes them as unverifiable instead of calling them
   * damaged, and a verified read refuses them; unverified reads are as before.
   */
  @org.junit.jupiter.api.Test
  void stringsThatAreNotUtf8AreUnverifiableNotDamaged() throws IOException {
    Path f = dir.resolve("bytes.h5");
    VersionedPeer.V2.run("write-bytes", f.toString());
    try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
      CheckReport r = vf.check();
      assertEquals(List.of(CheckReport.Kind.NOTE, CheckReport.Kind.NOTE), r.findings().stream()
          .map(CheckReport.Finding::kind).toList(), r.findings().toString());
      assertTrue(r.findings().get(0).detail().contains("not UTF-8"), r.findings().toString());
      assertEquals(false, r.damaged());
      assertEquals("ok", ((String[]) vf.version("v1").read("raw"))[0]);
      vf.verifyChunkHashes(true);
      H5FormatException e = assertThrows(H5FormatException.class,
          () -> vf.version("v1").read("raw"));
      assertTrue(e.getMessage().contains("cannot be verified"), e.getMessage());
    }
  }

  static Stream<VersionedPeer> peers() {
    return Stream.of(VersionedPeer.values());
  }

  /** Version → dataset path → SHA-256 of its values, from {@code vh5_tool.py read}. */
  private static Map<String, Map<String, String>> shas(JsonNode read) {
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (Map.Entry<String, JsonNode> v : CheckHistory.fields(read.get("versions"))) {
      for (Map.Entry<String, JsonNode> d : CheckHistory.fields(v.getValue().get("datasets"))) {
        out.computeIfAbsent(v.getKey(), k -> new TreeMap<>()).put(d.getKey(),
            d.getValue().get("sha256").asText());
      }
    }
    return out;
  }

  /** The same from the fixture's manifest, which versioned-hdf5 wrote with the file. */
  private static Map<String, Map<String, String>> manifestShas(String file) {
    Map<String, Map<String, String>> out = new TreeMap<>();
    for (JsonNode v : VersionedFixtures.entry(file).get("versions")) {
      for (JsonNode d : v.get("datasets")) {
        out.computeIfAbsent(v.get("version").asText(), k -> new TreeMap<>())
            .put(d.get("path").asText(), d.get("sha256_c_order_le").asText());
      }
    }
    return out;
  }

  private static JsonNode read(Subject s) throws IOException {
    return new ObjectMapper().readTree(s.peer().run("read", s.file().toString()));
  }

  /** Dataset paths whose raw_data h5py says is stored without filters. */
  private static List<String> uncompressed(Path file, JsonNode maps) throws IOException {
    String out = io.h5j.testing.Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    for p in sys.argv[2:]:",
        "        if f['_version_data/' + p + '/raw_data'].compression is None:",
        "            print(p)"), concat(file.toString(), names(maps)));
    return out.lines().sorted().toList();
  }

  private static String[] concat(String first, List<String> rest) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(rest);
    return all.toArray(new String[0]);
  }

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }

  /** The start row of the slot most versions map. */
  private static long mostShared(JsonNode starts) {
    String best = null;
    int most = -1;
    for (Map.Entry<String, JsonNode> e : CheckHistory.fields(starts)) {
      Set<String> versions = new HashSet<>();
      e.getValue().forEach(m -> versions.add(m.get(0).asText()));
      if (versions.size() > most) {
        most = versions.size();
        best = e.getKey();
      }
    }
    return Long.parseLong(best);
  }



  private static String sha(Object values) {
    return CheckHistory.sha256(values);
  }
}
