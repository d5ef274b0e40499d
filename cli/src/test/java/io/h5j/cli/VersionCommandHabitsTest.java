package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.versioning.VersionedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The version commands as a user of them expects: links committed as links, a failed
 * command leaves no new file, checkout keeps an existing OUT, log aligned and in show's
 * words, a wait for another program's lock said once. Files checked by h5py and
 * versioned-hdf5.
 */
@OracleTest
class VersionCommandHabitsTest {
  @TempDir
  Path dir;

  @AfterEach
  void clearWait() {
    System.clearProperty("h5j.libhdf5LockWaitMillis");
  }

  private Path smoke() throws Exception {
    Path f = dir.resolve("smoke.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5/smoke-1.7.0.h5"), f,
        StandardCopyOption.REPLACE_EXISTING);
    f.toFile().setWritable(true);
    return f;
  }

  /** A plain file h5py writes: datasets, a group, soft links and an external one. */
  private Path plainWithLinks() throws Exception {
    Path p = dir.resolve("plain.h5");
    Oracles.python(String.join("\n",
        "import h5py, sys, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('data', data=np.arange(6, dtype='i4'), chunks=(3,))",
        "    f.create_dataset('g/d', data=np.arange(4, dtype='f8'), chunks=(2,))",
        "    f['alias'] = h5py.SoftLink('/data')",
        "    f['g/rel'] = h5py.SoftLink('d')",
        "    f['ext'] = h5py.ExternalLink('other.h5', '/x')"), p.toString());
    return p;
  }

  @Test
  void commitFromKeepsSoftAndExternalLinksAsLinks() throws Exception {
    Path plain = plainWithLinks();
    Path v = dir.resolve("v.h5");
    CliRun c = CliRun.of("commit", v.toString(), "--from", plain.toString(), "--name", "a");
    assertEquals(Main.OK, c.code(), c.err());
    String links = String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "g = f[sys.argv[2]]",
        "def say(k):",
        "    l = g.get(k, getlink=True)",
        "    print(k, type(l).__name__, getattr(l, 'filename', ''), getattr(l, 'path', ''))",
        "for k in ['alias', 'g/rel', 'ext', 'data']:",
        "    say(k)",
        "print(g['alias'][()].tolist(), g['g/rel'][()].tolist())");
    assertEquals(String.join("\n",
        "alias SoftLink  /_version_data/versions/a/data",
        "g/rel SoftLink  d",
        "ext ExternalLink other.h5 /x",
        "data HardLink  ",
        "[0, 1, 2, 3, 4, 5] [0.0, 1.0, 2.0, 3.0]", ""),
        Oracles.python(links, v.toString(), "_version_data/versions/a"),
        "h5py resolves the links inside the version; no copies of their targets");
    CliRun show = CliRun.of("show", v.toString(), "a");
    assertTrue(show.out().endsWith("  alias -> /data\n  ext -> other.h5:/x\n  g/rel -> d\n"),
        show.out());
    CliRun check = CliRun.of("check", v.toString());
    assertEquals(Main.OK, check.code(), "links are no damage: " + check.out() + check.err());
    // versioned-hdf5 still reads the version (its datasets) and commits on top of it
    VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.DEB);
    Oracles.Run peer = VersionedHdf5Peers.run(VersionedHdf5Peers.Peer.DEB, String.join("\n",
        "import h5py, sys",
        "from versioned_hdf5 import VersionedHDF5File",
        "with h5py.File(sys.argv[1], 'r+') as f:",
        "    vf = VersionedHDF5File(f)",
        "    print(vf['a']['data'][()].tolist())",
        "    with vf.stage_version('b') as sv:",
        "        sv['data'][0] = 7",
        "    print(vf['b']['data'][()].tolist())"), v.toString());
    assertEquals(0, peer.exitCode(), peer.stderr());
    assertEquals("[0, 1, 2, 3, 4, 5]\n[7, 1, 2, 3, 4, 5]\n", peer.stdout());
    // and checkout gives the links back as the plain file had them
    Path out = dir.resolve("out.h5");
    CliRun co = CliRun.of("checkout", v.toString(), "a", out.toString());
    assertEquals(Main.OK, co.code(), co.err());
    assertEquals(String.join("\n", "alias SoftLink  /data", "g/rel SoftLink  d",
        "ext ExternalLink other.h5 /x", "data HardLink  ",
        "[0, 1, 2, 3, 4, 5] [0.0, 1.0, 2.0, 3.0]", ""),
        Oracles.python(links, out.toString(), "/"));
  }

  @Test
  void aFailedCommitLeavesNoNewFileAndAnExistingOneAsItWas() throws Exception {
    Path scalar = dir.resolve("scalar.h5");
    Oracles.python("import h5py, sys\nwith h5py.File(sys.argv[1], 'w') as f:\n"
        + "    f['s'] = 1.5", scalar.toString());
    Path v = dir.resolve("new.h5");
    for (Path from : List.of(scalar, dir.resolve("missing.h5"), dir)) {
      CliRun r = CliRun.of("commit", v.toString(), "--from", from.toString());
      assertEquals(Main.BAD_INPUT, r.code(), from + ": " + r.err());
      assertFalse(Files.exists(v), "a failed commit from " + from + " left " + v);
      try (var left = Files.list(dir)) {
        assertFalse(left.anyMatch(p -> p.getFileName().toString().contains("new.h5")),
            "no temporary file of new.h5 is left either");
      }
    }
    Path good = plainWithLinks();
    assertEquals(Main.OK, CliRun.of("commit", v.toString(), "--from", good.toString()).code());
    assertEquals(Main.BAD_INPUT,
        CliRun.of("commit", v.toString(), "--from", scalar.toString()).code());
    assertEquals("v1 ['__first_version__', 'v1']\n", Oracles.python("import h5py, sys\n"
        + "v = h5py.File(sys.argv[1], 'r')['_version_data/versions']\n"
        + "print(v.attrs['current_version'], sorted(v))", v.toString()));
  }

  @Test
  void checkoutKeepsAnExistingOutUnlessForced() throws Exception {
    Path f = smoke();
    Path out = dir.resolve("out.h5");
    String mine = "import h5py, sys\nf = h5py.File(sys.argv[1], 'r')\nprint(sorted(f))";
    Oracles.python("import h5py, sys\nwith h5py.File(sys.argv[1], 'w') as f:\n"
        + "    f['mine'] = [1, 2, 3]", out.toString());
    CliRun refused = CliRun.of("checkout", f.toString(), "v2", out.toString());
    assertEquals(Main.BAD_INPUT, refused.code(), refused.err());
    assertTrue(refused.err().startsWith("h5j: " + out + " exists"), refused.err());
    assertTrue(refused.err().contains("--force"), refused.err());
    assertEquals("['mine']\n", Oracles.python(mine, out.toString()), "OUT is untouched");
    CliRun forced = CliRun.of("checkout", "--force", f.toString(), "v2", out.toString());
    assertEquals(Main.OK, forced.code(), forced.err());
    assertEquals("['grid', 'sub']\n", Oracles.python(mine, out.toString()));
    // a checkout that fails (no such version) leaves no file behind
    Path none = dir.resolve("none.h5");
    assertEquals(Main.BAD_INPUT, CliRun.of("checkout", f.toString(), "v9", none.toString())
        .code());
    assertFalse(Files.exists(none));
  }

  @Test
  void logIsAlignedAndNamesParentsAsShowDoes() throws Exception {
    Path f = smoke();
    CliRun log = CliRun.of("log", f.toString());
    assertEquals(Main.OK, log.code(), log.err());
    List<String> lines = List.of(log.out().split("\n"));
    String head = lines.get(0);
    for (String column : List.of("PARENT", "COMMITTED", "CHANGED")) {
      int at = head.indexOf(column);
      for (String l : lines.subList(1, lines.size())) {
        assertTrue(l.charAt(at - 1) == ' ' && l.charAt(at - 2) == ' ' && l.charAt(at) != ' ',
            column + " starts at column " + at + " on every line:\n" + log.out());
      }
    }
    assertEquals("-", VersionCommandsTest.columns(lines.get(1).substring(2)).get(1));
    CliRun show = CliRun.of("show", f.toString(), "v1");
    assertTrue(show.out().startsWith("version v1  parent -  committed "
        + VersionCommandsTest.columns(lines.get(1).substring(2)).get(2) + "\n"), show.out());
    CliRun show2 = CliRun.of("show", f.toString(), "v2");
    assertTrue(show2.out().startsWith("version v2  parent v1  committed "), show2.out());
  }

  @Test
  void logOfAFileWithNoVersionsSaysSo() throws Exception {
    Path f = dir.resolve("empty.h5");
    VersionedFile.create(f).close();
    assertEquals("['__first_version__'] __first_version__\n", Oracles.python(
        "import h5py, sys\nv = h5py.File(sys.argv[1], 'r')['_version_data/versions']\n"
            + "print(sorted(v), v.attrs['current_version'])", f.toString()));
    CliRun log = CliRun.of("log", f.toString());
    assertEquals(Main.OK, log.code(), log.err());
    assertEquals("no versions in " + f + " yet (add one with: h5j commit " + f
        + " --from PLAIN)\n", log.out());
  }

  @Test
  void aCommitWaitingForAReaderSaysSoOnce() throws Exception {
    Path plain = plainWithLinks();
    Path v = dir.resolve("v.h5");
    assertEquals(Main.OK, CliRun.of("commit", v.toString(), "--from", plain.toString()).code());
    System.setProperty("h5j.libhdf5LockWaitMillis", "300");
    try (H5pyHolder reader = new H5pyHolder(v, "r")) {
      CliRun r = CliRun.of("commit", v.toString(), "--from", plain.toString());
      assertEquals(Main.BAD_INPUT, r.code(), r.err());
      List<String> waits = Arrays.stream(r.err().split("\n"))
          .filter(l -> l.contains("waiting for")).toList();
      assertEquals(1, waits.size(), r.err());
      assertTrue(waits.get(0).contains("process " + reader.pid() + " ("), waits.get(0));
      assertTrue(waits.get(0).contains(") shared"), "named as a reader: " + waits.get(0));
    }
    CliRun quiet = CliRun.of("commit", v.toString(), "--from", plain.toString());
    assertEquals(Main.OK, quiet.code(), quiet.err());
    assertFalse(quiet.err().contains("waiting"), "no wait, no word of one: " + quiet.err());
  }
}
