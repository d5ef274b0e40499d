package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's {@code ```java spark} block (which {@code DocExamplesTest} leaves out: its module
 * path has no Spark) compiles against this module's test classpath and runs on the tests'
 * session, on a copy of the versioned-hdf5 fixture it names; each commented print statement
 * prints its comment, and those comments are what h5py reads of the file.
 */
@OracleTest
class SparkReadmeExampleTest {
  private static final Pattern BLOCK = Pattern.compile("```java spark\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern PROMISE = Pattern.compile("System\\.out\\.println.*//\\s*(.+)$");

  @Test
  void theSparkBlockRunsAndPrintsWhatItPromises(@TempDir Path dir) throws Exception {
    String readme = Files.readString(Fixtures.dir().getParent().resolve("README.md"));
    Matcher m = BLOCK.matcher(readme);
    assertTrue(m.find(), "no ```java spark block in README.md");
    Path smoke = dir.resolve("smoke.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5/smoke-2.4.1.dev-5389a78.h5"), smoke);
    List<String> imports = new ArrayList<>();
    List<String> body = new ArrayList<>();
    List<String> promised = new ArrayList<>();
    for (String line : m.group(1).split("\n")) {
      (line.startsWith("import ") ? imports : body).add(line.replace("smoke.h5",
          smoke.toString()));
      Matcher p = PROMISE.matcher(line);
      if (p.find()) {
        promised.add(p.group(1).trim());
      }
    }
    // what the comments say, as h5py reads the file
    assertEquals(List.of(Oracles.python(String.join("\n",
        "import sys, h5py",
        "v = h5py.File(sys.argv[1], 'r')['_version_data/versions']",
        "print(v['v3']['grid'].size)",
        "print(int(v['v1']['grid'][:4].sum()))",
        "print('[' + ', '.join(sorted(k for k in v if k != '__first_version__')) + ']')",
        "print(v['v1']['grid'].size)"), smoke.toString()).trim().split("\n")), promised);
    Path src = dir.resolve("src/ReadmeSpark.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, String.join("\n", imports) + "\npublic class ReadmeSpark {\n"
        + "  public static void main(String[] args) throws Exception {\n"
        + String.join("\n", body) + "\n  }\n}\n");
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int rc = javac.run(null, null, errors, "-proc:none", "-classpath",
        System.getProperty("java.class.path"),
        "-d", classes.toString(), src.toString());
    assertEquals(0, rc, "the README's spark block does not compile:\n" + errors);
    TestSpark.session();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
        getClass().getClassLoader())) {
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      loader.loadClass("ReadmeSpark").getMethod("main", String[].class)
          .invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(out);
      TestSpark.session().sql("DROP TABLE IF EXISTS grid");
    }
    List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
    for (String p : promised) {
      assertTrue(lines.contains(p), "the block should print '" + p + "'; printed " + lines);
    }
  }
}
