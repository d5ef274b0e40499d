package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Repacks killed with SIGKILL at random moments, each in a JVM of its own, of a 40 MB file
 * h5py wrote: after every kill OUT is absent (before any repack completed) or byte for byte
 * the complete output of an earlier repack (which h5py reads equal to the input); a repack
 * that got as far as making its own temporary file had removed those of the repacks killed
 * before it; and a last repack to the same OUT completes and leaves no temporary file.
 */
@OracleTest
class RepackKillTest {
  private static final int KILLS = 20;

  private static final String WRITE = String.join("\n",
      "import sys, h5py, numpy as np",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    f.create_dataset('big', data=np.arange(5_000_000, dtype='<f8').reshape(2000, 2500),",
      "                     chunks=(50, 2500))",
      "    g = f.create_group('group')",
      "    g.attrs['note'] = 'a string'",
      "    g.create_dataset('strings', data=np.array(['x', 'yy', 'zzz'] * 100, dtype=object),",
      "                     dtype=h5py.string_dtype(), chunks=(30,))",
      "    g.create_dataset('small', data=np.arange(100, dtype='<i4'))");

  /** Prints the SHA-256 of every dataset's values as h5py reads them, one line each. */
  private static final String DIGESTS = String.join("\n",
      "import sys, hashlib, h5py, numpy as np",
      "f = h5py.File(sys.argv[1], 'r')",
      "def show(name, o):",
      "    if isinstance(o, h5py.Dataset):",
      "        v = o[()]",
      "        b = b''.join(s for s in v) if v.dtype == object else np.ascontiguousarray(v).tobytes()",
      "        print(name, hashlib.sha256(b).hexdigest())",
      "f.visititems(show)",
      "print('note', f['group'].attrs['note'])");

  @Test
  void aKilledRepackLeavesTheEarlierOutputOrNoneAndItsLeftoversGoNextTime(@TempDir Path dir)
      throws Exception {
    Path in = dir.resolve("in.h5");
    Oracles.python(WRITE, in.toString());
    assertTrue(Files.size(in) > 40_000_000L, "input of " + Files.size(in) + " bytes");
    Path reference = dir.resolve("reference.h5");
    long t0 = System.nanoTime();
    assertEquals(0, run(in, reference).waitFor(), "a complete repack");
    long fullNanos = System.nanoTime() - t0;
    String expected = digest(reference);
    assertEquals(Oracles.python(DIGESTS, in.toString()),
        Oracles.python(DIGESTS, reference.toString()));

    Path out = dir.resolve("out.h5");
    Random random = new Random(20261201);
    boolean completed = false;
    int killedWithOwnTemp = 0;
    for (int i = 0; i < KILLS; i++) {
      List<Path> before = parts(dir);
      Process p = run(in, out);
      long delay = (long) (random.nextDouble() * 1.1 * fullNanos);
      boolean ended = p.waitFor(delay, TimeUnit.NANOSECONDS);
      if (!ended) {
        p.destroyForcibly(); // SIGKILL
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
      }
      completed |= ended && p.exitValue() == 0;
      List<Path> after = parts(dir);
      if (Files.exists(out)) {
        assertEquals(expected, digest(out), "kill " + i + " after " + delay / 1_000_000
            + " ms: OUT is not the complete output");
      } else {
        assertFalse(completed, "kill " + i + ": OUT vanished after a repack completed");
      }
      String own = "." + out.getFileName() + "." + p.pid() + ".";
      boolean madeTemp = after.stream().anyMatch(t -> t.getFileName().toString()
          .startsWith(own));
      if (madeTemp) {
        killedWithOwnTemp++;
        assertEquals(1, after.size(), "kill " + i + ": the repack made its temporary file"
            + " but the leftovers of killed repacks " + before + " are still there: " + after);
      }
      if (ended) {
        assertEquals(List.of(), after, "a repack that ended left " + after);
      }
    }
    assertEquals(0, run(in, out).waitFor(), "the repack after the kills");
    assertEquals(List.of(), parts(dir));
    assertEquals(expected, digest(out));
    assertEquals(Oracles.python(DIGESTS, in.toString()),
        Oracles.python(DIGESTS, out.toString()));
    System.out.println("repack kill test: " + KILLS + " kills, " + killedWithOwnTemp
        + " while the temporary file existed; a full repack took " + fullNanos / 1_000_000
        + " ms");
    assertTrue(killedWithOwnTemp >= KILLS / 4, "too few kills came while the copy ran ("
        + killedWithOwnTemp + "): the test does not test what it should");
  }

  private static Process run(Path in, Path out) throws IOException {
    return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", System.getProperty("java.class.path"), RepackChild.class.getName(),
        in.toString(), out.toString()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
  }

  private static List<Path> parts(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return new ArrayList<>(s.filter(p -> p.getFileName().toString().endsWith(".part"))
          .sorted().toList());
    }
  }

  private static String digest(Path file) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    try (InputStream s = Files.newInputStream(file)) {
      byte[] buf = new byte[1 << 20];
      for (int n; (n = s.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
