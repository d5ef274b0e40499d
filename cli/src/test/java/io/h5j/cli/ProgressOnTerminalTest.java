package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress bars as a user sees them: each command runs in its own JVM on a real
 * pseudo-terminal (util-linux's {@code script}), with the bars' delay set to 0, and the bar is
 * drawn on stderr (its percentages never going back), then cleared; with stderr not a
 * terminal, or {@code H5J_PROGRESS=never}, nothing of it appears; and a dump redirected to a
 * file while the bar draws is byte for byte the dump made without a terminal.
 */
@OracleTest
class ProgressOnTerminalTest {
  private static final Path SCRIPT = Path.of("/usr/bin/script");
  private static final Pattern PERCENT = Pattern.compile("\\] +(\\d+)%");

  @TempDir
  static Path dir;

  private static Path big;
  private static Path plain;
  /** {@link #big}'s dataset with checksums, its last chunk damaged: a dump fails there. */
  private static Path damaged;

  @BeforeAll
  static void files() throws Exception {
    if (!Files.isExecutable(SCRIPT)) {
      String msg = "ORACLE MISSING: " + SCRIPT + " (util-linux) runs commands on a terminal";
      System.err.println("!!! " + msg);
      if ("true".equals(System.getenv("CI"))) {
        fail(msg);
      }
      Assumptions.abort(msg);
    }
    Oracles.requireH5py();
    big = dir.resolve("big.h5");
    plain = dir.resolve("plain.h5");
    damaged = dir.resolve("damaged.h5");
    Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as h:",
        "    h.create_dataset('x', data=np.arange(2_000_000.0).reshape(1000, 2000),",
        "        chunks=(50, 2000))",
        "with h5py.File(sys.argv[2], 'w') as h:",
        "    for i in range(30):",
        "        h.create_dataset('d%02d' % i, data=np.arange(1000) * i, chunks=(100,))",
        "with h5py.File(sys.argv[3], 'w') as h:",
        "    h.create_dataset('x', data=np.arange(2_000_000.0).reshape(1000, 2000),",
        "        chunks=(50, 2000), fletcher32=True)",
        "    at = h['x'].id.get_chunk_info(19).byte_offset",
        "with open(sys.argv[3], 'r+b') as f:",
        "    f.seek(at + 100)",
        "    f.write(b'damaged')"),
        big.toString(), plain.toString(), damaged.toString());
  }

  /** What the terminal showed (stdout and stderr, unless the command redirects one). */
  private static String onTerminal(Map<String, String> env, String redirect, String... args)
      throws Exception {
    return onTerminal(0, env, redirect, args);
  }

  /** As {@link #onTerminal(Map, String, String...)}, for a command that exits {@code code}. */
  private static String onTerminal(int code, Map<String, String> env, String redirect,
      String... args) throws Exception {
    StringBuilder cmd = new StringBuilder("exec");
    List<String> words = new ArrayList<>(javaCommand());
    words.addAll(List.of(args));
    for (String a : words) {
      cmd.append(' ').append(quoted(a));
    }
    cmd.append(redirect);
    Path tty = Files.createTempFile(dir, "tty", ".txt");
    ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString(), "-qfec", cmd.toString(),
        "/dev/null").redirectOutput(tty.toFile()).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    pb.environment().put("H5J_PROGRESS_DELAY_MS", "0");
    pb.environment().remove("H5J_PROGRESS");
    pb.environment().put("TERM", "xterm");
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("timed out on a terminal: " + cmd);
    }
    String shown = Files.readString(tty, StandardCharsets.UTF_8);
    assertEquals(code, p.exitValue(), shown);
    return shown;
  }

  private static String onTerminal(String redirect, String... args) throws Exception {
    return onTerminal(Map.of(), redirect, args);
  }

  /** java, this JVM's class path, and the command's main class. */
  private static List<String> javaCommand() {
    return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), Main.class.getName());
  }

  private static String quoted(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  /**
   * Asserts that a bar whose line starts with {@code label} was drawn (at the start of a line,
   * overwriting itself), that its percentages never went down, and that the line was cleared
   * after its last drawing.
   */
  private static void assertBar(String shown, String label) {
    String start = "\r" + label;
    int first = shown.indexOf(start);
    assertTrue(first >= 0, "no bar '" + label + "' on the terminal: " + printable(shown));
    int last = shown.lastIndexOf(start);
    int end = shown.indexOf('\r', last + 1);
    assertTrue(end > 0 && shown.substring(end + 1).matches("(?s) *\r.*"),
        "the bar was not cleared: " + printable(shown.substring(last)));
    int previous = -1;
    for (int at = first; at >= 0; at = shown.indexOf(start, at + 1)) {
      int next = shown.indexOf('\r', at + 1);
      Matcher m = PERCENT.matcher(shown.substring(at, next < 0 ? shown.length() : next));
      if (m.find()) {
        int percent = Integer.parseInt(m.group(1));
        assertTrue(percent >= previous && percent <= 100, "bar '" + label + "' went "
            + previous + "% -> " + percent + "%: " + printable(shown));
        previous = percent;
      }
    }
  }

  private static String printable(String s) {
    return s.replace("\r", "\\r").replace("\n", "\\n");
  }

  @Test
  void dumpToAFileDrawsABarAndTheFileIsTheDumpWithoutOne() throws Exception {
    Path json = dir.resolve("big.json");
    String shown = onTerminal(" > " + quoted(json.toString()), "dump", "--json",
        big.toString());
    assertBar(shown, "dumping /x [");
    assertTrue(PERCENT.matcher(shown).find(), printable(shown));
    assertEquals(CliRun.of("dump", "--json", big.toString()).out(),
        Files.readString(json, StandardCharsets.UTF_8));
  }

  /** A problem's line clears the bar first: it starts a line of its own, not the bar's. */
  @Test
  void aDumpProblemLineIsNotGluedToTheBar() throws Exception {
    String shown = onTerminal(1, Map.of(), " > /dev/null", "dump", "--json",
        damaged.toString());
    int problem = shown.indexOf("h5j: could not dump dataset /x of ");
    assertTrue(problem > 0, printable(shown));
    int lineStart = Math.max(shown.lastIndexOf('\r', problem), shown.lastIndexOf('\n', problem));
    assertEquals(problem - 1, lineStart, "glued to: " + printable(shown.substring(0, problem)));
    assertTrue(shown.substring(0, problem).matches("(?s).*\\] +\\d+%[^\r]*\r *\r"),
        "the bar was drawn, then cleared: " + printable(shown.substring(0, problem)));
  }

  @Test
  void dumpToTheTerminalDrawsNoBarAcrossItsLines() throws Exception {
    String shown = onTerminal("", "dump", "-H", big.toString());
    assertTrue(shown.contains("DATASET \"x\""), printable(shown));
    assertFalse(shown.contains("dumping"), printable(shown));
  }

  @Test
  void noBarWhenTurnedOffOrWhenStderrIsNoTerminal() throws Exception {
    Path json = dir.resolve("never.json");
    String shown = onTerminal(Map.of("H5J_PROGRESS", "never"), " > " + quoted(json.toString()),
        "dump", "--json", big.toString());
    assertEquals("", shown);
    Path err = dir.resolve("err.txt");
    String piped = onTerminal(" > /dev/null 2> " + quoted(err.toString()), "check",
        big.toString());
    assertEquals("", piped);
    assertEquals("", Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void checkDrawsItsCount() throws Exception {
    String shown = onTerminal(" > /dev/null", "check", big.toString());
    assertBar(shown, "checking structure: ");
  }

  @Test
  void commitLogAndCheckOfVersionsDrawBars() throws Exception {
    Path versioned = dir.resolve("versions.h5");
    assertBar(onTerminal(" > /dev/null", "commit", versioned.toString(), "--from",
        plain.toString()), "staging [");
    onTerminal(" > /dev/null", "commit", versioned.toString(), "--from", plain.toString());
    assertBar(onTerminal(" > /dev/null", "log", versioned.toString()), "comparing [");
    assertBar(onTerminal(" > /dev/null", "check", versioned.toString()),
        "checking versions: [");
    // the file the commits wrote, read by libhdf5: both versions' datasets are there
    String listing = Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r') as h:",
        "    print(sorted(k for k in h['_version_data/versions'] if k != '__first_version__'),",
        "          len(h['_version_data/versions/v2']))"), versioned.toString());
    assertEquals("['v1', 'v2'] 30", listing.strip());
  }

  @Test
  void repackAndItsVerifyDrawBars() throws Exception {
    Path copy = dir.resolve("copy.h5");
    String repacked = onTerminal(" > /dev/null", "repack", "-f", "GZIP=1", big.toString(),
        copy.toString());
    assertBar(repacked, "[");
    assertTrue(repacked.contains("] 100% "), "the copy's bar ends at 100%: "
        + printable(repacked));
    Path verified = dir.resolve("verified.h5");
    assertBar(onTerminal(" > /dev/null", "repack", "--verify", big.toString(),
        verified.toString()), "verifying [");
    for (Path p : List.of(copy, verified)) {
      List<String> cmd = new ArrayList<>(List.of("h5diff", big.toString(), p.toString()));
      Oracles.Run h5diff = Oracles.run(cmd);
      assertEquals(0, h5diff.exitCode(), p + ": " + h5diff.stdout() + h5diff.stderr());
    }
  }
}
