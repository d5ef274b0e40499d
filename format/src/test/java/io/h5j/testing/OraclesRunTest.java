package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Oracles#run}: a tool's whole output, however much of it goes to either stream. */
@OracleTest
class OraclesRunTest {
  /**
   * More on stderr than a pipe holds (64 KiB on Linux) before stdout ends, as h5dump's error
   * stacks can be: read one stream after the other, the tool waited forever for the reader of
   * stderr while the test waited for the end of stdout.
   */
  @Test
  void aLongStderrBeforeTheEndOfStdoutDoesNotHang() {
    Oracles.Run r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Oracles.run(
        List.of("/bin/sh", "-c", "echo first; head -c 300000 /dev/zero | tr '\\0' e >&2;"
            + " echo last; exit 3")));
    assertEquals(3, r.exitCode());
    assertEquals("first\nlast\n", r.stdout());
    assertEquals("e".repeat(300_000), r.stderr());
  }

  /**
   * An oracle script that crashes inside native code (as h5py 3.7 did in CI, exit 139 and
   * nothing on stderr) reports the crash with the script's line, and keeps the signal's exit
   * status; the next script runs as usual.
   */
  @Test
  void aNativeCrashNamesTheScriptsLine() throws Exception {
    Oracles.requireH5py();
    Oracles.Run r = Oracles.run(List.of(Oracles.PYTHON, "-c",
        "import ctypes\nprint('before')\nctypes.string_at(0)\nprint('after')"));
    assertEquals(139, r.exitCode());
    assertEquals("before\n", r.stdout());
    assertTrue(r.stderr().contains("Segmentation fault")
        && r.stderr().contains("line 3"), r.stderr());
    assertEquals("2\n", Oracles.python("print(1 + 1)"));
  }
}
