package io.h5j.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.h5j.H5File;
import io.h5j.repack.RepackVerifier;
import io.h5j.repack.Repacker;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random trees of the round-trip test survive a repack unchanged in content: h5j and h5py
 * read the model's values from the output, and h5diff finds no difference to the input.
 */
@OracleTest
class RepackRandomTreeTest {
  @Provide
  Arbitrary<RandomTreeRoundTripTest.Tree> trees() {
    return new RandomTreeRoundTripTest().trees();
  }

  @Property(tries = 15)
  void randomTreesSurviveARepack(@ForAll("trees") RandomTreeRoundTripTest.Tree tree)
      throws Exception {
    Path dir = Files.createTempDirectory("h5j-repack-tree");
    Path in = dir.resolve("tree.h5");
    Path out = dir.resolve("repacked.h5");
    try {
      try (H5File f = H5File.create(in, tree.superblock())) {
        RandomTreeRoundTripTest.write(f.root(), tree.root());
        RandomTreeRoundTripTest.writeSoft(f.root(), tree.root());
      }
      Repacker.builder().build().repack(in, out);
      Map<String, Object> expected = RandomTreeRoundTripTest.expected(tree);
      try (H5File f = H5File.open(out)) {
        assertNull(Canonical.diff(expected, Canonical.byH5j(f), "h5j"), tree::toString);
      }
      assertNull(Canonical.diff(expected, Canonical.byH5py(out), "h5py"), tree::toString);
      assertEquals(List.of(), RepackVerifier.compare(in, out, 10), tree::toString);
      Oracles.requireH5dump();
      Oracles.Run diff = Oracles.run(List.of("h5diff", in.toString(), out.toString()));
      assertEquals(0, diff.exitCode(), () -> diff.stdout() + diff.stderr() + tree);
    } finally {
      try (var s = Files.walk(dir)) {
        s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
