package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h5j diff} of datasets larger than its whole heap (a child JVM of 40 MiB, files of
 * 2 x 80 MiB): it reads them box by box, and its report equals h5diff's.
 */
@OracleTest
class DiffStreamingTest {
  @TempDir
  Path dir;

  private static final String WRITE = String.join("\n",
      "import sys, os, h5py, numpy as np",
      "os.chdir(sys.argv[1])",
      "n = 8 << 20",
      "for name, changed in (('a.h5', False), ('b.h5', True)):",
      "    with h5py.File(name, 'w') as h:",
      "        x = np.arange(n, dtype='f8')",
      "        m = np.arange(1500 * 1400, dtype='i4').reshape(1500, 1400)",
      "        if changed:",
      "            x[0] = -1; x[n // 2 + 3] = 0.5; x[n - 1] = 7",
      "            m[0, 1399] = 1; m[1499, 0] = 2",
      "        h.create_dataset('chunked', data=x, chunks=(1 << 17,))",
      "        h['contiguous'] = m");

  @Test
  void aDiffLargerThanTheHeapStreamsAndEqualsH5diff() throws Exception {
    Oracles.python(WRITE, dir.toString());
    String a = dir.resolve("a.h5").toString();
    String b = dir.resolve("b.h5").toString();
    Oracles.Run h5diff = Oracles.run(List.of("h5diff", "-r", a, b));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ChildDump.Result r = ChildDump.run("40m", Duration.ofMinutes(3), s -> s.transferTo(out),
        "diff", "-r", a, b);
    assertEquals(h5diff.stdout(), out.toString(StandardCharsets.UTF_8), r.stderr());
    assertEquals(1, r.exitCode(), r.stderr());
    assertEquals(1, h5diff.exitCode());
  }
}
