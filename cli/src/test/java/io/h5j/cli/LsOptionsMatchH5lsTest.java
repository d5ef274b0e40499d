package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code h5j ls}'s h5ls options against h5ls 1.10.8. {@code FILE/PATH} and {@code -d},
 * {@code -d -S} print what h5ls prints, byte for byte. {@code -r -v} on every fixture: the
 * lines compared are those that do not depend on addresses h5j may place differently nor on
 * the clock, and that h5j claims to print as h5ls: each object's line, {@code Attribute:},
 * {@code Location:} (the object header's address, the same in both as the file is the same),
 * {@code Links:} (but for committed datatypes, which datasets using them also count),
 * {@code Chunks:}, {@code Filter-N:}, {@code Storage:} of chunked datasets of such types, and
 * {@code Type:} where h5ls names the type on one line (integers, IEEE floats, strings,
 * bitfields). Not compared: {@code Modified:}, {@code Maps:}, multi-line types, and the
 * storage of data not in chunks, and the type of a dataset whose type is committed (h5ls
 * names it {@code shared-1:ADDRESS}; h5j's API does not say).
 */
@OracleTest
class LsOptionsMatchH5lsTest {
  /** What h5ls names on one line, as {@link H5lsTypes} does. */
  private static final Pattern ONE_LINE_TYPE = Pattern.compile(" +Type: +(native [a-z 0-9-]+"
      + "|IEEE (32|64)-bit big-endian float|\\d+-bit ((big|little)-endian )?(unsigned )?integer"
      + "|\\d+-bit (big|little)-endian bitfield|\\d+-byte [a-z-]+ (ASCII|UTF-8) string"
      + "|variable-length [a-z-]+ (ASCII|UTF-8) string)");

  @TempDir
  Path dir;

  /** Every fixture h5ls lists in seconds (not the one of 2^61 elements, nor large VDS). */
  static Stream<String> files() throws IOException {
    return CorpusDumpTest.files().filter(f -> !f.endsWith("tlayouto.h5"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void verboseListsAsH5lsListsIt(String name) throws IOException {
    Path file = Fixtures.dir().resolve(name);
    List<List<String>> theirs = objects(h5ls("-r", "-v", file.toString()));
    List<List<String>> ours = objects(ours("-r", "-v", file.toString()));
    assertEquals(theirs.size(), ours.size(), "objects listed");
    int lines = 0;
    for (int i = 0; i < theirs.size(); i++) {
      List<String> expected = compared(theirs.get(i));
      List<String> actual = compared(ours.get(i));
      if (theirs.get(i).stream().anyMatch(l -> l.startsWith("    Type:      shared-"))) {
        expected.removeIf(l -> l.startsWith("    Type:")); // a committed type: not compared
        actual.removeIf(l -> l.startsWith("    Type:"));
      }
      assertEquals(String.join("\n", expected), String.join("\n", actual));
      lines += expected.size();
    }
    assertTrue(lines > 2, "compared " + lines + " lines");
  }

  @ParameterizedTest
  @ValueSource(strings = {"layouts_latest.h5", "layouts_earliest.h5", "groups_latest.h5",
      "groups_earliest.h5", "attributes_latest.h5", "vds.h5", "libhdf5-tests/tcompound2.h5",
      "libhdf5-tests/deflate.h5", "libhdf5-tests/be_data.h5", "libhdf5-tests/le_data.h5"})
  void dataPrintsAsH5lsPrintsIt(String name) throws IOException {
    String file = Fixtures.dir().resolve(name).toString();
    for (List<String> options : List.of(List.of("-r", "-d"), List.of("-r", "-d", "-S"))) {
      List<String> args = new ArrayList<>(options);
      args.add(file);
      String[] a = args.toArray(String[]::new);
      assertEquals(h5ls(a), ours(a), "ls " + args);
    }
  }

  @Test
  void filePathFormSplitsAtTheLongestFilePrefix() throws IOException {
    Path fixtures = Fixtures.dir();
    for (String target : List.of("datatypes_latest.h5/int", "datatypes_latest.h5/float/f8_le",
        "groups_earliest.h5/a/b", "layouts_latest.h5/")) {
      String arg = fixtures.resolve(target).toString();
      assertEquals(h5ls("-d", arg), ours("-d", arg), target);
      assertEquals(compared(h5ls("-v", arg).lines().toList()),
          compared(ours("-v", arg).lines().toList()), target);
    }
    // a folder named like a file's prefix does not stop the split at the longest file
    Path nested = dir.resolve("a.h5");
    java.nio.file.Files.copy(fixtures.resolve("groups_earliest.h5"), nested);
    String arg = nested + "/a/b";
    assertEquals(h5ls(arg), ours(arg));
    CliRun missing = CliRun.of("ls", dir.resolve("none.h5") + "/a");
    assertEquals(Main.BAD_INPUT, missing.code(), missing.err());
  }

  /** The lines of an {@code -r -v} listing this test compares (see the class comment). */
  /** A listing cut into objects: each object's line and the lines below it. */
  private static List<List<String>> objects(String listing) {
    List<List<String>> objects = new ArrayList<>();
    for (String line : listing.lines().toList()) {
      if (!line.startsWith(" ") || objects.isEmpty()) {
        objects.add(new ArrayList<>());
      }
      objects.get(objects.size() - 1).add(line);
    }
    return objects;
  }

  private static List<String> compared(List<String> listing) {
    List<String> kept = new ArrayList<>();
    boolean chunked = false;
    boolean namedType = false;
    String storage = null; // kept when the type after it is one h5ls names on one line
    for (String line : listing) {
      if (!line.startsWith(" ")) {
        namedType = line.endsWith(" Type");
        chunked = false;
        storage = null;
        kept.add(line);
      } else if (line.startsWith("    Chunks:")) {
        chunked = true;
        kept.add(line);
      } else if (line.startsWith("    Storage:") && chunked) {
        storage = line;
      } else if (ONE_LINE_TYPE.matcher(line).matches()) {
        if (storage != null && line.startsWith("    Type:")) {
          kept.add(storage);
        }
        kept.add(line);
      } else if (line.startsWith("    Attribute:") || line.startsWith("    Location:")
          || line.startsWith("    Filter-") || (line.startsWith("    Links:") && !namedType)) {
        kept.add(line);
      }
    }
    return kept;
  }

  private static String h5ls(String... args) throws IOException {
    Oracles.requireH5dump(); // h5ls comes with it (hdf5-tools)
    List<String> cmd = new ArrayList<>(List.of("/usr/bin/h5ls"));
    cmd.addAll(List.of(args));
    return Oracles.run(cmd).stdout();
  }

  private static String ours(String... args) {
    List<String> cmd = new ArrayList<>(List.of("ls"));
    cmd.addAll(List.of(args));
    CliRun r = CliRun.of(cmd.toArray(String[]::new));
    return r.out();
  }
}
