package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.DatasetSpec;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operations crashed by {@link CrashScenarioTest}: on files h5j made, a first commit
 * creating datasets of numbers, of strings and deflated ones, a later commit that resizes and
 * writes chunks equal to stored ones, {@code deleteVersions} and {@code rebuildHashTables};
 * and commits, deletions and rebuilds on files versioned-hdf5 wrote (the fixtures and files
 * the peers write now). Each with the test's own model of the versions before and after.
 */
final class CrashScenarios {
  private CrashScenarios() {}

  private static final String NONE = FileExpectation.NO_VERSION;
  private static final String[] NAMES = {"n0", "n1", "βήτα", "n3", "a longer string, past"
      + " the size of the short ones", "n5", "n5", "n7", "日本", "n9"};

  static List<CrashScenario> all() {
    return List.of(firstCommit(), laterCommit(), deleteVersions(), rebuildHashTables(),
        commitOnFixture("smoke-1.7.0.h5"), commitOnFixture("smoke-2.4.1.dev-5389a78.h5"),
        deleteOnFixture("smoke-2.4.1.dev-5389a78.h5"), rebuildOnFixture("smoke-1.7.0.h5"),
        commitOnPeerFile(VersionedHdf5Peers.Peer.V2),
        commitOnPeerFile(VersionedHdf5Peers.Peer.DEB));
  }

  // ------------------------------------------------------------ files h5j made: v1, v2, v3

