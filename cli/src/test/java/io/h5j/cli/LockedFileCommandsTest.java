package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that opens files, run while another process holds the versioned file: h5j's
 * writer in a second JVM, h5py reading it, h5py writing it. Commands that only read run as
 * if nothing held it (h5j's readers take no lock a writer keeps between its changes, nor
 * libhdf5's lock). The commands that change the file exit 1 with a message naming the file:
 * at once when a writer has it; after saying once that they wait, and waiting 5 s, when a
 * libhdf5 reader has it and they have a change to make. Files h5j writes are read by h5py.
 */
@OracleTest
class LockedFileCommandsTest {
  /** Java names the library's messages may hold, which the command must not pass on. */
  private static final List<String> API_WORDS = List.of("()", "VersionedFile", "Exception",
      "\tat ");

  @TempDir
  static Path dir;
  static Path plain;
  static Path v;
  /** The files the commands wrote, for h5py to read at the end of each test. */
  private final List<Path> written = new ArrayList<>();
  /** Numbers the files the commands write, unique across the tests of the shared folder. */
  private static int runs;

  @BeforeAll
  static void files() throws Exception {
    plain = dir.resolve("plain.h5");
    v = dir.resolve("v.h5");
    Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('x', data=np.arange(100.0), chunks=(10,))"), plain.toString());
    assertEquals(Main.OK, CliRun.of("commit", v.toString(), "--from", plain.toString()).code());
  }

  /** The commands that only read {@link #v}, each writing a new file where it writes one. */
  private List<List<String>> readers() {
    int n = runs++;
    Path checkout = dir.resolve("checkout-" + n + ".h5");
    Path repacked = dir.resolve("repacked-" + n + ".h5");
    written.add(checkout);
    written.add(repacked);
    String f = v.toString();
    return List.of(List.of("ls", f), List.of("dump", f), List.of("diff", f, f),
        List.of("check", f), List.of("log", f), List.of("show", f, "v1"),
        List.of("checkout", f, "v1", checkout.toString()),
        List.of("repack", f, repacked.toString()));
  }

  private static final List<String> COMMIT = List.of("commit", "FILE", "--from", "PLAIN");
  private static final List<String> REPAIR = List.of("check", "--repair", "FILE");

  private static List<String> args(List<String> words) {
    return words.stream().map(w -> w.equals("FILE") ? v.toString()
        : w.equals("PLAIN") ? plain.toString() : w).toList();
  }

  private record Timed(CliRun run, long millis) {}

  private static Timed run(List<String> words) {
    long start = System.nanoTime();
    CliRun r = CliRun.of(args(words).toArray(String[]::new));
    return new Timed(r, (System.nanoTime() - start) / 1_000_000);
  }

  private void readersRunAsIfNothingHeldTheFile(String holder) {
    for (List<String> cmd : readers()) {
      CliRun r = run(cmd).run();
      assertEquals(Main.OK, r.code(), cmd + " while " + holder + ": " + r.err());
    }
  }

  /** Exit 1 at once, one line naming the file and saying why, no wait announced. */
  private static void refusedAtOnce(List<String> cmd, String holder, String why) {
    Timed t = run(cmd);
    String what = cmd + " while " + holder;
    assertFailure(t.run(), what);
    assertTrue(t.run().err().contains(why), what + ": " + t.run().err());
    assertFalse(t.run().err().contains("waiting"), what + ": " + t.run().err());
    assertTrue(t.millis() < 4000, what + " waited " + t.millis() + " ms");
  }

  private static void assertFailure(CliRun r, String what) {
    assertEquals(Main.BAD_INPUT, r.code(), what + ": " + r.err());
    List<String> lines = r.err().lines().toList();
    String last = lines.get(lines.size() - 1);
    assertTrue(last.startsWith("h5j: " + v + " is "), what + " names the file: " + r.err());
    for (String w : API_WORDS) {
      assertFalse(r.err().contains(w), what + " says '" + w + "': " + r.err());
    }
  }

  /** h5py reads every dataset of every file the commands wrote. */
  private void h5pyReadsWhatWasWritten() throws Exception {
    String[] files = written.stream().map(Path::toString).toArray(String[]::new);
    Oracles.assertAllOk(Oracles.python(String.join("\n", "import sys, h5py",
        "for p in sys.argv[1:]:",
        "    with h5py.File(p, 'r') as f:",
        "        n = []",
        "        f.visititems(lambda k, o: n.append(o[()].size) if isinstance(o, h5py.Dataset)"
            + " else None)",
        "        print('ok' if n and all(x >= 0 for x in n) else 'no datasets in ' + p)"),
        files), files.length, "files written while another process held the input");
  }

  @Test
  void anH5jWriterInAnotherProcessKeepsOtherWritersOutAndReadersIn() throws Exception {
    try (VersionedWriterHolder h = new VersionedWriterHolder(v)) {
      String holder = "an h5j writer holds it";
      readersRunAsIfNothingHeldTheFile(holder);
      for (List<String> cmd : List.of(COMMIT, REPAIR)) {
        refusedAtOnce(cmd, holder, "open to add versions in another process");
      }
    }
    h5pyReadsWhatWasWritten();
  }

  @Test
  void aLibhdf5WriterKeepsWritersOutAndReadersIn() throws Exception {
    try (H5pyHolder h = new H5pyHolder(v, "a")) {
      String holder = "h5py writes it";
      readersRunAsIfNothingHeldTheFile(holder);
      for (List<String> cmd : List.of(COMMIT, REPAIR)) {
        refusedAtOnce(cmd, holder, "open for writing in a libhdf5 program (process "
            + h.pid() + " (");
      }
    }
    h5pyReadsWhatWasWritten();
  }

  @Test
  void aLibhdf5ReaderMakesAChangeSayItWaitsThenFailAfterFiveSeconds() throws Exception {
    try (H5pyHolder h = new H5pyHolder(v, "r")) {
      String holder = "h5py reads it";
      readersRunAsIfNothingHeldTheFile(holder);
      Timed commit = run(COMMIT);
      String what = "commit while " + holder;
      assertFailure(commit.run(), what);
      List<String> waits = commit.run().err().lines().filter(l -> l.contains("waiting for"))
          .toList();
      assertEquals(1, waits.size(), commit.run().err());
      assertTrue(waits.get(0).startsWith("h5j: waiting for " + v + " to be closed by process "
          + h.pid() + " ("), waits.get(0));
      assertTrue(commit.run().err().contains("did not close it within 5000 ms"),
          commit.run().err());
      assertTrue(commit.millis() >= 4500, what + " gave up after " + commit.millis() + " ms");
      // a check that finds nothing to repair changes nothing, so it has no reader to wait for
      Timed repair = run(REPAIR);
      assertEquals(Main.OK, repair.run().code(), repair.run().err());
      assertFalse(repair.run().err().contains("waiting"), repair.run().err());
    }
    h5pyReadsWhatWasWritten();
    assertTrue(Oracles.python(String.join("\n", "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(sorted(k for k in f['_version_data/versions'] if k != '__first_version__'))"),
        v.toString()).contains("['v1']"), "the refused commit added no version");
  }

  @Test
  void aRepairWithSomethingToRepairWaitsForALibhdf5ReaderThenFailsLeavingTheFileAsItWas()
      throws Exception {
    Path damaged = dir.resolve("uncommitted.h5");
    assertEquals(Main.OK, CliRun.of("commit", damaged.toString(), "--from", plain.toString())
        .code());
    Oracles.python(String.join("\n", "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r+') as f:",
        "    g = f['_version_data/versions'].create_group('v2')",
        "    g.attrs['prev_version'] = 'v1'",
        "    g.attrs['committed'] = False"), damaged.toString());
    long start;
    CliRun repair;
    try (H5pyHolder h = new H5pyHolder(damaged, "r")) {
      start = System.nanoTime();
      repair = CliRun.of("check", "--repair", damaged.toString());
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertEquals(Main.BAD_INPUT, repair.code(), repair.out() + repair.err());
      List<String> waits = repair.err().lines().filter(l -> l.contains("waiting for")).toList();
      assertEquals(1, waits.size(), repair.err());
      assertTrue(waits.get(0).startsWith("h5j: waiting for " + damaged
          + " to be closed by process " + h.pid() + " ("), waits.get(0));
      assertTrue(repair.err().contains("did not close it within 5000 ms"), repair.err());
      assertTrue(millis >= 4500, "the repair gave up after " + millis + " ms");
      for (String w : API_WORDS) {
        assertFalse(repair.err().contains(w), "the repair says '" + w + "': " + repair.err());
      }
    }
    assertFalse(repair.out().contains("repaired: "), repair.out());
    assertEquals("False", Oracles.python(String.join("\n", "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(f['_version_data/versions/v2'].attrs['committed'])"),
        damaged.toString()).strip(), "the refused repair left the uncommitted version as it was");
  }
}
