package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.Dataset;
import io.h5j.FileCheck;
import io.h5j.H5File;
import io.h5j.Node;
import io.h5j.format.CheckReport;
import io.h5j.format.Problem;
import io.h5j.format.heap.GlobalHeapCollection;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.object.H5Context;
import io.h5j.internal.DatasetInternals;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The check takes a mapping block equal to one it verified as verified: a flipped bit in one
 * of two byte-identical blocks (versioned-hdf5 copies an unchanged dataset's block into the
 * next version) must still be found, whichever of the two the check meets first.
 */
@OracleTest
class RepeatedMappingBlockDamageTest {
  private static final String FIXTURE = "versioned-hdf5/seed-small-2.4.1.dev-5389a78.h5";

  /** A pair of virtual datasets whose blocks are equal: path, file offset, length, each. */
  private record Block(String path, long at, long length) {}

  @ParameterizedTest
  @ValueSource(ints = {0, 1})
  void aFlipInOneOfTwoEqualBlocksIsReported(int which) throws IOException {
    Path dir = Fixtures.scratchDirFor("repeated-" + which + ".h5");
    Path file = dir.resolve("repeated.h5");
    Files.copy(Fixtures.dir().resolve(FIXTURE), file);
    Block[] pair = equalBlocks(file);
    assertNotNull(pair, "the fixture has versions that repeat a block");
    Block hit = pair[which];
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) (hit.at + hit.length / 2)] ^= 0x10;
    Files.write(file, bytes);

    Oracles.requireH5dump();
    Oracles.Run dump = Oracles.run(List.of("h5dump", "-H", "-p", "-d", hit.path,
        file.toString()));
    assertTrue(dump.exitCode() != 0, "libhdf5 opens the damaged " + hit.path);
    CheckReport r = FileCheck.check(file);
    assertEquals(1, r.problemCount(), r.toString());
    Problem p = r.problems().get(0);
    assertEquals(hit.path, p.path(), r.toString());
    assertTrue(p.detail().startsWith("checksum mismatch"), r.toString());
  }

  /** The first two virtual datasets, in walk order, whose mapping blocks are equal. */
  private static Block[] equalBlocks(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    Map<String, Block> seen = new HashMap<>();
    try (H5File f = H5File.open(file); FileAccess fa = FileAccess.openRead(file)) {
      H5Context.open(fa);
      for (Node n : f.root().walk()) {
        if (!(n instanceof Dataset d)
            || !(DatasetInternals.layout(d) instanceof LayoutMessage.Virtual v)) {
          continue;
        }
        long[] where = GlobalHeapCollection.locate(fa, v.heapAddress(), (int) v.heapIndex(), 64);
        long at = fa.params().baseAddress() + where[0];
        Block b = new Block(d.path(), at, where[1]);
        String key = Arrays.toString(Arrays.copyOfRange(bytes, (int) at,
            (int) (at + where[1])));
        Block earlier = seen.putIfAbsent(key, b);
        if (earlier != null) {
          return new Block[] {earlier, b};
        }
      }
    }
    return null;
  }
}
