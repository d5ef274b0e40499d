package io.h5j.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The HDF5 files in the repository's {@code fixtures/} folder (made by h5py, see
 * {@code fixtures/README.md}) and their manifest of expected values.
 *
 * <p>The folder is {@code $H5J_FIXTURES} when that is set (Surefire sets it to the repository's
 * {@code fixtures}), else the first {@code fixtures/} holding a {@code manifest.json} found by
 * walking up from the working directory.
 */
public final class Fixtures {
  /** Environment variable naming the fixtures folder. */
  public static final String ENV = "H5J_FIXTURES";

  private static final String MANIFEST = "manifest.json";
  private static volatile Path dir;
  private static volatile JsonNode manifest;

  private Fixtures() {}

  /** The fixtures folder. Throws {@link IllegalStateException} if it cannot be found. */
  public static Path dir() {
    Path d = dir;
    if (d == null) {
      d = locate();
      dir = d;
    }
    return d;
  }

  /** The path of one fixture file, e.g. {@code file("groups_latest.h5")}; it must be in the manifest. */
  public static Path file(String name) {
    if (!manifest().has(name)) {
      throw new IllegalArgumentException(
          "no fixture named '" + name + "' in " + dir().resolve(MANIFEST) + "; known: " + files());
    }
    Path p = dir().resolve(name);
    if (!Files.isRegularFile(p)) {
      throw new IllegalStateException(
          p + " is in the manifest but missing: regenerate with /usr/bin/python3 fixtures/generate.py");
    }
    return p;
  }

  /** The whole manifest: file name → { superblock_version, size, objects: { path → entry } }. */
  public static JsonNode manifest() {
    JsonNode m = manifest;
    if (m == null) {
      Path p = dir().resolve(MANIFEST);
      try {
        m = new ObjectMapper().readTree(p.toFile());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + p, e);
      }
      manifest = m;
    }
    return m;
  }

  /** The manifest entry of one file. */
  public static JsonNode entry(String name) {
    file(name);
    return manifest().get(name);
  }

  /** The expected objects of one file: path → entry (kind, dtype, shape, values, attrs, ...). */
  public static JsonNode objects(String name) {
    return entry(name).get("objects");
  }

  /** Names of all fixture files, sorted. */
  public static List<String> files() {
    List<String> names = new ArrayList<>();
    manifest().fieldNames().forEachRemaining(names::add);
    Collections.sort(names);
    return Collections.unmodifiableList(names);
  }

  /**
   * A new temporary folder holding copies of all fixtures but {@code name}, for writing a
   * derived file named {@code name}: its cross-file virtual sources and external links, which
   * libhdf5 resolves beside the file, then find the same companions the fixture finds.
   */
  public static Path scratchDirFor(String name) {
    try {
      Path tmp = Files.createTempDirectory("h5j-fixtures");
      for (String other : files()) {
        if (!other.equals(name)) {
          Files.copy(file(other), tmp.resolve(other));
        }
      }
      return tmp;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the fixtures", e);
    }
  }

  private static Path locate() {
    String env = System.getenv(ENV);
    if (env != null && !env.isBlank()) {
      Path p = Path.of(env).toAbsolutePath().normalize();
      if (!Files.isRegularFile(p.resolve(MANIFEST))) {
        throw new IllegalStateException(ENV + "=" + env + " has no " + MANIFEST);
      }
      return p;
    }
    Path start = Path.of("").toAbsolutePath().normalize();
    for (Path d = start; d != null; d = d.getParent()) {
      Path candidate = d.resolve("fixtures");
      if (Files.isRegularFile(candidate.resolve(MANIFEST))) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "no fixtures/" + MANIFEST + " above " + start + "; set " + ENV + " to the fixtures folder");
  }
}
