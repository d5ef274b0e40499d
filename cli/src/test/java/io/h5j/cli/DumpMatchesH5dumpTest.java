package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code h5j dump} with h5dump's options prints what h5dump 1.10.8 prints, byte for byte, on
 * every fixture under {@code fixtures/} and every option set below. Where h5dump cannot read a
 * fixture (or not within the time limit) there is nothing to compare with, and h5j must instead
 * answer as the format's rules demand: output and exit 0, or exit 1 with one clear message,
 * never a Java exception's text. The outputs that still
 * differ are listed, each with its reason, in {@code h5dump-known-differences.txt}: a new
 * difference fails, and so does a listed one that has become equal (strike it from the list),
 * so the list can only shrink.
 */
@OracleTest
class DumpMatchesH5dumpTest {
  /** The option sets every fixture is dumped with. */
  static final List<List<String>> OPTION_SETS = List.of(List.of(), List.of("-H"),
      List.of("-A"), List.of("-A", "0"), List.of("-y"), List.of("-H", "-p"));

  private static final int H5DUMP_SECONDS = 30;
  private static final Map<String, String> KNOWN = known();

  static Stream<Arguments> cases() throws IOException {
    Path root = Fixtures.dir();
    List<String> files;
    try (Stream<Path> all = Files.walk(root)) {
      files = all.filter(p -> p.toString().endsWith(".h5"))
          .map(p -> root.relativize(p).toString()).sorted().toList();
    }
    List<Arguments> cases = new ArrayList<>();
    for (String f : files) {
      for (List<String> options : OPTION_SETS) {
        cases.add(Arguments.of(f, String.join(" ", options)));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} [{1}]")
  @MethodSource("cases")
  void dumpPrintsWhatH5dumpPrints(String name, String options) throws Exception {
    Oracles.requireH5dump();
    Path file = Fixtures.dir().resolve(name);
    List<String> args = options.isEmpty() ? List.of() : List.of(options.split(" "));
    H5dumpRun h5dump = h5dump(file, args);
    List<String> ours = new ArrayList<>(List.of("dump", "--ddl"));
    ours.addAll(args);
    ours.add(file.toString());
    CliRun run = CliRun.of(ours.toArray(String[]::new));
    if (h5dump.refusal() != null) {
      assertTrue(run.code() == 0 || (run.code() == 1 && run.err().startsWith("h5j: ")
          && !run.err().contains("Exception") && !run.err().contains("\tat ")),
          h5dump.refusal() + "; h5j dump --ddl " + options + " " + name + " exits "
          + run.code() + ": " + run.err());
      return;
    }
    String expected = h5dump.out();
    String key = name + "\t" + options;
    if (KNOWN.containsKey(key)) {
      assertNotEquals(expected, run.out(), key + " now equals h5dump's output: strike it from"
          + " h5dump-known-differences.txt");
    } else {
      assertEquals(expected, run.out(), "h5j dump --ddl " + options + " " + name + " (stderr: "
          + run.err() + "); if the difference cannot be helped, list it with its reason in"
          + " h5dump-known-differences.txt");
    }
  }

  /**
   * What h5dump printed, or why it printed nothing to compare with.
   *
   * @param out its standard output, null when refused
   * @param refusal why h5dump gave no output (cannot read the file, or not in time), else null
   * @param timedOut whether the refusal is h5dump running out of time
   */
  record H5dumpRun(String out, String refusal, boolean timedOut) {}

  /** h5dump's output of a file it must read; fails the test when it refuses. */
  static String h5dumpReading(Path file, List<String> args)
      throws IOException, InterruptedException {
    H5dumpRun r = h5dump(file, args);
    if (r.refusal() != null) {
      throw new AssertionError(r.refusal());
    }
    return r.out();
  }

  /**
   * Files whose data h5dump could not print in time, with its refusal: the other option sets
   * that print the same data take as long, so they get the refusal without another wait.
   */
  private static final Map<Path, String> DATA_TOO_SLOW =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** Whether h5dump prints datasets' values with {@code args} (not only headers, attributes). */
  private static boolean dumpsData(List<String> args) {
    return !args.contains("-H") && !args.equals(List.of("-A"));
  }

  /** h5dump's output, or its refusal when it cannot read the file in time. */
  static H5dumpRun h5dump(Path file, List<String> args) throws IOException, InterruptedException {
    String tooSlow = dumpsData(args) ? DATA_TOO_SLOW.get(file) : null;
    if (tooSlow != null) {
      return new H5dumpRun(null, tooSlow, true);
    }
    H5dumpRun run = runH5dump(file, args);
    if (run.timedOut() && dumpsData(args)) {
      DATA_TOO_SLOW.put(file, run.refusal() + " with options " + args);
    }
    return run;
  }

  private static H5dumpRun runH5dump(Path file, List<String> args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("h5dump"));
    cmd.addAll(args);
    cmd.add(file.toString());
    Path out = Files.createTempFile("h5dump", ".out");
    Path err = Files.createTempFile("h5dump", ".err");
    try {
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
          .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(
              new java.io.File("/dev/null"))).start();
      if (!p.waitFor(H5DUMP_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        return new H5dumpRun(null, "h5dump takes over " + H5DUMP_SECONDS + " s on " + file
            + " (a dataset of billions of fill values)", true);
      }
      if (p.exitValue() != 0) {
        return new H5dumpRun(null, "h5dump cannot read " + file + ": "
            + readString(err).lines().filter(l -> l.contains("h5dump error")).findFirst()
                .orElse("exit " + p.exitValue()), false);
      }
      return new H5dumpRun(readString(out), null, false);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static String readString(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code fixture TAB options TAB reason} lines; {@code #} starts a comment. */
  private static Map<String, String> known() {
    Map<String, String> known = new TreeMap<>();
    try (InputStream in = DumpMatchesH5dumpTest.class.getResourceAsStream(
        "h5dump-known-differences.txt")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t", -1);
        if (f.length != 3 || f[2].isBlank()) {
          throw new IllegalStateException("h5dump-known-differences.txt: not fixture TAB"
              + " options TAB reason: " + line);
        }
        known.put(f[0] + "\t" + f[1], f[2]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return known;
  }
}
