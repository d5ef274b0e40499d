package io.h5j.conformance.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Java examples of the README and the guide: every {@code ```java} block of README.md and
 * docs/GUIDE.md (the body of a {@code main}, imports at the top; see {@link JavaBlock}) must
 * compile as a named module on the module path that requires io.h5j, io.h5j.versioning and
 * io.h5j.repack, so that javac refuses every package they do not export to everyone; run in
 * order on the module path in one new folder per document, each must exit 0 and print what its
 * commented print statements say.
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
        new BlockCompiler(LibraryModules.path()).compile(blocks(doc), PREFIX, classes);
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
        new BlockCompiler(LibraryModules.path()).compile(blocks, PREFIX, classes);
    for (int i = 0; i < blocks.size(); i++) {
      JavaBlock b = blocks.get(i);
      String what = doc + " block at line " + b.firstLine();
      assertEquals(List.of(), results.get(i).errors(), what);
      if (!b.runs()) {
        continue;
      }
      Oracles.Run run = ModuleRunner.run(classes, BlockCompiler.MODULE,
          BlockCompiler.className(PREFIX, i), folder);
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
   * The examples' module sees exactly what a user's does: javac refuses an internal package of
   * format, which the module does not export.
   */
  @ParameterizedTest
  @ValueSource(strings = {"io.h5j.format.message", "io.h5j.internal", "io.h5j.format.io"})
  void aBlockNamingAnInternalPackageDoesNotCompile(String pkg, @TempDir Path classes)
      throws Exception {
    List<JavaBlock> blocks = JavaBlock.parse(String.join("\n", "```java", "import " + pkg + ".*;",
        "import io.h5j.*;", "", "System.out.println(H5File.class);", "```", ""));
    List<String> errors = new BlockCompiler(LibraryModules.path())
        .compile(blocks, "Internal", classes).get(0).errors();
    assertEquals(1, errors.size(), errors.toString());
    // javac words it "does not export it" or "is not visible", as the package is reached
    assertTrue(errors.get(0).startsWith("line 2: ")
        && (errors.get(0).contains("does not export") || errors.get(0).contains("not visible")),
        errors.get(0));
  }

  /** The harness itself fails on a block that does not compile, and names its README line. */
  @Test
  void aBlockThatDoesNotCompileIsReportedAtItsLine(@TempDir Path classes) throws Exception {
    String markdown = String.join("\n", "text", "```java", "import io.h5j.*;", "",
        "H5File f = H5File.open(java.nio.file.Path.of(\"a.h5\"));",
        "f.noSuchMethod();", "```", "");
    List<JavaBlock> blocks = JavaBlock.parse(markdown);
    assertEquals(1, blocks.size());
    List<String> errors = new BlockCompiler(LibraryModules.path())
        .compile(blocks, "Broken", classes).get(0).errors();
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).startsWith("line 6: "), errors.get(0));
  }

  /** Test classes are not on the examples' module path: the test-jar's helpers do not resolve. */
  @Test
  void examplesSeeNoTestClasses(@TempDir Path classes) throws Exception {
    List<JavaBlock> blocks = JavaBlock.parse(String.join("\n", "```java no-run",
        "io.h5j.testing.Fixtures.dir();", "```", ""));
    assertFalse(blocks.get(0).runs());
    List<String> errors = new BlockCompiler(LibraryModules.path())
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

  private static String resource(String name) throws IOException {
    try (InputStream in = DocExamplesTest.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("test resource " + name + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