  private static int[] range(int n, int from) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = from + i;
    }
    return a;
  }

  private static double[] doubles(int n, double from, double step) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = from + i * step;
    }
    return a;
  }

  /** v1: int32 12x7 in 4x3 chunks, float64 deflated, strings, and a dataset in a group. */
  static void writeV1(StagedVersion s) throws IOException {
    s.createDataset("ints", DatasetSpec.of(range(84, 0)).shape(12, 7).chunks(4, 3)
        .fillValue(-1));
    s.createDataset("floats", DatasetSpec.of(doubles(50, 0, 0.5)).chunks(8).deflate(4)
        .fillValue(0.0));
    s.createDataset("names", DatasetSpec.of(NAMES.clone())
        .datatype(Datatypes.vlenString(CharacterSet.UTF8)).chunks(4));
    s.createDataset("sub/deep", DatasetSpec.of(doubles(5, 1, 1)).chunks(2).fillValue(0.0));
  }

  static Map<String, Object> modelV1() {
    ModelArray ints = new ModelArray("<i4", new long[] {12, 7}, -1);
    ints.values = doubles(84, 0, 1);
    ModelArray floats = new ModelArray("<f8", new long[] {50}, 0);
    floats.values = doubles(50, 0, 0.5);
    ModelArray deep = new ModelArray("<f8", new long[] {5}, 0);
    deep.values = doubles(5, 1, 1);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ints", ints);
    m.put("floats", floats);
    m.put("names", new ModelStrings(NAMES));
    m.put("sub/deep", deep);
    return m;
  }

  /** ints' first chunk of v1: rows 0-3, columns 0-2. */
  private static final int[] FIRST_CHUNK = {0, 1, 2, 7, 8, 9, 14, 15, 16, 21, 22, 23};

  /** v2 on v1: ints grows and gets a chunk equal to its first one (stored once), new rows. */
  static void writeV2(StagedVersion s) throws IOException {
    s.resize("ints", 14, 7);
    s.write("ints", new long[] {4, 0}, new long[] {4, 3}, FIRST_CHUNK.clone());
    s.write("ints", new long[] {12, 0}, new long[] {2, 7}, range(14, 900));
    s.write("floats", new long[] {8}, new long[] {8}, doubles(8, 0, -1));
    s.write("names", new long[] {2}, new long[] {1}, new String[] {"changed"});
    s.resize("names", 13);
  }

  static Map<String, Object> modelV2() {
    Map<String, Object> m = copy(modelV1());
    ModelArray ints = (ModelArray) m.get("ints");
    ints.resize(new long[] {14, 7});
    ints.write(new long[] {4, 0}, new long[] {4, 3}, toDoubles(FIRST_CHUNK));
    ints.write(new long[] {12, 0}, new long[] {2, 7}, doubles(14, 900, 1));
    ((ModelArray) m.get("floats")).write(new long[] {8}, new long[] {8}, doubles(8, 0, -1));
    ModelStrings names = (ModelStrings) m.get("names");
    names.write(2, "changed");
    names.resize(13);
    return m;
  }

  /** v3 on v2: floats grows, one element of sub/deep changes, names is deleted. */
  static void writeV3(StagedVersion s) throws IOException {
    s.resize("floats", 60);
    s.write("floats", new long[] {50}, new long[] {10}, doubles(10, 1000, 1));
    s.write("sub/deep", new long[] {0}, new long[] {1}, new double[] {42});
    s.delete("names");
  }

  static Map<String, Object> modelV3() {
    Map<String, Object> m = copy(modelV2());
    ModelArray floats = (ModelArray) m.get("floats");
    floats.resize(new long[] {60});
    floats.write(new long[] {50}, new long[] {10}, doubles(10, 1000, 1));
    ((ModelArray) m.get("sub/deep")).write(new long[] {0}, new long[] {1}, new double[] {42});
    m.remove("names");
    return m;
  }

  private static Map<String, Object> copy(Map<String, Object> m) {
    Map<String, Object> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, v instanceof ModelStrings s ? s.copy()
        : ((ModelArray) v).copy()));
    return out;
  }

  private static double[] toDoubles(int[] a) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i];
    }
    return d;
  }

  private static final FileExpectation V1 = FileExpectation.EMPTY.withCommit("v1", NONE,
      FileExpectation.data(modelV1()));
  private static final FileExpectation V2 = V1.withCommit("v2", "v1",
      FileExpectation.data(modelV2()));
  private static final FileExpectation V3 = V2.withCommit("v3", "v2",
      FileExpectation.data(modelV3()));

  /** An h5j file holding the first {@code n} of v1, v2, v3. */
  static void h5jFile(Path file, int n) throws IOException {
    try (VersionedFile vf = VersionedFile.create(file)) {
      if (n >= 1) {
        vf.commit("v1", null, CrashScenarios::writeV1);
      }
      if (n >= 2) {
        vf.commit("v2", "v1", CrashScenarios::writeV2);
      }
      if (n >= 3) {
        vf.commit("v3", "v2", CrashScenarios::writeV3);
      }
    }
  }

  static CrashScenario firstCommit() {
    return new CrashScenario("first commit, h5j file", f -> h5jFile(f, 0),
        FileExpectation.EMPTY, V1, vf -> vf.commit("v1", null, CrashScenarios::writeV1));
  }

  static CrashScenario laterCommit() {
    return new CrashScenario("commit with resize and de-duplication, h5j file",
        f -> h5jFile(f, 1), V1, V2, vf -> vf.commit("v2", "v1", CrashScenarios::writeV2));
  }

  static CrashScenario deleteVersions() {
    return new CrashScenario("deleteVersions, h5j file", f -> h5jFile(f, 3), V3,
        V3.withDeleted("v2"), vf -> vf.deleteVersions("v2"));
  }

  static CrashScenario rebuildHashTables() {
    return new CrashScenario("rebuildHashTables, h5j file", f -> h5jFile(f, 3), V3, V3,
        VersionedFile::rebuildHashTables);
  }

  // ------------------------------------------------------------ files versioned-hdf5 wrote

  private static CrashScenario.Setup fixtureCopy(String name) {
    return f -> {
      Files.copy(VersionedFixtures.dir().resolve(name), f, StandardCopyOption.REPLACE_EXISTING);
      f.toFile().setWritable(true);
    };
  }

  /** The smoke fixture's v3 grid and sub/nested, from its manifest's values. */
  private static Map<String, Object> smokeV3(JsonNode entry) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (JsonNode d : entry.get("versions").get(2).get("datasets")) {
      m.put(d.get("path").asText(), VersionedFixtures.fromManifest(d));
    }
    return m;
  }

  private static final int[] FRESH = range(12, -16);

  /** v4 on the smoke fixture's v3: one chunk equal to v1's first (stored once), one new. */
  private static void writeSmokeV4(StagedVersion s) throws IOException {
    s.write("grid", new long[] {0, 3}, new long[] {4, 3}, FIRST_CHUNK.clone());
    s.write("grid", new long[] {4, 3}, new long[] {4, 3}, FRESH.clone());
    s.resize("grid", 13, 7);
    s.write("sub/nested", doubles(5, 1, 1));
  }

  static CrashScenario commitOnFixture(String name) {
    JsonNode entry = VersionedFixtures.entry(name);
    FileExpectation before = FileExpectation.fromManifest(entry);
    Map<String, Object> m = smokeV3(entry);
    ModelArray grid = (ModelArray) m.get("grid");
    grid.write(new long[] {0, 3}, new long[] {4, 3}, toDoubles(FIRST_CHUNK));
    grid.write(new long[] {4, 3}, new long[] {4, 3}, toDoubles(FRESH));
    grid.resize(new long[] {13, 7});
    ((ModelArray) m.get("sub/nested")).values = doubles(5, 1, 1);
    return new CrashScenario("commit, " + name, fixtureCopy(name), before,
        before.withCommit("v4", "v3", FileExpectation.data(m)),
        vf -> vf.commit("v4", "v3", CrashScenarios::writeSmokeV4));
  }

  static CrashScenario deleteOnFixture(String name) {
    FileExpectation before = FileExpectation.fromManifest(VersionedFixtures.entry(name));
    return new CrashScenario("deleteVersions, " + name, fixtureCopy(name), before,
        before.withDeleted("v2"), vf -> vf.deleteVersions("v2"));
  }

  static CrashScenario rebuildOnFixture(String name) {
    FileExpectation before = FileExpectation.fromManifest(VersionedFixtures.entry(name));
    return new CrashScenario("rebuildHashTables, " + name, fixtureCopy(name), before, before,
        VersionedFile::rebuildHashTables);
  }

  // ------------------------------------------------------------ files a peer writes now

  /** r1 and r2 as peer_writes_versions.py writes them (strings only with {@code strings}). */
  static Map<String, Object> peerModel(int version, boolean strings) {
    ModelArray a = new ModelArray("<i4", new long[] {40}, -1);
    a.values = doubles(40, 0, 1);
    ModelArray d = new ModelArray("<f8", new long[] {6, 5}, 0);
    d.values = doubles(30, 0, 1);
    ModelStrings s = new ModelStrings(java.util.stream.IntStream.range(0, 12)
        .mapToObj(i -> "x" + i).toArray(String[]::new));
    if (version >= 2) {
      a.resize(new long[] {48});
      a.write(new long[] {40}, new long[] {8}, doubles(8, 7, 0));
      d.write(new long[] {0, 0}, new long[] {1, 5}, doubles(5, -2.5, 0));
      s.write(0, "changed");
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("a", a);
    m.put("d", d);
    if (strings) {
      m.put("s", s);
    }
    return m;
  }

  /** r3 on r2: a's first chunk equal to its second (stored once), a grows, d's last row. */
  private static CrashScenario.Operation writeR3(boolean strings) {
    return vf -> vf.commit("r3", "r2", s -> {
      s.write("a", new long[] {0}, new long[] {8}, range(8, 8));
      s.resize("a", 52);
      s.write("d", new long[] {5, 0}, new long[] {1, 5}, doubles(5, -1, 0));
      if (strings) {
        s.write("s", new long[] {5}, new long[] {1}, new String[] {"ü"});
      }
    });
  }

  static CrashScenario commitOnPeerFile(VersionedHdf5Peers.Peer peer) {
    boolean strings = peer == VersionedHdf5Peers.Peer.V2;
    FileExpectation before = FileExpectation.EMPTY
        .withCommit("r1", NONE, FileExpectation.data(peerModel(1, strings)))
        .withCommit("r2", "r1", FileExpectation.data(peerModel(2, strings)));
    Map<String, Object> r3 = peerModel(2, strings);
    ModelArray a = (ModelArray) r3.get("a");
    a.write(new long[] {0}, new long[] {8}, doubles(8, 8, 1));
    a.resize(new long[] {52});
    ((ModelArray) r3.get("d")).write(new long[] {5, 0}, new long[] {1, 5}, doubles(5, -1, 0));
    if (strings) {
      ((ModelStrings) r3.get("s")).write(5, "ü");
    }
    return new CrashScenario("commit, file versioned-hdf5 " + peer.name() + " wrote",
        f -> VersionedHdf5Peers.python(peer, peerScript(), f.toString(), strings ? "1" : "0"),
        before, before.withCommit("r3", "r2", FileExpectation.data(r3)), writeR3(strings));
  }

  private static String peerScript() throws IOException {
    try (InputStream in = CrashScenarios.class.getResourceAsStream("peer_writes_versions.py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
