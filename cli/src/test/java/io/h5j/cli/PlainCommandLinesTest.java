package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command lines {@link Main} runs without picocli ({@link PlainArgs}): they mean what
 * picocli makes of them, fail as picocli's runs fail, and load none of picocli's parser.
 */
class PlainCommandLinesTest {
  @TempDir
  Path dir;

  /** What picocli makes of {@code args}: the command it fills in, or null if it refuses. */
  private static Object parsedByPicocli(String[] args) {
    CommandLine cl = Main.commandLine(args);
    try {
      CommandLine.ParseResult r = cl.parseArgs(args);
      return r.subcommand() == null || r.subcommand().isUsageHelpRequested() ? null
          : r.subcommand().commandSpec().userObject();
    } catch (CommandLine.ParameterException e) {
      return null;
    }
  }

  @Provide
  Arbitrary<List<String>> lsLines() {
    return Arbitraries.of("-r", "--recursive", "-v", "--verbose", "-d", "--data", "-S",
        "--simple", "-rv", "--", "-x", "--data=true", "-h", "@args", "", "a.h5", "b.h5/x",
        "/g", "true").list().ofMaxSize(6).map(rest -> {
          List<String> args = new ArrayList<>(List.of("ls"));
          args.addAll(rest);
          return args;
        });
  }

  @Property(tries = 400)
  void lsRunsWithoutPicocliOnlyWhereItMeansWhatPicocliMakesOfIt(
      @ForAll("lsLines") List<String> line) {
    String[] args = line.toArray(String[]::new);
    LsCommand plain = LsCommand.plain(args);
    if (plain == null) {
      return;
    }
    LsCommand parsed = (LsCommand) parsedByPicocli(args);
    assertNotNull(parsed, line + " runs without picocli, which refuses it");
    assertArrayEquals(new Object[] {parsed.recursive, parsed.verbose, parsed.data,
        parsed.simple, parsed.target, parsed.path}, new Object[] {plain.recursive,
        plain.verbose, plain.data, plain.simple, plain.target, plain.path}, line.toString());
  }

  @Test
  void theSimplestFormsRunWithoutPicocliAndOthersWithIt() {
    assertNotNull(LsCommand.plain(new String[] {"ls", "f.h5"}));
    assertNotNull(LsCommand.plain(new String[] {"ls", "f.h5", "-r", "/g", "--data"}));
    for (String[] picocli : List.of(new String[] {"ls"}, new String[] {"ls", "-rv", "f.h5"},
        new String[] {"ls", "-r", "-r", "f.h5"}, new String[] {"ls", "-r", "--recursive", "f.h5"},
        new String[] {"ls", "--", "f.h5"}, new String[] {"ls", "a", "b", "c"},
        new String[] {"ls", "--help"}, new String[] {"dump", "f.h5"})) {
      assertNull(LsCommand.plain(picocli), List.of(picocli).toString());
    }
    assertNotNull(RepackCommand.plain(new String[] {"repack", "in.h5", "out.h5"}));
    assertNull(RepackCommand.plain(new String[] {"repack", "-v", "in.h5", "out.h5"}));
    assertNull(RepackCommand.plain(new String[] {"repack", "in.h5"}));
  }

  /** The same listing and the same failures with and without picocli ({@code --} makes it parse). */
  @Test
  void lsPrintsAndFailsAlikeEitherWay() throws Exception {
    Path notHdf5 = Files.writeString(dir.resolve("text.h5"), "not an HDF5 file\n");
    String fixture = Fixtures.file("groups_latest.h5").toString();
    for (List<String> operands : List.of(List.of(fixture), List.of(fixture, "/a"),
        List.of(fixture + "/links"), List.of(fixture, "/no/such"),
        List.of(dir.resolve("missing.h5").toString()), List.of(notHdf5.toString()),
        List.of(dir.toString()))) {
      List<String> plain = new ArrayList<>(List.of("ls", "-r"));
      plain.addAll(operands);
      List<String> parsed = new ArrayList<>(List.of("ls", "-r", "--"));
      parsed.addAll(operands);
      assertNotNull(LsCommand.plain(plain.toArray(String[]::new)));
      assertNull(LsCommand.plain(parsed.toArray(String[]::new)));
      CliRun withoutPicocli = CliRun.of(plain.toArray(String[]::new));
      CliRun withPicocli = CliRun.of(parsed.toArray(String[]::new));
      assertEquals(withPicocli, withoutPicocli, operands.toString());
    }
    assertTrue(CliRun.of("ls", dir.resolve("missing.h5").toString()).err()
        .startsWith("h5j: no such file: "));
  }

  /** A JVM of its own, which runs {@code h5j ls FILE} and logs the classes it loads. */
  @Test
  void lsOfAFileLoadsNoneOfPicocli() throws Exception {
    Path log = dir.resolve("classes.txt");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xlog:class+load:file=" + log, "-cp",
        System.getProperty("java.class.path"), Main.class.getName(), "ls",
        Fixtures.file("groups_latest.h5").toString()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("out.txt").toFile()).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out.txt")));
    assertTrue(Files.readString(dir.resolve("out.txt")).contains("Group"));
    List<String> picocli = Files.readAllLines(log).stream()
        .filter(l -> l.contains(" picocli.")).toList();
    // exception classes the verifier loads for Main's handlers are no parser
    assertTrue(picocli.stream().allMatch(l -> l.contains("Exception ")), picocli.toString());
    assertTrue(Files.readAllLines(log).stream().anyMatch(l -> l.contains(" io.h5j.H5File ")));
  }
}
