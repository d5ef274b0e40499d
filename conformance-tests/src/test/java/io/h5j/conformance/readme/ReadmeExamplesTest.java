package io.h5j.conformance.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.H5File;
import io.h5j.repack.Repacker;
import io.h5j.testing.Fixtures;
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
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java examples: every {@code ```java} block of README.md (the body of a
 * {@code main}, imports at the top; see {@link JavaBlock}) must compile against the main classes
 * of format, versioning and repack alone, and, run in order in one new folder, each must exit 0
 * and print what its commented print statements say; h5py and h5dump then judge the files the
 * tour wrote ({@code readme_check.py} holds what the tour says it wrote).
 */
class ReadmeExamplesTest {
  private static final String PREFIX = "ReadmeExample";

  @Test
  void everyExampleCompilesAgainstTheLibraryAlone(@TempDir Path classes) throws Exception {
    List<BlockCompiler.Result> results =
        new BlockCompiler(libraryClasses()).compile(readmeBlocks(), PREFIX, classes);
    List<String> errors = new ArrayList<>();
    results.forEach(r -> errors.addAll(r.errors()));
    assertEquals(List.of(), errors, "README.md examples that do not compile");
  }

  @Test
  void theTourRunsAndWritesWhatItSays(@TempDir Path classes, @TempDir Path folder)
      throws Exception {
    List<JavaBlock> blocks = readmeBlocks();
    List<BlockCompiler.Result> results =
        new BlockCompiler(libraryClasses()).compile(blocks, PREFIX, classes);
    for (int i = 0; i < blocks.size(); i++) {
      JavaBlock b = blocks.get(i);
      assertEquals(List.of(), results.get(i).errors(), "README.md block at line " + b.firstLine());
      if (!b.runs()) {
        continue;
      }
      Oracles.Run run = runJava(PREFIX + (i + 1), classes, folder);
      String what = "README.md block at line " + b.firstLine() + "";
      assertEquals(0, run.exitCode(), what + ":\n" + run.stderr() + run.stdout());
      List<String> printed = run.stdout().lines().toList();
      for (String promised : b.promisedOutput()) {
        assertTrue(printed.contains(promised),
            what + " should print '" + promised + "'; printed:\n" + run.stdout());
      }
    }
    String check = Oracles.python(resource("readme_check.py"), folder.toString());
    assertEquals("ok", check.trim(), "h5py's reading of the tour's files in " + folder);
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".h5")).sorted().toList()) {
        Oracles.h5dump(f); // fails the test unless libhdf5 reads every object and value
      }
    }
  }

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

  private static List<JavaBlock> readmeBlocks() throws IOException {
    Path readme = Fixtures.dir().toAbsolutePath().getParent().resolve("README.md");
    List<JavaBlock> blocks = JavaBlock.parse(Files.readString(readme));
    assertFalse(blocks.isEmpty(), "no java block in " + readme);
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
    try (InputStream in = ReadmeExamplesTest.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("test resource " + name + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
