package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Help, version and usage errors of every command. The commands are those picocli knows, so
 * that a new command is held to the same rules without this test naming it.
 */
class HelpTest {
  /** Every command and subcommand below {@code h5j}, as the words that name it. */
  static Stream<List<String>> commands() {
    List<List<String>> all = new ArrayList<>();
    collect(Main.commandLine(), List.of(), all);
    assertTrue(all.size() >= 12, "too few commands found: " + all);
    return all.stream();
  }

  private static void collect(CommandLine cl, List<String> prefix, List<List<String>> into) {
    cl.getSubcommands().forEach((name, sub) -> {
      List<String> words = new ArrayList<>(prefix);
      words.add(name);
      into.add(words);
      collect(sub, words, into);
    });
  }

  private static CliRun run(List<String> words, String... more) {
    List<String> args = new ArrayList<>(words);
    args.addAll(Arrays.asList(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @ParameterizedTest
  @MethodSource("commands")
  void everyCommandPrintsItsHelpAndExitsZero(List<String> words) {
    String usage = "Usage: h5j " + String.join(" ", words) + " ";
    for (String option : List.of("--help", "-h")) {
      CliRun r = run(words, option);
      assertEquals(0, r.code(), words + " " + option + ": " + r.err());
      assertEquals("", r.err(), words + " " + option);
      assertTrue(r.out().startsWith(usage) || r.out().contains("\n" + usage),
          words + " " + option + ":\n" + r.out());
      assertTrue(r.out().contains("Exit codes:") || r.out().contains("Exit status:"), r.out());
    }
  }

  @ParameterizedTest
  @MethodSource("commands")
  void helpCommandPrintsWhatHelpOptionPrints(List<String> words) {
    assertEquals(run(words, "--help"), run(List.of("help"), words.toArray(String[]::new)));
  }

  /** A positional parameter with a default may be left out: the usage line shows it so. */
  @ParameterizedTest
  @MethodSource("commands")
  void usageLinesShowOptionalParametersInBrackets(List<String> words) {
    CommandLine cl = Main.commandLine();
    for (String w : words) {
      cl = cl.getSubcommands().get(w);
    }
    String help = run(words, "--help").out();
    String usage = help.substring(0, help.indexOf("\n\n") + 1).replaceAll("\\s+", " ");
    for (PositionalParamSpec p : cl.getCommandSpec().positionalParameters()) {
      if (p.defaultValue() != null) {
        assertEquals(0, p.arity().min(), words + " " + p.paramLabel() + " has a default");
      }
      String label = p.paramLabel() + (p.isMultiValue() ? "..." : "");
      assertTrue(usage.contains(p.arity().min() == 0 ? "[" + label + "]" : " " + label),
          words + ": " + p.paramLabel() + " in " + usage);
      assertFalse(p.paramLabel().startsWith("<"), words + ": unlabelled " + p.paramLabel());
    }
  }

  @Test
  void lsHelpNeedsNoArgumentsAndHelpAfterArgumentsWorks() {
    CliRun ls = CliRun.of("ls", "--help");
    assertEquals(0, ls.code(), ls.err());
    assertTrue(ls.out().startsWith("Usage: h5j ls [-dhrSv] FILE[/PATH] [PATH]"), ls.out());
    CliRun dump = CliRun.of("dump", "f.h5", "--help");
    assertEquals(0, dump.code(), dump.err());
    assertTrue(dump.out().startsWith("Usage: h5j dump "), dump.out());
  }

  @Test
  void topLevelHelpListsTheCommandsAndTheExitCodes() {
    CliRun help = CliRun.of("--help");
    assertEquals(0, help.code(), help.err());
    assertEquals(help, CliRun.of("help"));
    commands().filter(w -> w.size() == 1).forEach(w -> {
      boolean hidden = Main.commandLine().getSubcommands().get(w.get(0)).getCommandSpec()
          .usageMessage().hidden();
      assertEquals(!hidden, help.out().contains("\n  " + w.get(0) + " "), w + " in\n" + help.out());
    });
    for (int code : new int[] {Main.OK, Main.BAD_INPUT, Main.USAGE}) {
      assertTrue(help.out().contains("\n  " + code + "   "), code + " in\n" + help.out());
    }
  }

  @Test
  void versionIsThePomVersion() throws Exception {
    String pom = Files.readString(Path.of("pom.xml"));
    Matcher m = Pattern.compile("<artifactId>h5j-parent</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(pom);
    assertTrue(m.find(), "no parent version in cli/pom.xml");
    for (String option : List.of("--version", "-V")) {
      CliRun r = CliRun.of(option);
      assertEquals(0, r.code(), r.err());
      assertEquals("h5j " + m.group(1) + System.lineSeparator(), r.out());
    }
  }

  @Test
  void usageErrorsExitTwoAndSaySo() {
    for (String[] args : List.of(new String[] {}, new String[] {"frobnicate"},
        new String[] {"ls"}, new String[] {"ls", "--frob", "f.h5"},
        new String[] {"help", "frobnicate"}, new String[] {"show", "f.h5"})) {
      CliRun r = CliRun.of(args);
      assertEquals(Main.USAGE, r.code(), Arrays.toString(args) + ": " + r.err() + r.out());
      assertTrue(r.err().startsWith("h5j: "), Arrays.toString(args) + ": " + r.err());
      assertTrue(r.err().contains("Usage: h5j"), Arrays.toString(args) + ": " + r.err());
    }
  }
}
