package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A script run by the fork server gives what a fresh {@code python3 -c} gives: exit status,
 * stdout and the last line of stderr (a traceback has one more frame, the server's), and
 * leaves the same file behind, also when it leaves an h5py file open.
 */
@OracleTest
class PythonForkServerTest {
  @ParameterizedTest
  @ValueSource(strings = {
      "import sys; print(sys.argv[0], sys.argv[1], len(sys.argv))",
      "import sys; print('partial'); sys.exit(3)",
      "import sys; sys.exit('a message')",
      "print('before'); raise ValueError('boom')",
      "print(input())",
      "import os, signal; os.kill(os.getpid(), signal.SIGKILL)",
      "import h5py, sys; f = h5py.File(sys.argv[2], 'w'); f['x'] = [1, 2, 3]",
  })
  void aScriptRunsAsInAFreshInterpreter(String script) throws Exception {
    Oracles.requireH5py();
    Path fresh = Files.createTempFile("h5j-fresh", ".h5");
    Path forked = Files.createTempFile("h5j-forked", ".h5");
    try {
      Oracles.Run want = fresh(script, "a b", fresh.toString());
      Oracles.Run got = Oracles.run(List.of(Oracles.PYTHON, "-c", script, "a b",
          forked.toString()));
      assertEquals(want.exitCode(), got.exitCode(), script);
      assertEquals(want.stdout(), got.stdout(), script);
      assertEquals(lastLine(want.stderr()), lastLine(got.stderr()), script);
      String read = "import h5py, sys\n"
          + "try:\n    print(h5py.File(sys.argv[1], 'r')['x'][()])\n"
          + "except OSError:\n    print('not HDF5')";
      assertEquals(fresh(read, fresh.toString()).stdout(),
          fresh(read, forked.toString()).stdout(), script);
    } finally {
      Files.deleteIfExists(fresh);
      Files.deleteIfExists(forked);
    }
  }

  /** The script run by a new {@code python3 -c} process, stdin closed as Oracles does. */
  private static Oracles.Run fresh(String script, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Oracles.PYTHON, "-c", script));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    p.getOutputStream().close();
    byte[] out = p.getInputStream().readAllBytes();
    byte[] err = p.getErrorStream().readAllBytes();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("timed out: " + script);
    }
    return new Oracles.Run(p.exitValue(), new String(out, StandardCharsets.UTF_8),
        new String(err, StandardCharsets.UTF_8));
  }

  private static String lastLine(String s) {
    List<String> lines = s.strip().lines().toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
  }
}
