package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The versioning commands on a file versioned-hdf5 wrote, judged by its manifest and h5py. */
@OracleTest
class VersionCommandsTest {
  @TempDir
  Path dir;


  private static JsonNode smokeManifest() throws Exception {
    Path m = Fixtures.dir().resolve("versioned-hdf5/manifest-1.7.0.json");
    for (JsonNode e : new ObjectMapper().readTree(m.toFile())) {
      if (e.get("file").asText().equals("smoke-1.7.0.h5")) {
        return e;
      }
    }
    throw new AssertionError("no smoke entry");
  }

  private Path smoke() throws Exception {
    Path f = dir.resolve("smoke.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5/smoke-1.7.0.h5"), f,
        StandardCopyOption.REPLACE_EXISTING);
    f.toFile().setWritable(true);
    return f;
  }

  private static JsonNode values(JsonNode manifest, String version, String path) {
    for (JsonNode v : manifest.get("versions")) {
      if (v.get("version").asText().equals(version)) {
        for (JsonNode d : v.get("datasets")) {
          if (d.get("path").asText().equals(path)) {
            return d.get("values");
          }
        }
      }
    }
    throw new AssertionError(version + ":" + path);
  }

  /** A log line's columns: separated by two spaces or more (a timestamp has single ones). */
  static List<String> columns(String line) {
    return List.of(line.strip().split(" {2,}"));
  }

  @Test
  void logShowDiffOnVersionedHdf5sFile() throws Exception {
    Path f = smoke();
    JsonNode m = smokeManifest();
    CliRun log = CliRun.of("log", f.toString());
    assertEquals(0, log.code(), log.err());
    String[] lines = log.out().split("\n");
    assertEquals(4, lines.length, log.out());
    assertEquals(List.of("VERSION", "PARENT", "COMMITTED", "CHANGED"), columns(lines[0]));
    for (int i = 0; i < 3; i++) {
      JsonNode v = m.get("versions").get(i);
      String parent = v.get("prev_version").asText();
      List<String> c = columns(lines[i + 1].substring(2));
      assertEquals(List.of(v.get("version").asText(),
          parent.equals("__first_version__") ? "-" : parent, v.get("timestamp").asText()),
          c.subList(0, 3), lines[i + 1]);
    }
    assertTrue(lines[3].startsWith("* v3"), lines[3]);
    CliRun show = CliRun.of("show", f.toString(), "v2", "grid");
    assertEquals(0, show.code(), show.err());
    assertEquals(values(m, "v2", "grid").toString(), show.out().strip().replace(" ", ""));
    // v2 rewrote the chunk at (0, 0) and touched the corner chunk at (8, 6)
    CliRun diff = CliRun.of("diff", "--versions", f.toString(), "v1", "v2", "grid");
    assertEquals("grid: 2 chunks, 13 elements changed\n  [0, 0]: 12 elements\n"
        + "  [8, 6]: 1 element\n", diff.out()); // the counts: DiffVersionsTest
    assertEquals(1, CliRun.of("show", f.toString(), "nope").code());
  }

  @Test
  void checkoutThenCommitRoundTrips() throws Exception {
    Path f = smoke();
    JsonNode m = smokeManifest();
    Path plain = dir.resolve("v2.h5");
    CliRun co = CliRun.of("checkout", f.toString(), "v2", plain.toString());
    assertEquals(0, co.code(), co.err());
    String read = "import h5py,sys,json; f=h5py.File(sys.argv[1],'r'); "
        + "print(json.dumps(f[sys.argv[2]][()].tolist(), separators=(',', ':')))";
    assertEquals(values(m, "v2", "grid").toString(),
        Oracles.python(read, plain.toString(), "grid").strip());
    Path versioned = dir.resolve("new.h5");
    CliRun c1 = CliRun.of("commit", versioned.toString(), "--from", plain.toString(), "--name", "a");
    assertEquals(0, c1.code(), c1.err());
    CliRun c2 = CliRun.of("commit", versioned.toString(), "--from", plain.toString(), "--name", "b");
    assertEquals(0, c2.code(), c2.err());
    String log = CliRun.of("log", versioned.toString()).out();
    String last = log.strip().split("\n")[2];
    assertTrue(last.startsWith("* b "), log);
    assertEquals("a", columns(last.substring(2)).get(1), log);
    assertTrue(last.endsWith(" -"), "an unchanged commit changes nothing: " + log);
    assertEquals(values(m, "v2", "grid").toString(), Oracles.python(read, versioned.toString(),
        "_version_data/versions/b/grid").strip());
    assertEquals("[0.0,0.0,0.0,0.0,0.0]", Oracles.python(read, versioned.toString(),
        "_version_data/versions/a/sub/nested").strip());
  }

  @Test
  void demoSeedSmallPrintsTimingsAndH5pyReadsTheFile() throws Exception {
    Path f = dir.resolve("seed.h5");
    CliRun r = CliRun.of("demo", "seed", f.toString(), "--small");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("10 versions"), r.out());
    assertTrue(r.out().contains("read every dataset of v0010"), r.out());
    assertEquals("v0010 11 (320, 88)\n", Oracles.python("import h5py,sys; "
        + "f=h5py.File(sys.argv[1],'r'); v=f['_version_data/versions']; "
        + "print(v.attrs['current_version'], len(v) - 1, v['v0010/ds_009'][()].shape)",
        f.toString()));
  }
}
