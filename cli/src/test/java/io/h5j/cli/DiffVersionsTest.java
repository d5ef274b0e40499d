package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h5j diff --versions} on a file versioned-hdf5 wrote: the elements each listed chunk
 * changed, and that no chunk left out changed any, judged by the values versioned-hdf5's
 * manifest records for every version.
 */
class DiffVersionsTest {
  @TempDir
  Path dir;

  /** The chunk shapes of the smoke file's datasets (fixtures/versioned-hdf5/README.md). */
  private static final Map<String, long[]> CHUNKS = Map.of("grid", new long[] {4, 3},
      "sub/nested", new long[] {2});
  private static final Pattern DATASET =
      Pattern.compile("(\\S+): (\\d+) chunks?, (\\d+) elements? changed");
  private static final Pattern CHUNK = Pattern.compile("  \\[([0-9, ]+)\\]: (\\d+) elements?");

  private Path smoke() throws Exception {
    Path f = dir.resolve("smoke.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5/smoke-1.7.0.h5"), f);
    return f;
  }

  private static JsonNode version(String name) throws Exception {
    Path m = Fixtures.dir().resolve("versioned-hdf5/manifest-1.7.0.json");
    for (JsonNode e : new ObjectMapper().readTree(m.toFile())) {
      if (e.get("file").asText().equals("smoke-1.7.0.h5")) {
        for (JsonNode v : e.get("versions")) {
          if (v.get("version").asText().equals(name)) {
            return v;
          }
        }
      }
    }
    throw new AssertionError(name);
  }

  /** A version's values of each dataset, by element index. */
  private static Map<String, Map<List<Long>, String>> values(String version) throws Exception {
    Map<String, Map<List<Long>, String>> out = new HashMap<>();
    for (JsonNode d : version(version).get("datasets")) {
      Map<List<Long>, String> elements = new HashMap<>();
      flatten(d.get("values"), new ArrayList<>(), elements);
      out.put(d.get("path").asText(), elements);
    }
    return out;
  }

  private static void flatten(JsonNode n, List<Long> at, Map<List<Long>, String> out) {
    if (!n.isArray()) {
      out.put(List.copyOf(at), n.toString());
      return;
    }
    for (int i = 0; i < n.size(); i++) {
      at.add((long) i);
      flatten(n.get(i), at, out);
      at.remove(at.size() - 1);
    }
  }

  /** The chunk (by its first element) each changed element is in, and how many it holds. */
  private static Map<String, Map<List<Long>, Long>> expected(String v1, String v2)
      throws Exception {
    Map<String, Map<List<Long>, String>> a = values(v1);
    Map<String, Map<List<Long>, String>> b = values(v2);
    Map<String, Map<List<Long>, Long>> out = new HashMap<>();
    for (String path : CHUNKS.keySet()) {
      Map<List<Long>, String> x = a.getOrDefault(path, Map.of());
      Map<List<Long>, String> y = b.getOrDefault(path, Map.of());
      java.util.Set<List<Long>> all = new java.util.HashSet<>(x.keySet());
      all.addAll(y.keySet());
      for (List<Long> e : all) {
        if (!java.util.Objects.equals(x.get(e), y.get(e))) {
          List<Long> chunk = new ArrayList<>();
          for (int d = 0; d < e.size(); d++) {
            chunk.add(e.get(d) / CHUNKS.get(path)[d] * CHUNKS.get(path)[d]);
          }
          out.computeIfAbsent(path, k -> new HashMap<>()).merge(chunk, 1L, Long::sum);
        }
      }
    }
    return out;
  }

  /** What h5j printed, parsed: per dataset, per chunk listed, the elements it changed. */
  private static Map<String, Map<List<Long>, Long>> parse(String out) {
    Map<String, Map<List<Long>, Long>> parsed = new HashMap<>();
    Map<List<Long>, Long> current = null;
    long declared = -1;
    for (String line : out.split("\n")) {
      Matcher d = DATASET.matcher(line);
      Matcher c = CHUNK.matcher(line);
      if (d.matches()) {
        current = new HashMap<>();
        parsed.put(d.group(1), current);
        declared = Long.parseLong(d.group(3));
      } else if (c.matches() && current != null) {
        List<Long> at = Arrays.stream(c.group(1).split(", ")).map(Long::valueOf).toList();
        current.put(at, Long.parseLong(c.group(2)));
        long sum = current.values().stream().mapToLong(Long::longValue).sum();
        assertTrue(sum <= declared, line);
      } else if (!line.isEmpty()) {
        throw new AssertionError("unexpected line: " + line + "\n" + out);
      }
    }
    return parsed;
  }

  @Test
  void elementCountsPerChangedChunkMatchTheManifest() throws Exception {
    Path f = smoke();
    for (String[] pair : List.of(new String[] {"v1", "v2"}, new String[] {"v2", "v3"},
        new String[] {"v1", "v3"}, new String[] {"v3", "v1"})) {
      CliRun r = CliRun.of("diff", "--versions", f.toString(), pair[0], pair[1]);
      assertEquals(1, r.code(), r.err());
      Map<String, Map<List<Long>, Long>> got = parse(r.out());
      Map<String, Map<List<Long>, Long>> want = expected(pair[0], pair[1]);
      for (String path : want.keySet()) {
        // every chunk with a changed element is listed, with that many
        for (Map.Entry<List<Long>, Long> e : want.get(path).entrySet()) {
          assertEquals(e.getValue(), got.getOrDefault(path, Map.of()).get(e.getKey()),
              String.join(" ", pair) + " " + path + " " + e.getKey() + ":\n" + r.out());
        }
      }
      // and a chunk listed beyond those (stored anew, same values) changed none
      got.forEach((path, chunks) -> chunks.forEach((at, n) -> assertEquals(
          want.getOrDefault(path, Map.of()).getOrDefault(at, 0L), n, path + " " + at)));
      assertTrue(r.out().contains("grid: "), r.out());
    }
  }

  @Test
  void sameVersionsDifferInNothing() throws Exception {
    CliRun r = CliRun.of("diff", "--versions", smoke().toString(), "v2", "v2");
    assertEquals("", r.out());
    assertEquals(0, r.code(), r.err());
  }

  @Test
  void theOldFormSaysToUseVersions() throws Exception {
    String f = smoke().toString();
    CliRun r = CliRun.of("diff", f, "v1", "v2");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("run 'h5j diff --versions " + f + " v1 v2'"), r.err());
  }

  @Test
  void versionsOfAPlainFileIsAnError() {
    String plain = Fixtures.file("groups_latest.h5").toString();
    CliRun r = CliRun.of("diff", "--versions", plain, "v1", "v2");
    assertEquals(2, r.code());
    assertTrue(r.err().startsWith("h5j: not a versioned file: "), r.err());
    assertTrue(r.err().contains(plain), r.err());
  }
}
