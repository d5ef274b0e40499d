package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.format.H5FormatException;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Layout damage, made with h5py in a file versioned-hdf5 wrote: the check reports every
 * problem, each once, and nothing else; and damage anywhere in the file makes the check either
 * report or fail with an {@link H5FormatException}, never anything else.
 */
@OracleTest
class LayoutDamageTest {
  @TempDir
  Path dir;

  /** One expected finding: its kind, subject and words its detail must contain. */
  private record Expect(CheckReport.Kind kind, String subject, String words) {
    boolean matches(CheckReport.Finding f) {
      return f.kind() == kind && f.subject().equals(subject) && f.detail().contains(words);
    }
  }

  @Test
  void everyProblemIsReported() throws IOException {
    Path f = VersionedFixtures.copy("smoke-1.7.0.h5");
    try {
      Oracles.python(String.join("\n",
          "import sys, h5py",
          "with h5py.File(sys.argv[1], 'r+') as f:",
          "    v = f['_version_data/versions']",
          "    v['v1'].attrs['timestamp'] = 'yesterday'",
          "    v['v2'].attrs['prev_version'] = 'nope'",
          "    v.attrs['current_version'] = 'gone'",
          "    v['v3/grid'].attrs['raw_data'] = '/elsewhere'",
          "    t = f['_version_data/grid/hash_table']",
          "    t.attrs['largest_index'] = t.shape[0] + 5",
          "    raw = f['_version_data/sub/nested/raw_data']",
          "    raw.resize((raw.shape[0] - 2,))"), f.toString());
      List<Expect> expected = List.of(
          new Expect(CheckReport.Kind.LAYOUT, "version v1", "timestamp 'yesterday'"),
          new Expect(CheckReport.Kind.LAYOUT, "version v2", "parent 'nope', which is not in"),
          new Expect(CheckReport.Kind.LAYOUT, "current_version", "'gone', which is not in"),
          new Expect(CheckReport.Kind.LAYOUT, "dataset grid of version v3",
              "raw_data attribute '/elsewhere'"),
          new Expect(CheckReport.Kind.LAYOUT, "dataset grid", "claims"),
          new Expect(CheckReport.Kind.LAYOUT, "dataset sub/nested",
              "reaches past raw_data's 2 rows"),
          new Expect(CheckReport.Kind.DAMAGED_CHUNK, "dataset sub/nested",
              "reaches outside raw_data"));
      try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
        CheckReport r = vf.check();
        List<CheckReport.Finding> left = new ArrayList<>(r.findings());
        for (Expect e : expected) {
          List<CheckReport.Finding> hits = left.stream().filter(e::matches).toList();
          assertEquals(1, hits.size(), e + " in " + r.findings());
          left.removeAll(hits);
        }
        assertEquals(List.of(), left, "findings nobody expected");
        assertTrue(r.damaged());
        assertEquals(1, r.damagedChunks().size());
        assertEquals(2, r.damagedChunks().get(0).firstRow(), "the slot past the end");
      }
    } finally {
      Files.deleteIfExists(f);
    }
  }

  /** 300 random byte changes: the check reports or refuses, nothing else escapes. */
  @Test
  void damageAnywhereIsReportedOrRefused() throws IOException {
    Path intact = VersionedFixtures.dir().resolve("smoke-2.4.1.dev-5389a78.h5");
    byte[] bytes = Files.readAllBytes(intact);
    Random rnd = new Random(1414);
    int reported = 0;
    for (int trial = 0; trial < 300; trial++) {
      byte[] b = bytes.clone();
      int at = rnd.nextInt(b.length);
      b[at] = (byte) (b[at] ^ (1 << rnd.nextInt(8)));
      Path f = dir.resolve("t" + trial + ".h5");
      Files.write(f, b);
      try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
        CheckReport r = vf.check();
        if (r.damaged()) {
          reported++;
        }
      } catch (H5FormatException e) {
        assertTrue(e.getMessage().length() > 0);
      } catch (IOException | RuntimeException | Error e) {
        fail("byte " + at + " of " + intact.getFileName() + ": " + e, e);
      }
      Files.delete(f);
    }
    assertTrue(reported > 0, "some damage is reported, not only refused");
  }
}
