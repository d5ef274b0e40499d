package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Oracles#run}: a tool's whole output, however much of it goes to either stream. */
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
}
