package io.h5j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.Oracles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RepackCommandTest {
  private record Result(int code, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
    return new Result(code, out.toString(), err.toString());
  }

  @Test
  void repacksVerifiesAndReportsMappingBlocks() throws Exception {
    Path dir = Files.createTempDirectory("repack-cli");
    Path out = dir.resolve("out.h5");
    Path in = Fixtures.file("layouts_latest.h5");
    Result r = run("repack", "-v", "--verify", in.toString(), out.toString());
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
    Result r = run("repack", "-v", "-f", "FLET", in.toString(), dir.resolve("out.h5").toString());
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
    Result r = run("repack", "--share-vds-blocks", Fixtures.file("layouts_latest.h5")
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
    Result r = run("repack", f.toString(), f.toString());
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
    Result r = run("repack", in.toString(), out.toString());
    assertEquals(Main.BAD_INPUT, r.code(), r.out());
    assertTrue(r.err().contains("cannot copy /"), r.err());
    assertFalse(Files.exists(out));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(in), left.toList(), "no temporary file left behind");
    }
  }
}
