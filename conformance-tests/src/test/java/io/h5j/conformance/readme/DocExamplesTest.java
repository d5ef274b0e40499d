package io.h5j.conformance.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.H5File;
import io.h5j.repack.Repacker;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.versioning.VersionedFile;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Java examples of the README and the guide: every {@code ```java} block of README.md and
 * docs/GUIDE.md (the body of a {@code main}, imports at the top; see {@link JavaBlock}) must
 * compile against the main classes of format, versioning and repack alone; run in order in one
 * new folder per document, each must exit 0 and print what its commented print statements say.
 * h5py and h5dump then read every object of the files the examples wrote, and h5py checks the
 * values the README's tour says it wrote ({@code readme_check.py}).
 */
@OracleTest
class DocExamplesTest {
  private static final String PREFIX = "DocExample";

  @ParameterizedTest
  @ValueSource(strings = {"README.md", "docs/GUIDE.md"})
  void everyExampleCompilesAgainstTheLibraryAlone(String doc, @TempDir Path classes)
      throws Exception {
    List<BlockCompiler.Result> results =
        new BlockCompiler(libraryClasses()).compile(blocks(doc), PREFIX, classes);
    List<String> errors = new ArrayList<>();
    results.forEach(r -> errors.addAll(r.errors()));
    assertEquals(List.of(), errors, doc + " examples that do not compile");
  }

  @ParameterizedTest
  @ValueSource(strings = {"README.md", "docs/GUIDE.md"})
  void theExamplesRunAndWriteFilesLibhdf5Reads(String doc, @TempDir Path classes,
      @TempDir Path folder) throws Exception {
    List<JavaBlock> blocks = blocks(doc);
    List<BlockCompiler.Result> results =
        new BlockCompiler(libraryClasses()).compile(blocks, PREFIX, classes);
    for (int i = 0; i < blocks.size(); i++) {
      JavaBlock b = blocks.get(i);
      String what = doc + " block at line " + b.firstLine();
      assertEquals(List.of(), results.get(i).errors(), what);
      if (!b.runs()) {
        continue;
      }
      Oracles.Run run = runJava(PREFIX + (i + 1), classes, folder);
      assertEquals(0, run.exitCode(), what + ":\n" + run.stderr() + run.stdout());
      List<String> printed = run.stdout().lines().toList();
      for (String promised : b.promisedOutput()) {
        assertTrue(printed.contains(promised),
            what + " should print '" + promised + "'; printed:\n" + run.stdout());
      }
    }
    List<String> files = new ArrayList<>();
    try (Stream<Path> list = Files.list(folder)) {
      list.filter(p -> p.toString().endsWith(".h5")).sorted().forEach(p -> files.add(p.toString()));
    }
    assertFalse(files.isEmpty(), doc + "'s examples wrote no file");
    assertEquals("ok", Oracles.python(resource("read_all.py"), files.toArray(String[]::new)).trim(),
        "h5py's reading of the files " + doc + "'s examples wrote");
    for (String f : files) {
      Oracles.h5dump(Path.of(f)); // fails the test unless libhdf5 reads every object and value
    }
    if (doc.equals("README.md")) {
      assertEquals("ok", Oracles.python(resource("readme_check.py"), folder.toString()).trim(),
          "h5py's reading of the values the README's tour wrote");
    }
  }

  /**
   * The examples name only the exported packages (checked by text: the examples compile on
   * the class path, where the module descriptors refuse nothing).
   */
  @ParameterizedTest
  @ValueSource(strings = {"README.md", "docs/GUIDE.md"})
  void examplesNameOnlyPublicPackages(String doc) throws Exception {
    List<String> internal = new ArrayList<>();
    for (JavaBlock b : blocks(doc)) {
      for (int i = 0; i < b.code().size(); i++) {
        Matcher m = H5J_NAME.matcher(b.code().get(i));
        while (m.find()) {
          String name = m.group();
          String pkg = name.endsWith(".*") ? name.substring(0, name.length() - 2)
              : name.substring(0, name.lastIndexOf('.'));
          if (!PUBLIC_PACKAGES.contains(pkg)) {
            internal.add(doc + " line " + (b.firstLine() + i) + ": " + name);
          }
        }
      }
    }
    assertEquals(List.of(), internal, "examples naming internal packages");
  }

  /** A package of h5j ending in a type or {@code .*}, as imports and qualified names write it. */
  private static final Pattern H5J_NAME =
      Pattern.compile("\\bio\\.h5j(\\.[a-z]\\w*)*\\.([A-Z]\\w*|\\*)");
  private static final Set<String> PUBLIC_PACKAGES = Set.of("io.h5j", "io.h5j.type",
      "io.h5j.raw", "io.h5j.format", "io.h5j.versioning", "io.h5j.repack");

  /** The harness itself fails on a block that does not compile, and names its README line. */
  @Test
  void aBlockThatDoesNotCompileIsReportedAtItsLine(@TempDir Path classes) throws Exception {
    String markdown = String.join("\n", "text", "```java", "import io.h5j.*;", "",
        "H5File f = H5File.open(java.nio.file.Path.of(\"a.h5\"));",
        "f.noSuchMethod();", "```", "");
    List<JavaBlock> blocks = JavaBlock.parse(markdown);
    assertEquals(1, blocks.size());
    List<String> errors = new BlockCompiler(libraryClasses())
        .compile(blocks, "Broken", classes).get(0).errors();
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).startsWith("line 6: "), errors.get(0));
  }

  /** Test classes are not on the examples' class path: the test-jar's helpers do not resolve. */
  @Test
  void examplesSeeNoTestClasses(@TempDir Path classes) throws Exception {
    List<JavaBlock> blocks = JavaBlock.parse(String.join("\n", "```java no-run",
        "io.h5j.testing.Fixtures.dir();", "```", ""));
    assertFalse(blocks.get(0).runs());
    List<String> errors = new BlockCompiler(libraryClasses())
        .compile(blocks, "TestOnly", classes).get(0).errors();
    assertEquals(1, errors.size(), errors.toString());
  }

  /** The java blocks of a document of the repository, e.g. {@code docs/GUIDE.md}. */
  private static List<JavaBlock> blocks(String doc) throws IOException {
    Path file = Fixtures.dir().toAbsolutePath().getParent().resolve(doc);
    List<JavaBlock> blocks = JavaBlock.parse(Files.readString(file));
    assertFalse(blocks.isEmpty(), "no java block in " + file);
    return blocks;
  }

  /** Where the main classes of format, versioning and repack are (folders or jars). */
  private static List<Path> libraryClasses() throws URISyntaxException {
    List<Path> out = new ArrayList<>();
    for (Class<?> c : List.of(H5File.class, VersionedFile.class, Repacker.class)) {
      out.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
    }
    return out;
  }

  /** Runs {@code main} of {@code className} in a JVM of its own, working in {@code folder}. */
  private static Oracles.Run runJava(String className, Path classes, Path folder)
      throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    // the library's runtime dependencies (codecs) come with this JVM's class path
    String classPath = classes + File.pathSeparator + System.getProperty("java.class.path");
    Path out = Files.createTempFile("readme-out", ".txt");
    Path err = Files.createTempFile("readme-err", ".txt");
    try {
      Process p = new ProcessBuilder(java.toString(), "-cp", classPath, className)
          .directory(folder.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
          .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("timed out: " + className + " in " + folder);
      }
      return new Oracles.Run(p.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = DocExamplesTest.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("test resource " + name + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
