package io.h5j.format.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import io.h5j.format.CheckReport;
import io.h5j.format.Problem;
import io.h5j.internal.DatasetInternals;

import io.h5j.FileCheck;
import io.h5j.H5File;
import io.h5j.format.heap.GlobalHeapCollection;
import io.h5j.format.io.FileAccess;
import io.h5j.format.message.LayoutMessage;
import io.h5j.format.object.H5Context;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A flipped bit in the middle of a virtual dataset's mapping block (its global heap object,
 * which libhdf5 verifies by checksum when it opens the dataset): h5dump -H -p cannot open
 * the dataset, and the check names it, the mapping block and the checksum.
 */
@OracleTest
class MappingBlockDamageCheckTest {
  @ParameterizedTest
  @ValueSource(strings = {"/overlapping", "/irregular", "/cross_3d"})
  void aFlipInAMappingBlockIsReportedForItsDataset(String vds) throws IOException {
    Path dir = Fixtures.scratchDirFor("vds.h5");
    Path file = dir.resolve("vds.h5");
    Files.copy(Fixtures.file("vds.h5"), file);
    long at;
    try (H5File f = H5File.open(file); FileAccess fa = FileAccess.openRead(file)) {
      LayoutMessage.Virtual v = (LayoutMessage.Virtual) DatasetInternals.layout(f.dataset(vds));
      H5Context.open(fa); // reads the superblock: the sizes of offsets and lengths
      long[] where = GlobalHeapCollection.locate(fa, v.heapAddress(), (int) v.heapIndex(), 64);
      at = fa.params().baseAddress() + where[0] + where[1] / 2;
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) at] ^= 0x10;
    Files.write(file, bytes);

    Oracles.requireH5dump();
    Oracles.Run dump = Oracles.run(List.of("h5dump", "-H", "-p", "-d", vds, file.toString()));
    assertTrue(dump.exitCode() != 0, "libhdf5 opens the damaged " + vds);
    CheckReport r = FileCheck.check(file);
    assertEquals(1, r.problemCount(), r.toString());
    Problem p = r.problems().get(0);
    assertEquals(vds, p.path(), r.toString());
    assertTrue(p.structure().startsWith("VDS mapping block"), r.toString());
    assertTrue(p.detail().startsWith("checksum mismatch"), r.toString());
  }
}
