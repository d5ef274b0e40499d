package io.h5j.conformance.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's program (test resource {@code consumer/}: its own module, requiring io.h5j,
 * io.h5j.versioning and io.h5j.repack) compiles and runs on the module path alone, as a
 * program written against h5j would: typed slices, n-d arrays, walk and visit, a classic object
 * reference, a scalar attribute, a versioned commit and an old version read back. What it
 * prints must be what h5py reads from the files it wrote ({@code consumer_check.py}).
 */
@OracleTest
class ConsumerProgramTest {
  private static final String MODULE = "org.example.grid";
  private static final String MAIN = "org.example.grid.GridReport";

  @Test
  void theProgramPrintsWhatH5pyReadsFromItsFiles(@TempDir Path classes, @TempDir Path folder)
      throws Exception {
    Map<String, String> sources = consumerSources();
    assertEquals(List.of(), errors(sources, classes), "the consumer program does not compile");
    Oracles.Run run = ModuleRunner.run(classes, MODULE, MAIN, folder);
    assertEquals(0, run.exitCode(), run.stderr() + run.stdout());

    List<String> h5py = new ArrayList<>(
        Oracles.python(resource("consumer_check.py"), folder.toString()).strip().lines().toList());
    assertTrue(h5py.remove("compression=gzip 6 (4, 3)"), "h5py's filters and chunks: " + h5py);
    assertEquals(h5py, run.stdout().strip().lines().toList(),
        "the consumer's results against h5py's reading of the same files");
    Oracles.h5dump(folder.resolve("grid.h5"));
    Oracles.h5dump(folder.resolve("grid-versions.h5"));
  }

  /** The same program with one import of an internal package is refused by javac. */
  @Test
  void importingAnInternalPackageDoesNotCompile(@TempDir Path classes) throws Exception {
    Map<String, String> sources = consumerSources();
    String main = MAIN.replace('.', '/') + ".java";
    sources.put(main, sources.get(main).replace("import io.h5j.Dataset;",
        "import io.h5j.Dataset; import io.h5j.format.message.*;"));
    List<String> errors = errors(sources, classes);
    assertEquals(1, errors.size(), errors.toString());
    assertTrue(errors.get(0).contains("package io.h5j.format.message is declared in module io.h5j,"
        + " which does not export it"), errors.get(0));
  }

  private static List<String> errors(Map<String, String> sources, Path classes)
      throws IOException {
    List<String> out = new ArrayList<>();
    new ModuleCompiler(LibraryModules.path()).compile(sources, classes).forEach(d ->
        out.add(ModuleCompiler.fileOf(d) + ":" + d.getLineNumber() + ": "
            + d.getMessage(Locale.ROOT)));
    return out;
  }

  /** Every file under the test resource folder {@code consumer}, by its path there. */
  private static Map<String, String> consumerSources() throws IOException, URISyntaxException {
    Path root = Path.of(ConsumerProgramTest.class.getResource("/consumer").toURI());
    Map<String, String> sources = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        sources.put(root.relativize(p).toString().replace('\\', '/'), Files.readString(p));
      }
    }
    return sources;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = ConsumerProgramTest.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("test resource " + name + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
