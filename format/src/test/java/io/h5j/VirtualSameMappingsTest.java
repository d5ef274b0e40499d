package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.format.io.FileParams;
import io.h5j.format.message.LayoutMessage;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VirtualSpec#sameMappingsAs} of a virtual dataset without mappings (libhdf5 2.0
 * writes such a one, with no mapping block, for a versioned-hdf5 dataset never written)
 * stores no block either: libhdf5 1.10.8 cannot open one whose block is an empty heap object
 * ("unable to allocate heap block"), which the copy had been.
 */
@OracleTest
class VirtualSameMappingsTest {
  @TempDir
  Path dir;

  @Test
  void aCopyOfNoMappingsHasNoBlockAndLibhdf5OpensIt() throws IOException {
    Path file = dir.resolve("empty-vds.h5");
    try (H5File f = H5File.create(file)) {
      Dataset none = f.root().createVirtualDataset("none",
          VirtualSpec.of(Datatypes.INT32, 3).fillValue(7));
      f.root().createVirtualDataset("copy", VirtualSpec.of(Datatypes.INT32, 3).fillValue(7)
          .sameMappingsAs(none.virtualMappings()));
    }
    try (H5File f = H5File.open(file)) {
      Dataset copy = f.dataset("copy");
      assertEquals(FileParams.UNDEFINED,
          ((LayoutMessage.Virtual) copy.layoutMessage()).heapAddress());
      assertArrayEquals(new int[] {7, 7, 7}, (int[]) copy.read());
    }
    assertEquals("[7, 7, 7] [7, 7, 7]", Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(f['none'][()].tolist(), f['copy'][()].tolist())"), file.toString()).strip());
  }
}
