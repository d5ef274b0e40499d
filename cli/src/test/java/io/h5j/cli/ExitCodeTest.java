package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One exit code per cause, and messages in the command's terms: bad input exits 1 with one
 * line naming the file, whatever the command and whoever holds the file; no message names a
 * Java method.
 */
@OracleTest
class ExitCodeTest {
  /** Java API advice the library gives programs, which the command must not pass on. */
  private static final List<String> API_WORDS = List.of("()", "(true)", "H5File",
      "VersionedFile", "Exception", "\tat ");

  @TempDir
  Path dir;

  @AfterEach
  void clearWait() {
    System.clearProperty("h5j.libhdf5LockWaitMillis");
  }

  private static void assertBadInput(CliRun r, String names, String what) {
    assertEquals(Main.BAD_INPUT, r.code(), what + ": " + r.err());
    assertTrue(r.err().startsWith("h5j: "), what + ": " + r.err());
    assertTrue(r.err().contains(names), what + " should name " + names + ": " + r.err());
    for (String w : API_WORDS) {
      assertFalse(r.err().contains(w), what + " names '" + w + "': " + r.err());
    }
  }

  @Test
  void missingFileDirectoryAndTextFileAreBadInputForEveryReadingCommand() throws Exception {
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "not HDF5 at all\n".repeat(100));
    Path missing = dir.resolve("missing.h5");
    for (String cmd : List.of("ls", "dump", "check", "log")) {
      for (Path p : List.of(missing, dir, text)) {
        CliRun r = CliRun.of(cmd, p.toString());
        if (cmd.equals("check") && p.equals(text)) { // a finding of the check, in its report
          assertEquals(Main.BAD_INPUT, r.code(), r.err());
          assertTrue(r.out().contains(text + ": damaged"), r.out());
          continue;
        }
        assertBadInput(r, p.getFileName().toString(), cmd + " " + p);
        assertEquals(1, r.err().lines().count(), cmd + " " + p + ": " + r.err());
      }
    }
  }

  @Test
  void noObjectAtPathSaysWhichCommandListsTheGroup() {
    String file = Fixtures.file("groups_latest.h5").toString();
    CliRun r = CliRun.of("ls", file, "/a/nope");
    assertBadInput(r, "nope", "ls of a missing path");
    assertTrue(r.err().contains("h5j ls"), r.err());
  }

  @Test
  void aMissingVirtualSourceSaysWhereToPutIt() throws Exception {
    Path vds = dir.resolve("vds.h5");
    Oracles.python(String.join("\n",
        "import h5py, numpy as np, os, sys",
        "d = sys.argv[1]",
        "with h5py.File(os.path.join(d, 'src.h5'), 'w') as s: s['x'] = np.arange(4)",
        "l = h5py.VirtualLayout(shape=(4,), dtype='i8')",
        "l[:] = h5py.VirtualSource('src.h5', 'x', shape=(4,))",
        "with h5py.File(os.path.join(d, 'vds.h5'), 'w') as f:",
        "    f.create_virtual_dataset('v', l, fillvalue=-1)",
        "os.remove(os.path.join(d, 'src.h5'))"), dir.toString());
    CliRun r = CliRun.of("dump", vds.toString(), "/v");
    assertBadInput(r, "src.h5", "dump of a VDS without its source");
    assertTrue(r.err().contains("HDF5_VDS_PREFIX"), r.err());
  }

  @Test
  void aPlainFileGivenToAVersionCommandIsNotAVersionedFileRatherThanInvalid() {
    String plain = Fixtures.file("groups_latest.h5").toString();
    for (String[] args : List.of(new String[] {"log", plain},
        new String[] {"show", plain, "v1"})) {
      CliRun r = CliRun.of(args);
      assertBadInput(r, plain, args[0] + " of a plain file");
      assertTrue(r.err().startsWith("h5j: not a versioned file: "), r.err());
    }
  }

  /** A versioned file with one version, and the plain file it was committed from. */
  private Path versioned() throws Exception {
    Path plain = dir.resolve("plain.h5");
    try (H5File f = H5File.create(plain)) {
      f.root().createDataset("x", DatasetSpec.of(new int[] {3, 1, 4}));
    }
    assertTrue(Oracles.h5dump(plain, "-d", "/x").contains("3, 1, 4"));
    Path v = dir.resolve("v.h5");
    CliRun first = CliRun.of("commit", v.toString(), "--from", plain.toString());
    assertEquals(Main.OK, first.code(), first.err());
    return v;
  }

  @Test
  void aFileHeldByAWriterOrByAReaderIsTheSameExitCode() throws Exception {
    Path v = versioned();
    String plain = dir.resolve("plain.h5").toString();
    System.setProperty("h5j.libhdf5LockWaitMillis", "300");
    for (String mode : List.of("a", "r")) {
      try (H5pyHolder h = new H5pyHolder(v, mode)) {
        CliRun r = CliRun.of("commit", v.toString(), "--from", plain);
        assertBadInput(r, v.toString(), "commit while h5py holds the file in mode " + mode);
        assertTrue(r.err().contains("libhdf5 program"), r.err());
      }
    }
    CliRun after = CliRun.of("commit", v.toString(), "--from", plain);
    assertEquals(Main.OK, after.code(), after.err());
  }
}
