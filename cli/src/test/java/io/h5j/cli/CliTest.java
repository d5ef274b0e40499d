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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@OracleTest
class CliTest {
  @TempDir
  Path dir;


  @Test
  void demoWritesAFileThatLibhdf5ReadsAndVerifiesIt() throws Exception {
    Path f = dir.resolve("demo.h5");
    CliRun r = CliRun.of("demo", f.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("verified: 4 datasets and 2 attributes"), r.out());
    String dump = Oracles.h5dump(f, "-d", "/weather/2026-11-29/temperature");
    assertTrue(dump.contains("23"), dump);
    assertEquals("[b'Z\\xc3\\xbcrich', b'Gen\\xc3\\xa8ve', b'Lugano'] [[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8]]\n",
        Oracles.python("import h5py,sys; f=h5py.File(sys.argv[1],'r'); "
            + "print(list(f['latest/station'][()]), f['counts'][()].tolist())", f.toString()));
  }

  @Test
  void demoWithoutAFileWritesIntoANewTemporaryFolderAndSaysWhere() throws Exception {
    CliRun r = CliRun.of("demo");
    assertEquals(0, r.code(), r.err());
    String first = r.out().lines().findFirst().orElseThrow();
    assertTrue(first.startsWith("wrote "), r.out());
    Path f = Path.of(first.substring("wrote ".length()));
    try {
      assertTrue(f.isAbsolute() && Files.isRegularFile(f), first);
      assertTrue(f.startsWith(Path.of(System.getProperty("java.io.tmpdir"))), first);
      Path repo = Path.of("").toAbsolutePath().getParent();
      assertTrue(!f.startsWith(repo), f + " is in the repository " + repo);
      String dump = Oracles.h5dump(f, "-d", "/weather/2026-11-29/temperature");
      assertTrue(dump.contains("23"), dump);
    } finally {
      Files.deleteIfExists(f);
      Files.deleteIfExists(f.getParent());
    }
  }

  @Test
  void lsListsLikeH5ls() throws Exception {
    CliRun r = CliRun.of("ls", "-r", Fixtures.file("groups_latest.h5").toString(), "/a");
    assertEquals(0, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    Oracles.requireH5dump();
    String expected = Oracles.run(List.of("h5ls", "-r",
        Fixtures.file("groups_latest.h5") + "/a")).stdout();
    assertEquals(expected, r.out());
    assertTrue(lines.contains("/b/c/d/leaf              Dataset {3}"), r.out());
    for (String group : List.of("/links", "/")) {
      CliRun links = CliRun.of("ls", Fixtures.file("groups_latest.h5").toString(), group);
      assertEquals(Oracles.run(List.of("h5ls", Fixtures.file("groups_latest.h5") + group))
          .stdout(), links.out());
    }
  }

  @Test
  void dumpJsonMatchesTheManifest() throws Exception {
    CliRun r = CliRun.of("dump", "--json", Fixtures.file("layouts_latest.h5").toString());
    assertEquals(0, r.code(), r.err());
    JsonNode json = new ObjectMapper().readTree(r.out());
    JsonNode manifest = Fixtures.objects("layouts_latest.h5");
    assertEquals(manifest.get("/contiguous_1d").get("values"),
        json.get("/contiguous_1d").get("values"));
    assertEquals("[[0,11,22],[33,44,55]]", json.get("/compact_2d").get("values").toString());
    assertEquals("CHUNKED", json.get("/chunked_fixed").get("layout").asText());
    for (String path : List.of("/int/u8_le", "/int/i8_be", "/int/u4_be", "/string/vlen_utf8")) {
      CliRun ints = CliRun.of("dump", "--json", Fixtures.file("datatypes_latest.h5").toString(), path);
      assertEquals(Fixtures.objects("datatypes_latest.h5").get(path).get("values"),
          new ObjectMapper().readTree(ints.out()).get(path).get("values"), path);
    }
  }

  @Test
  void dumpsEveryFixtureAsTextAndValidJson() throws Exception {
    for (String name : Fixtures.files()) {
      CliRun text = CliRun.of("dump", Fixtures.file(name).toString());
      assertEquals(0, text.code(), name + ": " + text.err());
      CliRun json = CliRun.of("dump", "--json", Fixtures.file(name).toString());
      assertEquals(0, json.code(), name + ": " + json.err());
      JsonNode tree = new ObjectMapper().readTree(json.out());
      for (var it = Fixtures.objects(name).fieldNames(); it.hasNext(); ) {
        String path = it.next();
        assertTrue(tree.has(path), name + " dump lacks " + path);
      }
    }
  }

  @Test
  void badInputExitsOneWithOneLine() throws Exception {
    Path junk = dir.resolve("junk.h5");
    Files.write(junk, new byte[] {1, 2, 3});
    CliRun r = CliRun.of("ls", junk.toString());
    assertEquals(1, r.code());
    assertEquals(1, r.err().lines().count(), r.err());
    assertTrue(r.err().contains("superblock"), r.err());
    assertEquals(1, CliRun.of("ls", dir.resolve("missing.h5").toString()).code());
    assertEquals(1, CliRun.of("ls", Fixtures.file("groups_latest.h5").toString(), "/nope").code());
  }

  @Test
  void usageErrorsExitTwo() {
    assertEquals(2, CliRun.of("ls").code());
    assertEquals(2, CliRun.of("frobnicate").code());
  }

  @Test
  void helpListsEveryCommandThoughOnlyTheOneRunIsBuilt() {
    CliRun help = CliRun.of("--help");
    assertEquals(0, help.code(), help.err());
    for (String c : List.of("ls", "dump", "demo", "repack", "log", "show", "diff", "commit",
        "checkout")) {
      assertTrue(help.out().contains("  " + c + " "), c + " missing from\n" + help.out());
    }
    assertTrue(!help.out().contains("cds-training"), help.out());
  }
}
