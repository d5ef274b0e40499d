package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.H5File;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.File;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first {@code ```java} block of the repository's README compiles against h5j and runs:
 * the documented API is the real one.
 */
@OracleTest
class ReadmeExampleTest {
  @TempDir
  Path dir;

  static Path readme() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path r = d.resolve("README.md");
      if (Files.isRegularFile(r) && Files.isDirectory(d.resolve("conformance-tests"))) {
        return r;
      }
    }
    throw new IllegalStateException("no README.md beside conformance-tests above "
        + Path.of("").toAbsolutePath());
  }

  /** The first fenced java block of the README, without the fences. */
  static String firstJavaBlock(String markdown) {
    String[] lines = markdown.split("\n", -1);
    StringBuilder out = null;
    for (String line : lines) {
      if (out == null) {
        if (line.strip().equals("```java")) {
          out = new StringBuilder();
        }
      } else if (line.strip().equals("```")) {
        return out.toString();
      } else {
        out.append(line).append('\n');
      }
    }
    throw new IllegalStateException("README has no complete ```java block");
  }

  /** The first fenced java block of the README that contains {@code marker}. */
  static String javaBlockWith(String markdown, String marker) {
    String rest = markdown;
    while (rest.contains("```java")) {
      String block = firstJavaBlock(rest);
      if (block.contains(marker)) {
        return block;
      }
      rest = rest.substring(rest.indexOf("```java") + 7);
      rest = rest.substring(rest.indexOf("```") + 3);
    }
    throw new IllegalStateException("README has no ```java block with " + marker);
  }

  /** Imports stay at the top; every other line goes into {@code main}. */
  static String wrap(String block, String className) {
    StringBuilder imports = new StringBuilder();
    StringBuilder body = new StringBuilder();
    for (String line : block.split("\n")) {
      if (line.strip().startsWith("import ")) {
        imports.append(line).append('\n');
      } else {
        body.append("    ").append(line).append('\n');
      }
    }
    return imports + "\npublic class " + className + " {\n"
        + "  public static void main(String[] args) throws Exception {\n"
        + body
        + "  }\n}\n";
  }

  @Test
  void readmeJavaExampleCompilesAndRuns() throws Exception {
    String block = firstJavaBlock(Files.readString(readme(), StandardCharsets.UTF_8));
    assertTrue(block.contains("H5File"), block);
    String source = wrap(block, "ReadmeExample");
    Path src = dir.resolve("src/ReadmeExample.java");
    Path classes = dir.resolve("classes");
    Files.createDirectories(src.getParent());
    Files.createDirectories(classes);
    Files.writeString(src, source);

    compile(src, classes, source);

    // The example opens file-from-h5py.h5 in the working directory, so run it in its own
    // process there, beside a copy of a file h5py wrote.
    Path work = dir.resolve("work");
    Files.createDirectories(work);
    Files.copy(Fixtures.file("groups_earliest.h5"), work.resolve("file-from-h5py.h5"),
        StandardCopyOption.REPLACE_EXISTING);
    runIn(work, classes, "ReadmeExample");

    // What the example claims to have done, checked.
    try (H5File f = H5File.open(work.resolve("example.h5"))) {
      assertEquals(3, f.superblockVersion());
      assertArrayEquals(new long[] {2, 3}, f.dataset("latest/x").shape());
      assertArrayEquals(new double[] {1, -1, 3, 4, -2, 6}, (double[]) f.dataset("latest/x").read());
      assertEquals("ada", f.group("latest").attributes().get("operator"));
      byte[] flags = (byte[]) f.dataset("runs/2026-11-29/flags").read();
      assertEquals(100, flags.length);
      for (byte b : flags) {
        assertEquals(-1, b);
      }
    }
    try (H5File f = H5File.open(work.resolve("file-from-h5py.h5"))) {
      assertEquals(0, f.superblockVersion());
      assertTrue(f.root().contains("added_by_h5j"));
      assertTrue(f.root().contains("a/b/c/d/leaf"));
    }
    Oracles.h5dump(work.resolve("example.h5"));
    Oracles.h5dump(work.resolve("file-from-h5py.h5"), "-H");
    String py = Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(f['latest/x'][()].tolist(), f['runs/2026-11-29'].attrs['operator'],"
            + " set(f['runs/2026-11-29/flags'][()].tolist()))",
        "g = h5py.File(sys.argv[2], 'r')",
        "print('added_by_h5j' in g, isinstance(g['added_by_h5j'], h5py.Group))"),
        work.resolve("example.h5").toString(), work.resolve("file-from-h5py.h5").toString());
    assertEquals("[[1.0, -1.0, 3.0], [4.0, -2.0, 6.0]] ada {-1}\nTrue True\n", py);
  }

  /**
   * The README's example of verified reads, check and repair runs on a copy of a file
   * versioned-hdf5 wrote, says it is clean, and leaves a file h5py reads.
   */
  @Test
  void readmeCheckExampleRuns() throws Exception {
    String block = javaBlockWith(Files.readString(readme(), StandardCharsets.UTF_8),
        "verifyChunkHashes");
    Path src = dir.resolve("src/ReadmeCheckExample.java");
    Path classes = dir.resolve("classes");
    Files.createDirectories(src.getParent());
    Files.createDirectories(classes);
    String source = wrap(block, "ReadmeCheckExample");
    Files.writeString(src, source);
    compile(src, classes, source);
    Path work = dir.resolve("work");
    Files.createDirectories(work);
    Path data = work.resolve("data.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5/smoke-1.7.0.h5"), data,
        StandardCopyOption.REPLACE_EXISTING);
    data.toFile().setWritable(true);
    assertEquals("clean\n", runIn(work, classes, "ReadmeCheckExample"));
    assertEquals("[0, 1, 2, 3, 4, 5, 6] v3\n", Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "v = f['_version_data/versions']",
        "print(v['v1/grid'][0].tolist(), v.attrs['current_version'])"), data.toString()));
  }

  private static void compile(Path src, Path classes, String source) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      fail("no system Java compiler: run the tests on a JDK, not a JRE");
    }
    String cp = System.getProperty("java.class.path");
    StringWriter diagnostics = new StringWriter();
    boolean ok = javac.getTask(diagnostics, null, null,
        List.of("-classpath", cp, "-d", classes.toString(), "-Xlint:none"), null,
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)
            .getJavaFileObjects(src.toFile())).call();
    assertTrue(ok, "README example does not compile:\n" + diagnostics + "\n" + source);
  }

  /** Runs a compiled example in its own process in {@code work}; its output. */
  private static String runIn(Path work, Path classes, String main) throws Exception {
    String cp = System.getProperty("java.class.path");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>(List.of(java, "-cp",
        classes + File.pathSeparator + cp, main));
    Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
        .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "README example failed:\n" + out);
    return out;
  }
}
