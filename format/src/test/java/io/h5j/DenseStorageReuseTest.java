package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rewriting dense attribute or link storage frees the replaced heap and B-trees, so a file
 * edited over and over stays the same size instead of growing with every flush.
 */
@OracleTest
class DenseStorageReuseTest {
  static final int ROUNDS = 200;
  static final int EARLY = 10;
  static final long SLACK = 8192;

  @TempDir Path dir;

  @Test
  void rewritingADenseAttributeDoesNotGrowTheFile() throws Exception {
    Path file = dir.resolve("attrs.h5");
    long early = -1;
    try (H5File f = H5File.create(file)) {
      Group g = f.root().createGroup("g");
      for (int i = 0; i < 20; i++) {
        g.attributes().put("a" + i, new double[] {i, i + 0.5});
      }
      f.flush();
      for (int round = 1; round <= ROUNDS; round++) {
        g.attributes().put("a7", new long[] {round, round * 2L, round * 3L});
        f.flush();
        if (round == EARLY) {
          early = Files.size(file);
        }
      }
    }
    long late = Files.size(file);
    System.out.printf("dense attributes: %d bytes after %d rewrites, %d after %d%n", early,
        EARLY, late, ROUNDS);
    assertTrue(late <= early + SLACK, late + " bytes after " + ROUNDS + " rewrites, " + early
        + " after " + EARLY);

    String out = Oracles.python(String.join("\n",
        "import sys, h5py",
        "g = h5py.File(sys.argv[1], 'r')['g']",
        "a = g.attrs",
        "print(len(a))",
        "print(' '.join(str(int(v)) for v in a['a7']))",
        "print(sum(float(a['a%d' % i][1]) for i in range(20) if i != 7))"), file.toString());
    String[] lines = out.trim().split("\n");
    assertEquals("20", lines[0].trim());
    assertEquals(ROUNDS + " " + 2 * ROUNDS + " " + 3 * ROUNDS, lines[1].trim());
    double expected = 0;
    for (int i = 0; i < 20; i++) {
      expected += i == 7 ? 0 : i + 0.5;
    }
    assertEquals(expected, Double.parseDouble(lines[2].trim()), 1e-9);
  }

  @Test
  void addingAndDeletingALinkInADenseGroupDoesNotGrowTheFile() throws Exception {
    Path file = dir.resolve("links.h5");
    long early = -1;
    long late = -1;
    try (H5File f = H5File.create(file)) {
      Group g = f.root().createGroup("g");
      for (int i = 0; i < 50; i++) {
        g.createSoftLink("link" + i, "/target/" + i);
      }
      f.flush();
      for (int round = 1; round <= ROUNDS; round++) {
        g.createSoftLink("extra", "/extra/" + round);
        f.flush();
        g.delete("extra");
        f.flush();
        if (round == EARLY) {
          early = Files.size(file);
        }
      }
      late = Files.size(file);
      g.createSoftLink("last", "/extra/last");
    }
    System.out.printf("dense links: %d bytes after %d add/delete rounds, %d after %d%n", early,
        EARLY, late, ROUNDS);
    assertTrue(late <= early + SLACK, late + " bytes after " + ROUNDS + " rounds, " + early
        + " after " + EARLY);

    String out = Oracles.python(String.join("\n",
        "import sys, h5py",
        "g = h5py.File(sys.argv[1], 'r')['g']",
        "names = sorted(g.keys())",
        "print(len(names))",
        "print(g.get('link17', getlink=True).path)",
        "print(g.get('last', getlink=True).path)",
        "print('extra' in g)"), file.toString());
    String[] lines = out.trim().split("\n");
    assertEquals("51", lines[0].trim());
    assertEquals("/target/17", lines[1].trim());
    assertEquals("/extra/last", lines[2].trim());
    assertEquals("False", lines[3].trim());
  }

  @Test
  void rewritingVariableLengthValuesDoesNotGrowTheFile() throws Exception {
    Path file = dir.resolve("vlen.h5");
    long early = -1;
    try (H5File f = H5File.create(file)) {
      Group g = f.root().createGroup("g");
      Dataset names = g.createDataset("names", DatasetSpec.of(new String[] {"a", "b", "c"}));
      for (int round = 1; round <= ROUNDS; round++) {
        // an attribute updated on every commit, as versioned-hdf5's current_version is
        f.root().attributes().put("current_version", "version " + round);
        g.attributes().put("dense" + (round % 12), "value " + round); // dense past 8
        names.write(new String[] {"x" + round, "yy" + round, "zzz" + round});
        f.flush();
        if (round == EARLY) {
          early = Files.size(file);
        }
      }
    }
    long late = Files.size(file);
    System.out.printf("vlen rewrites: %d bytes after %d rounds, %d after %d%n", early, EARLY,
        late, ROUNDS);
    assertTrue(late <= early + SLACK, late + " bytes after " + ROUNDS + " rounds, " + early
        + " after " + EARLY);
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(f.attrs['current_version'], f['g'].attrs['dense8'],"
            + " [s.decode() for s in f['g/names'][()]])"), file.toString());
    assertEquals("version " + ROUNDS + " value " + 200 + " ['x200', 'yy200', 'zzz200']",
        out.trim());
  }
}
