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
 * The command lines {@link Main} runs without picocli ({@link PlainArgs}: ls, dump, diff and
 * repack): they mean what picocli makes of them, fail as picocli's runs fail, and load none
 * of picocli's parser.
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

  @Provide
  Arbitrary<List<String>> dumpLines() {
    return lines("dump", "--json", "--ddl", "-H", "--header", "-p", "--properties", "-y",
        "--noindex", "-Hp", "-A", "-d", "-o", "--json=true", "--", "-h", "@args", "",
        "a.h5", "/g", "0");
  }

  @Provide
  Arbitrary<List<String>> diffLines() {
    return lines("diff", "--versions", "-r", "--report", "-v", "--verbose", "-q", "--quiet",
        "-c", "--compare", "--use-system-epsilon", "--follow-symlinks", "--no-dangling-links",
        "-rq", "-d", "-n", "--exclude-path", "--", "-h", "@args", "", "a.h5", "b.h5", "/g",
        "v1");
  }

  /** Command lines of {@code command} and up to 6 of {@code words}. */
  private static Arbitrary<List<String>> lines(String command, String... words) {
    return Arbitraries.of(words).list().ofMaxSize(6).map(rest -> {
      List<String> args = new ArrayList<>(List.of(command));
      args.addAll(rest);
      return args;
    });
  }

  @Property(tries = 400)
  void dumpRunsWithoutPicocliOnlyWhereItMeansWhatPicocliMakesOfIt(
      @ForAll("dumpLines") List<String> line) {
    String[] args = line.toArray(String[]::new);
    DumpCommand plain = DumpCommand.plain(args);
    if (plain == null) {
      return;
    }
    DumpCommand parsed = (DumpCommand) parsedByPicocli(args);
    assertNotNull(parsed, line + " runs without picocli, which refuses it");
    assertArrayEquals(dumpFields(parsed), dumpFields(plain), line.toString());
  }

  private static Object[] dumpFields(DumpCommand c) {
    return new Object[] {c.json, c.ddl, c.header, c.dataset, c.group, c.attribute,
        c.onlyAttributes, c.properties, c.noIndex, c.binary, c.output, c.file, c.path};
  }

  @Property(tries = 400)
  void diffRunsWithoutPicocliOnlyWhereItMeansWhatPicocliMakesOfIt(
      @ForAll("diffLines") List<String> line) {
    String[] args = line.toArray(String[]::new);
    DiffCommand plain = DiffCommand.plain(args);
    if (plain == null) {
      return;
    }
    DiffCommand parsed = (DiffCommand) parsedByPicocli(args);
    assertNotNull(parsed, line + " runs without picocli, which refuses it");
    assertArrayEquals(diffFields(parsed), diffFields(plain), line.toString());
  }

  private static Object[] diffFields(DiffCommand c) {
    return new Object[] {c.first, c.second, c.path1, c.path2, c.versions, c.report, c.verbose,
        c.quiet, c.listNotComparable, c.delta, c.relative, c.epsilon, c.count, c.excluded,
        c.followLinks, c.noDanglingLinks};
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
    assertNotNull(DumpCommand.plain(new String[] {"dump", "f.h5"}));
    assertNotNull(DumpCommand.plain(new String[] {"dump", "--ddl", "-p", "f.h5", "/g"}));
    assertNotNull(DiffCommand.plain(new String[] {"diff", "-r", "a.h5", "b.h5"}));
    assertNotNull(DiffCommand.plain(new String[] {"diff", "a.h5", "b.h5", "/x", "/y"}));
    assertNotNull(DiffCommand.plain(new String[] {"diff", "--versions", "f.h5", "v1", "v2"}));
    // usage errors, and what only picocli parses
    for (String[] picocli : List.of(new String[] {"dump", "--json", "-H", "f.h5"},
        new String[] {"dump", "-d", "/x", "f.h5"}, new String[] {"dump", "-A", "f.h5"},
        new String[] {"dump", "--", "f.h5"}, new String[] {"diff", "--versions", "a", "b"},
        new String[] {"diff", "--no-dangling-links", "a", "b"},
        new String[] {"diff", "a.h5", "b.h5", "/x"}, new String[] {"diff", "-d", "1", "a", "b"},
        new String[] {"diff", "a.h5"})) {
      assertNull(Main.plain(picocli), List.of(picocli).toString());
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

  /** dump's outputs and failures, and diff's, are the same with and without picocli. */
  @Test
  void dumpAndDiffPrintAndFailAlikeEitherWay() throws Exception {
    Path notHdf5 = Files.writeString(dir.resolve("text.h5"), "not an HDF5 file\n");
    String latest = Fixtures.file("groups_latest.h5").toString();
    String earliest = Fixtures.file("groups_earliest.h5").toString();
    String missing = dir.resolve("missing.h5").toString();
    List<List<String>> plain = new ArrayList<>();
    List<List<String>> parsed = new ArrayList<>(); // "--" before the operands makes it parse
    for (List<String> flags : List.of(List.<String>of(), List.of("--json"),
        List.of("--ddl", "-p"), List.of("-H"))) {
      for (List<String> operands : List.of(List.of(latest), List.of(latest, "/a"),
          List.of(latest, "/no/such"), List.of(missing), List.of(notHdf5.toString()),
          List.of(dir.toString()))) {
        plain.add(line("dump", flags, List.of(), operands));
        parsed.add(line("dump", flags, List.of("--"), operands));
      }
    }
    for (List<String> flags : List.of(List.<String>of(), List.of("-r"), List.of("-q"),
        List.of("-v", "-c"), List.of("--follow-symlinks", "--no-dangling-links"))) {
      for (List<String> operands : List.of(List.of(latest, latest), List.of(latest, earliest),
          List.of(latest, earliest, "/a", "/a"), List.of(latest, earliest, "/a", "/no/such"),
          List.of(latest, missing), List.of(notHdf5.toString(), latest))) {
        plain.add(line("diff", flags, List.of(), operands));
        parsed.add(line("diff", flags, List.of("--"), operands));
      }
    }
    for (int i = 0; i < plain.size(); i++) {
      String[] withoutPicocli = plain.get(i).toArray(String[]::new);
      String[] withPicocli = parsed.get(i).toArray(String[]::new);
      assertNotNull(Main.plain(withoutPicocli), plain.get(i).toString());
      assertNull(Main.plain(withPicocli), parsed.get(i).toString());
      assertEquals(CliRun.of(withPicocli), CliRun.of(withoutPicocli), plain.get(i).toString());
    }
  }

  private static List<String> line(String command, List<String> flags, List<String> dashes,
      List<String> operands) {
    List<String> line = new ArrayList<>(List.of(command));
    line.addAll(flags);
    line.addAll(dashes);
    line.addAll(operands);
    return line;
  }

  /**
   * A JVM of its own for each command line, which runs it and logs the classes it loads:
   * {@code ls}, {@code dump} and {@code diff} of a file run without picocli's parser.
   */
  @Test
  void lsDumpAndDiffOfAFileLoadNoneOfPicocli() throws Exception {
    String file = Fixtures.file("groups_latest.h5").toString();
    for (List<String> line : List.of(List.of("ls", file), List.of("dump", file),
        List.of("diff", "-r", file, file))) {
      Path log = dir.resolve("classes.txt");
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"),
          "bin", "java").toString(), "-Xlog:class+load:file=" + log, "-cp",
          System.getProperty("java.class.path"), Main.class.getName()));
      cmd.addAll(line);
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
          .redirectOutput(dir.resolve("out.txt").toFile()).start();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), line.toString());
      assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out.txt")));
      List<String> picocli = Files.readAllLines(log).stream()
          .filter(l -> l.contains(" picocli.")).toList();
      // exception classes the verifier loads for Main's handlers are no parser
      assertTrue(picocli.stream().allMatch(l -> l.contains("Exception ")),
          line + ": " + picocli);
      assertTrue(Files.readAllLines(log).stream().anyMatch(l -> l.contains(" io.h5j.H5File ")));
    }
  }
}
