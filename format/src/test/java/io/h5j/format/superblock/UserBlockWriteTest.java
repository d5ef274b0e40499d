package io.h5j.format.superblock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.FileCheck;
import io.h5j.H5File;
import io.h5j.format.CheckReport;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files with a user block, where the superblock lies past its start: libhdf5 stores the end of
 * allocation as an absolute address (every other address is relative to the superblock's
 * base). h5j stored it relative, so after h5j added objects to such a file libhdf5 read its
 * end of allocation short by the user block and refused the file ("addr overflow"); and a
 * file whose end of allocation leaves its structures outside is reported by the check.
 */
@OracleTest
class UserBlockWriteTest {
  @ParameterizedTest
  @ValueSource(strings = {"userblock_512.h5", "userblock_1024.h5"})
  void libhdf5ReadsWhatH5jAddedToAFileWithAUserBlock(String fixture, @TempDir Path dir)
      throws IOException {
    Path file = dir.resolve(fixture);
    Files.copy(Fixtures.file(fixture), file);
    try (H5File f = H5File.openReadWrite(file)) {
      for (int i = 0; i < 20; i++) {
        f.root().createDataset("added" + i, DatasetSpec.of(new double[] {i, i + 0.5}));
      }
    }
    Oracles.requireH5dump();
    Oracles.h5dump(file);
    assertEquals("[19.  19.5]\n", Oracles.python(String.join("\n", "import sys, h5py",
        "print(h5py.File(sys.argv[1], 'r')['added19'][()])"), file.toString()));
    CheckReport r = FileCheck.check(file);
    assertTrue(r.clean(), r.toString());
  }

  /** The end of allocation of a v0 superblock: after 24 bytes of fields, the base address and
   * the free-space address. */
  private static final int EOA_FIELD = 40;

  @ParameterizedTest
  @ValueSource(strings = {"userblock_512.h5", "userblock_1024.h5"})
  void anEndOfAllocationShortOfTheStructuresIsReported(String fixture, @TempDir Path dir)
      throws IOException {
    Path file = dir.resolve(fixture);
    byte[] bytes = Files.readAllBytes(Fixtures.file(fixture));
    int userBlock = Integer.parseInt(fixture.replaceAll(".*_(\\d+)\\.h5", "$1"));
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(bytes.length, b.getLong(userBlock + EOA_FIELD), "absolute, as libhdf5 writes");
    b.putLong(userBlock + EOA_FIELD, bytes.length - userBlock); // what h5j wrote before
    Files.write(file, bytes);
    Oracles.requireH5dump();
    assertTrue(Oracles.run(List.of("h5dump", file.toString())).exitCode() != 0);
    CheckReport r = FileCheck.check(file);
    assertTrue(r.problems().stream().anyMatch(p -> p.detail().contains("end of allocation")),
        r.toString());
  }
}
