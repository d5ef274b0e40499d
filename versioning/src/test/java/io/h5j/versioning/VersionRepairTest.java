package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.DatasetSpec;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files as killed commits leave them, repaired: versioned-hdf5 itself killed (right after a
 * flush) at each point of its commit, and an h5j commit that lost its last write (as h5j's
 * two-flush commits could, before atomic flushes). Before the
 * repair versioned-hdf5 cannot read the file (or would commit on an empty version); after
 * it, both peers read every version as the writer's own read of the intact file showed them,
 * and commit on it, and h5j commits a dataset at the path the crash left half created.
 */
@OracleTest
class VersionRepairTest {
  @TempDir
  Path dir;

  static Stream<Arguments> crashes() {
    List<Arguments> out = new ArrayList<>();
    for (VersionedPeer p : VersionedPeer.values()) {
      out.add(Arguments.of(p, "before-current", List.of(CheckReport.Kind.UNCOMMITTED_VERSION)));
      out.add(Arguments.of(p, "after-current",
          List.of(CheckReport.Kind.CURRENT_NOT_COMMITTED)));
      out.add(Arguments.of(p, "no-hash-table", List.of(CheckReport.Kind.CURRENT_NOT_COMMITTED,
          CheckReport.Kind.ORPHANED_DATASET_GROUP)));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} killed {1}")
  @MethodSource("crashes")
  void aKilledVersionedHdf5CommitIsRepaired(VersionedPeer writer, String point,
      List<CheckReport.Kind> expected) throws IOException {
    Path f = dir.resolve("crashed.h5");
    writer.run("write", f.toString());
    JsonNode intact = read(writer, f);
    writer.run("crash", f.toString(), "v4", point);
    for (VersionedPeer p : VersionedPeer.values()) {
      assertNotEquals(0, p.runAllowingFailure("read", f.toString()).exitCode(),
          p + " reads the crashed file");
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
      CheckReport r = vf.check();
      assertEquals(expected, kinds(r.findings()), r.findings().toString());
      assertTrue(r.damaged());
    }
    try (VersionedFile vf = VersionedFile.open(f)) {
      List<CheckReport.Repair> done = vf.repair();
      assertEquals(expected, done.stream().map(x -> x.finding().kind()).toList(),
          done.toString());
      assertEquals(List.of(), vf.repair(), "a second repair has nothing to do");
    }
    assertRepaired(f, intact);

    try (VersionedFile vf = VersionedFile.open(f)) {
      vf.commit("h5j-late", "v3", s -> s.createDataset("late",
          DatasetSpec.of(new long[] {1, 2, 3}).chunks(2)));
    }
    for (VersionedPeer p : VersionedPeer.values()) {
      JsonNode late = read(p, f).get("versions").get("h5j-late").get("datasets").get("late");
      assertEquals(CheckHistory.sha256(new long[] {1, 2, 3}), late.get("sha256").asText(),
          p.toString());
    }
  }

  /**
   * Before its commits became one atomic flush, h5j marked a version committed, then made it
   * current; a kill between the two left the newest version committed but not current. That is no damage (versioned-hdf5 reads it, and
   * its make_current=False writes the same), so the check notes it and the repair completes
   * the commit.
   */
  @Test
  void aCommittedVersionThatIsNotCurrentIsMadeCurrent() throws IOException {
    Path f = dir.resolve("h5j.h5");
    Map<String, Map<String, Object>> model = CheckHistory.write(f, false);
    CheckHistory.assertPeerReads(VersionedPeer.V2, f, "v3", model);
    Path byHand = dir.resolve("by-hand.h5");
    Files.copy(f, byHand);
    setCurrent(f, "v2"); // v3's parent: the write h5j's commit lost
    setCurrent(byHand, "v1"); // an older version chosen by hand: not a killed commit
    try (VersionedFile vf = VersionedFile.open(byHand)) {
      assertEquals(List.of(), vf.check().findings());
      assertEquals(List.of(), vf.repair());
      assertEquals("v1", vf.currentVersion());
    }
    CheckHistory.assertPeerReads(VersionedPeer.V2, byHand, "v1", model);
    try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
      CheckReport r = vf.check();
      assertEquals(List.of(CheckReport.Kind.COMMITTED_NOT_CURRENT), kinds(r.findings()),
          r.findings().toString());
      assertEquals("version v3", r.findings().get(0).subject());
      assertFalse(r.damaged());
    }
    try (VersionedFile vf = VersionedFile.open(f)) {
      assertEquals(1, vf.repair().size());
      assertEquals("v3", vf.currentVersion());
    }
    for (VersionedPeer p : VersionedPeer.values()) {
      CheckHistory.assertPeerReads(p, f, "v3", model);
    }
    Path copy = dir.resolve("copy.h5");
    Files.copy(f, copy);
    VersionedPeer.V2.run("commit", copy.toString(), "v4");
    VersionedPeer.DEB.run("commit", f.toString(), "v4");
  }

  private static void setCurrent(Path f, String version) throws IOException {
    Oracles.python(String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r+') as f:",
        "    f['_version_data/versions'].attrs['current_version'] = sys.argv[2]"), f.toString(),
        version);
  }

  /** The repaired file checks clean; both peers read it as the intact one and commit on it. */
  private void assertRepaired(Path f, JsonNode intact) throws IOException {
    try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
      CheckReport r = vf.check();
      assertFalse(r.damaged(), r.findings().toString());
      assertFalse(r.repairable(), r.findings().toString());
    }
    for (VersionedPeer p : VersionedPeer.values()) {
      assertEquals(intact, read(p, f), p + " reads the repaired file as the intact one");
    }
    Path copy = dir.resolve("copy.h5");
    Files.copy(f, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    VersionedPeer.DEB.run("commit", copy.toString(), "v5");
    VersionedPeer.V2.run("read", copy.toString());
    VersionedPeer.V2.run("commit", f.toString(), "v5");
    VersionedPeer.DEB.run("read", f.toString());
  }

  private static JsonNode read(VersionedPeer p, Path f) throws IOException {
    return new ObjectMapper().readTree(p.run("read", f.toString()));
  }

  private static List<CheckReport.Kind> kinds(List<CheckReport.Finding> findings) {
    return findings.stream().map(CheckReport.Finding::kind).toList();
  }
}
