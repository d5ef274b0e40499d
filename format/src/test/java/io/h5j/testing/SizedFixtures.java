package io.h5j.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fixtures of {@code fixtures/generate.py} written by h5py with other sizes of offsets
 * and lengths ({@code H5Pset_sizes}), made once per JVM in a temporary folder by
 * {@code sized_fixtures.py} (beside this class), with a manifest in generate.py's schema.
 * Needs h5py: skips loudly (fails under CI) without it.
 */
public final class SizedFixtures {
  /** The sizes (offsets, lengths) the fixtures are made with. */
  public static final List<int[]> SIZES = List.of(new int[] {2, 2}, new int[] {4, 4},
      new int[] {4, 8}, new int[] {8, 4});

  private static final Map<String, Path> MADE = new ConcurrentHashMap<>();

  private SizedFixtures() {}

  /** The folder of fixtures with {@code offsets}-byte addresses and {@code lengths}-byte lengths. */
  public static synchronized Path dir(int offsets, int lengths) throws IOException {
    String key = offsets + "_" + lengths;
    Path made = MADE.get(key);
    if (made != null) {
      return made;
    }
    Path dir = Files.createTempDirectory("h5j-sized-" + key + "-");
    Path script = dir.resolve("sized_fixtures.py");
    try (InputStream s = SizedFixtures.class.getResourceAsStream("sized_fixtures.py")) {
      Files.copy(s, script);
    }
    Oracles.python(Files.readString(script), Fixtures.dir().toAbsolutePath().toString(),
        dir.toString(), Integer.toString(offsets), Integer.toString(lengths));
    Files.delete(script);
    MADE.put(key, dir);
    return dir;
  }

  /** The manifest of {@link #dir}: file name → entry, as in {@code fixtures/manifest.json}. */
  public static JsonNode manifest(Path dir) {
    try {
      return new ObjectMapper().readTree(dir.resolve("manifest.json").toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the manifest in " + dir, e);
    }
  }

  /** The names of the fixture files in {@code dir}, sorted. */
  public static List<String> files(Path dir) {
    List<String> names = new ArrayList<>();
    manifest(dir).fieldNames().forEachRemaining(names::add);
    Collections.sort(names);
    return names;
  }
}
