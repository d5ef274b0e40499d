package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.H5FormatException;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.SizedFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Files whose superblock uses 4-byte offsets or lengths repack, keeping those sizes, to a
 * file that libhdf5 reads as the input (2-byte ones are refused): h5diff finds no difference, h5dump reads every value, and h5py sees the
 * same objects, types, shapes, values, attributes, fill values, virtual sources and
 * dereferenced references (generate.py's walk of both files, less the object addresses and
 * the chunk index, which repack chooses anew; links compared as sets, since repack does not
 * keep a group's link creation order).
 */
@OracleTest
class AddressSizesRepackTest {
  private static final String SAME_WALK = String.join("\n",
      "import sys, importlib.util",
      "spec = importlib.util.spec_from_file_location('generate', sys.argv[1] + '/generate.py')",
      "g = importlib.util.module_from_spec(spec)",
      "spec.loader.exec_module(g)",
      "g.HERE = sys.argv[2]",
      "def strip(x):",
      "    if isinstance(x, dict):",
      "        return {k: sorted(v) if k == 'links' else strip(v) for k, v in x.items()",
      "                if k not in ('addr', 'chunk_index')}",
      "    if isinstance(x, list):",
      "        return [strip(v) for v in x]",
      "    return x",
      "a = strip(g.walk(sys.argv[3])['objects'])",
      "b = strip(g.walk(sys.argv[4])['objects'])",
      "for p in sorted(set(a) | set(b)):",
      "    assert a.get(p) == b.get(p), (p, a.get(p), b.get(p))",
      "print(len(a))");

  @TestFactory
  Stream<DynamicNode> everySizedFixtureRepacksToTheSameContent() {
    return SizedFixtures.SIZES.stream().map(s -> {
      Path dir;
      try {
        dir = SizedFixtures.dir(s[0], s[1]);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return DynamicContainer.dynamicContainer("offsets " + s[0] + ", lengths " + s[1],
          SizedFixtures.files(dir).stream().map(name -> DynamicTest.dynamicTest(name,
              () -> {
                if (Math.min(s[0], s[1]) < 4) {
                  refused(dir, name);
                } else {
                  repackAndCompare(dir, name);
                }
              })));
    });
  }

  /**
   * Filters and layouts changed on the way (datasets decoded and stored again, chunk indexes
   * written anew) in files with 4-byte offsets or lengths.
   */
  @TestFactory
  Stream<DynamicNode> changedFiltersAndLayoutsKeepTheContent() {
    return SizedFixtures.SIZES.stream().filter(s -> Math.min(s[0], s[1]) >= 4).flatMap(s ->
        Stream.of("layouts_latest.h5", "datatypes_earliest.h5").flatMap(name ->
            Stream.of("GZIP=1", "SHUF").map(filter -> DynamicTest.dynamicTest(
                s[0] + "/" + s[1] + " " + name + " -f " + filter, () -> {
                  Path dir = SizedFixtures.dir(s[0], s[1]);
                  Path in = dir.resolve(name);
                  Path out = dir.resolve("filtered_" + filter.replace('=', '_') + "_" + name);
                  Repacker.Builder b = Repacker.builder().filter(FilterOption.parse(filter));
                  if (name.startsWith("layouts")) { // a path to nothing fails the repack
                    b.layout(LayoutOption.parse("/contiguous_2d:CHUNK=2x2"));
                  }
                  b.build().repack(in, out);
                  RepackOracle.assertSameContent(in, out);
                  RepackOracle.assertReadable(out);
                }))));
  }

  /** 2-byte sizes are refused (libhdf5 could not read OUT's new-style groups), no output left. */
  private static void refused(Path dir, String name) {
    Path out = dir.resolve("repacked_" + name);
    H5FormatException e = assertThrows(H5FormatException.class,
        () -> Repacker.builder().build().repack(dir.resolve(name), out));
    assertTrue(e.getMessage().contains("2-byte"), e.getMessage());
    assertFalse(Files.exists(out));
  }

  private static void repackAndCompare(Path dir, String name) throws IOException {
    Path in = dir.resolve(name);
    // beside the input, so that virtual sources and external links resolve alike
    Path out = dir.resolve("repacked_" + name);
    Repacker.builder().build().repack(in, out);
    RepackOracle.assertSameContent(in, out);
    RepackOracle.assertReadable(out);
    String objects = Oracles.python(SAME_WALK, Fixtures.dir().toAbsolutePath().toString(),
        dir.toString(), name, out.getFileName().toString()).trim();
    assertEquals(SizedFixtures.manifest(dir).get(name).get("objects").size(),
        Integer.parseInt(objects), "objects h5py finds in " + name);
  }
}
