package io.h5j.conformance.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the README promises a newcomer about setting up and running h5j: the test command is
 * the one CI runs, every package the oracle setup installs and every environment variable the
 * code reads is named in the documentation, and a Quick tour block runs as the README says to
 * run it ({@code tools/run-example.sh}).
 */
class ReadmeClaimsTest {
  private static final Path REPO = Fixtures.dir().getParent();

  private static String read(String file) throws IOException {
    return Files.readString(REPO.resolve(file));
  }

  /** The README's two first commands, without their comments. */
  private static List<String> firstCommands() throws IOException {
    List<String> lines = read("README.md").lines().toList();
    int open = lines.indexOf("```sh");
    assertTrue(open >= 0 && open < 5, "the README does not open with its commands");
    return lines.subList(open + 1, open + 3).stream()
        .map(l -> l.replaceFirst("\\s+#.*", "")).toList();
  }

  @Test
  void theTestCommandIsWhatCiRuns() throws IOException {
    List<String> commands = firstCommands();
    assertEquals("./h5j demo", commands.get(0));
    String ci = read(".ci/run");
    for (String step : commands.get(1).split("\\s*&&\\s*")) {
      String asCiRunsIt = step.replace("sudo ", "");
      assertTrue(ci.contains(asCiRunsIt) || ci.contains(". " + asCiRunsIt),
          ".ci/run does not run the README's '" + step + "':\n" + ci);
    }
    assertTrue(Files.isExecutable(REPO.resolve("tools/setup-oracles.sh")));
  }

  @Test
  void everyPackageTheSetupInstallsIsListed() throws IOException {
    String setup = read("tools/setup-oracles.sh");
    Set<String> packages = new TreeSet<>();
    Matcher m = Pattern.compile("need\\+=\\(([^)]*)\\)").matcher(setup);
    while (m.find()) {
      for (String p : m.group(1).trim().split("\\s+")) {
        if (!p.startsWith("\"")) {
          packages.add(p);
        }
      }
    }
    Matcher loop = Pattern.compile("for pkg in ([^;]*);").matcher(setup);
    assertTrue(loop.find(), "the setup script's plugin package loop");
    for (String p : loop.group(1).replace("\\\n", " ").trim().split("\\s+")) {
      packages.add(p);
    }
    assertTrue(packages.size() >= 10, packages.toString());
    String readme = read("README.md");
    List<String> unlisted = packages.stream().filter(p -> !readme.contains("`" + p + "`")).toList();
    assertEquals(List.of(), unlisted, "packages tools/setup-oracles.sh installs that the README"
        + " does not list");
  }

  @Test
  void everyEnvironmentVariableIsDocumented() throws IOException {
    Set<String> variables = new TreeSet<>();
    Pattern name = Pattern.compile("\"(H5J_[A-Z0-9_]+)\"");
    try (Stream<Path> files = Files.walk(REPO)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java"))
          .filter(p -> !p.toString().contains("/target/")).toList()) {
        Matcher m = name.matcher(Files.readString(f));
        while (m.find()) {
          variables.add(m.group(1));
        }
      }
    }
    assertTrue(variables.contains("H5J_HDF5V2_PYTHON"), variables.toString());
    StringBuilder docs = new StringBuilder(read("README.md"));
    try (Stream<Path> md = Files.list(REPO.resolve("docs"))) {
      for (Path f : md.filter(p -> p.toString().endsWith(".md")).toList()) {
        docs.append(Files.readString(f));
      }
    }
    List<String> undocumented = new ArrayList<>();
    for (String v : variables) {
      if (!docs.toString().contains(v)) {
        undocumented.add(v);
      }
    }
    assertEquals(List.of(), undocumented, "variables the code reads that no document names");
  }

  /** The Quick tour's first two blocks, run as its text says, write a file libhdf5 reads. */
  @Test
  @OracleTest
  void aTourBlockRunsWithTheExampleRunner(@TempDir Path folder) throws Exception {
    Path jar = REPO.resolve("cli/target/h5j.jar");
    Oracles.require(Files.isRegularFile(jar), jar + " (built by mvn package or ./h5j)");
    String readme = read("README.md");
    assertTrue(readme.contains("tools/run-example.sh"), "the README does not say how to run a block");
    List<JavaBlock> blocks = JavaBlock.parse(readme);
    for (int i = 0; i < 2; i++) {
      Path block = folder.resolve("block" + i + ".java");
      Files.writeString(block, String.join("\n", blocks.get(i).code()) + "\n");
      Process p = new ProcessBuilder(REPO.resolve("tools/run-example.sh").toString(),
          block.toString()).directory(folder.toFile()).redirectErrorStream(true).start();
      assertTrue(p.waitFor(120, TimeUnit.SECONDS), "run-example.sh did not finish");
      String out = new String(p.getInputStream().readAllBytes());
      assertEquals(0, p.exitValue(), out);
      for (String promised : blocks.get(i).promisedOutput()) {
        assertTrue(out.lines().toList().contains(promised), promised + " not in:\n" + out);
      }
    }
    Oracles.h5dump(folder.resolve("tour.h5"));
  }
}
