package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

@OracleTest
class RepackCommandTest {

  @Test
  void repacksVerifiesAndReportsMappingBlocks() throws Exception {
    Path dir = Files.createTempDirectory("repack-cli");
    Path out = dir.resolve("out.h5");
    Path in = Fixtures.file("layouts_latest.h5");
    CliRun r = CliRun.of("repack", "-v", "--verify", in.toString(), out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("mapping blocks: 1, byte-identical to an earlier one: 0"),
        r.out());
    assertTrue(r.out().contains("verified: every object of"), r.out());
    assertEquals("", r.err(), "no progress bar when not on a terminal");
    Oracles.requireH5dump();
    assertEquals(0, Oracles.run(List.of("h5diff", in.toString(), out.toString())).exitCode());
  }

  /**
   * A required filter cannot apply to variable-length data (libhdf5 refuses it there): -v
   * names each dataset kept as it was, the same ones h5repack -v warns of.
   */
  @Test
  void verboseNamesTheDatasetsAnOptionCouldNotApplyTo() throws Exception {
    Path in = Fixtures.file("datatypes_latest.h5");
    Path dir = Files.createTempDirectory("repack-cli-skip");
    CliRun r = CliRun.of("repack", "-v", "-f", "FLET", in.toString(), dir.resolve("out.h5").toString());
    assertEquals(0, r.code(), r.err());
    List<String> kept = r.out().lines().filter(l -> l.startsWith("kept as it was: "))
        .map(l -> l.split(" ")[4]).sorted().toList();
    Oracles.requireH5dump();
    Oracles.Run h5repack = Oracles.run(List.of("h5repack", "-v", "-f", "FLET", in.toString(),
        dir.resolve("h5repack.h5").toString()));
    List<String> warned = h5repack.stdout().lines()
        .filter(l -> l.contains("could not create dataset <"))
        .map(l -> l.substring(l.indexOf('<') + 1, l.indexOf('>'))).sorted().toList();
    assertTrue(warned.contains("/vlen_i4"), h5repack.stdout());
    assertEquals(warned, kept, r.out());
  }

  @Test
  void refusesToShareMappingBlocks() throws Exception {
    Path out = Files.createTempDirectory("repack-share").resolve("out.h5");
    CliRun r = CliRun.of("repack", "--share-vds-blocks", Fixtures.file("layouts_latest.h5")
        .toString(), out.toString());
    assertEquals(Main.USAGE, r.code());
    assertTrue(r.err().contains("libhdf5 1.10.8 frees the block"), r.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void refusesToRepackAFileOntoItself() throws Exception {
    Path f = Files.createTempFile("repack-self", ".h5");
    Files.copy(Fixtures.file("groups_latest.h5"), f, java.nio.file.StandardCopyOption
        .REPLACE_EXISTING);
    byte[] before = Files.readAllBytes(f);
    CliRun r = CliRun.of("repack", f.toString(), f.toString());
    assertEquals(Main.BAD_INPUT, r.code());
    assertTrue(r.err().contains("same file"), r.err());
    assertArrayEquals(before, Files.readAllBytes(f));
  }

  @Test
  void aDamagedInputLeavesNoOutputAndNamesTheObject() throws Exception {
    Path dir = Files.createTempDirectory("repack-bad");
    Path in = dir.resolve("cut.h5");
    byte[] whole = Files.readAllBytes(Fixtures.file("layouts_latest.h5"));
    // keep the metadata, lose the end of the file where h5py put the raw data
    Files.write(in, java.util.Arrays.copyOf(whole, whole.length * 2 / 3));
    Path out = dir.resolve("out.h5");
    CliRun r = CliRun.of("repack", in.toString(), out.toString());
    assertEquals(Main.BAD_INPUT, r.code(), r.out());
    assertTrue(r.err().contains("cannot copy /"), r.err());
    assertFalse(Files.exists(out));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(in), left.toList(), "no temporary file left behind");
    }
  }

  /**
   * Writes (h5py, libver earliest) a dataset /d whose version 1 header holds a message of a
   * type libhdf5 does not know, flagged "fail if unknown": libhdf5 refuses to open /d.
   */
  private static final String UNKNOWN_MESSAGE = String.join("\n",
      "import sys, struct, h5py, numpy as np",
      "with h5py.File(sys.argv[1], 'w', libver='earliest') as f:",
      "    f.create_dataset('d', data=np.arange(10, dtype='<i4'))",
      "    at = h5py.h5o.get_info(f['d'].id).addr",
      "b = bytearray(open(sys.argv[1], 'rb').read())",
      "assert b[at] == 1, 'a version 1 header'",
      "p, end = at + 16, at + 16 + struct.unpack_from('<I', b, at + 8)[0]",
      "while p < end:",
      "    t, n = struct.unpack_from('<HH', b, p)",
      "    if t == 0 and n >= 8:",
      "        struct.pack_into('<HHB', b, p, 0x42, n, 0x80)",
      "        break",
      "    p += 8 + n",
      "else:",
      "    raise SystemExit('no NIL message to turn into an unknown one')",
      "open(sys.argv[1], 'wb').write(b)");

