package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.VdsEncoding;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --vds-encoding: mapping blocks converted to HDF5 2.0's encoding and back. */
@OracleTest
class VdsEncodingTest {
  private static final String READ_VDS = String.join("\n",
      "import sys, h5py",
      "try:",
      "    print(h5py.File(sys.argv[1], 'r')['virtual'][()].tolist())",
      "except Exception as e:",
      "    print('unreadable')");

  @Test
  void blocksGoToTheCompactEncodingAndBack() throws Exception {
    Path in = Fixtures.file("layouts_latest.h5");
    Path dir = Files.createTempDirectory("vds-encoding");
    Path v1 = dir.resolve("v1.h5");
    Path v0 = dir.resolve("v0.h5");
    Repacker.builder().vdsEncoding(VdsEncoding.V1_COMPACT).build().repack(in, v1);
    // h5j reads the v1 blocks; libhdf5 1.10 cannot, which shows they were converted
    assertEquals(List.of(), RepackVerifier.compare(in, v1, 20));
    String original = Oracles.python(READ_VDS, in.toString()).trim();
    assertTrue(original.startsWith("[["), original);
    assertEquals("unreadable", Oracles.python(READ_VDS, v1.toString()).trim());
    Repacker.builder().vdsEncoding(VdsEncoding.V0).build().repack(v1, v0);
    assertEquals(original, Oracles.python(READ_VDS, v0.toString()).trim());
    RepackOracle.assertSameContent(in, v0);
  }
}