  @Test
  void anOutputFailingItsCheckIsNotWrittenUnlessTheCheckIsSkipped() throws Exception {
    Path dir = Files.createTempDirectory("repack-check");
    Path in = dir.resolve("unknown.h5");
    Oracles.python(UNKNOWN_MESSAGE, in.toString());
    Oracles.requireH5dump();
    assertTrue(Oracles.run(List.of("h5dump", in.toString())).exitCode() != 0,
        "libhdf5 refuses the input's /d");
    Path out = dir.resolve("out.h5");
    CliRun r = CliRun.of("repack", in.toString(), out.toString());
    assertEquals(Main.BAD_INPUT, r.code(), r.err());
    assertTrue(r.err().contains("failed its structural check"), r.err());
    assertTrue(r.err().contains("/d: type 66 message"), r.err());
    assertTrue(r.err().contains(out + " was not written"), r.err());
    assertFalse(r.err().contains(".part"), r.err());
    assertTrue(r.err().contains("--no-check"), r.err());
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(in), left.toList(), "no output, no temporary file");
    }
    CliRun unchecked = CliRun.of("repack", "--no-check", in.toString(), out.toString());
    assertEquals(0, unchecked.code(), unchecked.err());
    assertTrue(Oracles.run(List.of("h5dump", out.toString())).exitCode() != 0,
        "what the check refused, libhdf5 refuses too");
  }

  /**
   * A virtual dataset whose source files lie beside IN but not beside OUT reads other values
   * from OUT (their fill value, as libhdf5 reads missing sources): --verify says it failed,
   * naming the dataset and the first difference in the user's terms, and leaves no OUT (and
   * no temporary file) behind.
   */
  @Test
  void aFailedVerificationSaysSoAndLeavesNoOutput() throws Exception {
    Path dir = Files.createTempDirectory("repack-verify");
    Path out = dir.resolve("out.h5");
    CliRun r = CliRun.of("repack", "--verify", Fixtures.file("vds.h5").toString(), out.toString());
    assertEquals(Main.BAD_INPUT, r.code(), r.err());
    assertTrue(r.err().startsWith("h5j: verify failed: " + out + " was not written: the copy of "
        + Fixtures.file("vds.h5") + " differs from it ("), r.err());
    assertTrue(r.err().lines().anyMatch(l -> l.matches("  /\\S+: values differ in rows .*")),
        r.err());
    assertFalse(r.err().contains("H5File") || r.err().contains("()") || r.err().contains(
        ".part") || r.err().contains("Exception"), r.err());
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(), left.toList(), "no output, no temporary file");
    }
  }

  /**
   * A filter or layout for a path where IN has no dataset fails before anything is written,
   * with exit 1, as h5repack fails on a path to nothing; the message quotes the option.
   */
  @Test
  void anOptionNamingNoDatasetFailsBeforeWriting() throws Exception {
    Path in = Fixtures.file("layouts_latest.h5");
    Path dir = Files.createTempDirectory("repack-nope");
    Path out = dir.resolve("out.h5");
    Oracles.requireH5dump();
    assertEquals(1, Oracles.run(List.of("h5repack", "-f", "/nope:GZIP=1", in.toString(),
        dir.resolve("h5repack.h5").toString())).exitCode(), "h5repack refuses it too");
    Files.deleteIfExists(dir.resolve("h5repack.h5"));
    CliRun r = CliRun.of("repack", "-f", "/nope:GZIP=1", in.toString(), out.toString());
    assertEquals(Main.BAD_INPUT, r.code(), r.err());
    assertEquals("h5j: -f /nope:GZIP=1: " + in + " has no object at /nope, no dataset to"
        + " change; nothing was written\n", r.err().replace("\r\n", "\n"));
    Path groups = Fixtures.file("groups_latest.h5");
    String group = Oracles.python(String.join("\n", "import sys, h5py",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(next(k for k in f if isinstance(f[k], h5py.Group)))"), groups.toString()).strip();
    CliRun l = CliRun.of("repack", "-l", "/" + group + ":CHUNK=2", groups.toString(),
        out.toString());
    assertEquals(Main.BAD_INPUT, l.code(), l.err());
    assertTrue(l.err().startsWith("h5j: -l /" + group + ":CHUNK=2: " + groups + " has a group at /"
        + group + ", no dataset to change"), l.err());
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(), left.toList(), "nothing written");
    }
  }
}
