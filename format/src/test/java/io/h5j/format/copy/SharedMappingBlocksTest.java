package io.h5j.format.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.FileCopy;
import io.h5j.H5File;
import io.h5j.VirtualSpec;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.internal.DatasetInternals;
import io.h5j.testing.Oracles;
import io.h5j.format.io.FileParams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What libhdf5 1.10.8 does with two virtual datasets sharing one mapping block (the
 * --share-vds-blocks question of issue 6): reading both works, but deleting one frees the
 * block that the other still points to, and the next block written reuses its space: the
 * other dataset then silently reads the new dataset's mappings.
 */
@OracleTest
class SharedMappingBlocksTest {
  /** Deletes a, creates another virtual dataset c (over src[0:2]), then reads b and c. */
  private static final String DELETE_ONE_READ_OTHER = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    print(f['a'][()].tolist(), f['b'][()].tolist())",
      "    del f['a']",
      "    lay = h5py.VirtualLayout(shape=(2,), dtype='i4')",
      "    lay[:] = h5py.VirtualSource(f['src'])[0:2]",
      "    f.create_virtual_dataset('c', lay)",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    print(f['b'][()].tolist(), f['c'][()].tolist())");

  @Test
  void deletingOneOfTwoDatasetsSharingABlockBreaksTheOther() throws Exception {
    Path in = Files.createTempFile("shared-blocks", ".h5");
    try (H5File f = H5File.create(in)) {
      f.root().createDataset("src", DatasetSpec.of(new int[] {1, 2, 3, 4}));
      VirtualSpec view = VirtualSpec.of(Datatypes.INT32, 2)
          .map(".", "/src", new long[] {2}, new long[] {0}, new long[] {2});
      f.root().createVirtualDataset("a", view);
      f.root().createVirtualDataset("b", view);
    }
    Path dir = Files.createTempDirectory("shared-blocks");
    Path separate = dir.resolve("separate.h5");
    Path shared = dir.resolve("shared.h5");
    FileCopy.Result r = FileCopy.builder().build().copy(in, separate);
    assertEquals(2, r.mappingBlocks());
    assertEquals(1, r.identicalMappingBlocks());
    assertEquals(1, copySharingBlocks(in, shared).identicalMappingBlocks());
    try (H5File s = H5File.open(shared); H5File p = H5File.open(separate)) {
      assertEquals(DatasetInternals.layout(s.dataset("a")),
          DatasetInternals.layout(s.dataset("b")), "one heap object");
      assertTrue(!DatasetInternals.layout(p.dataset("a"))
          .equals(DatasetInternals.layout(p.dataset("b"))), "two objects");
    }

    assertEquals("[3, 4] [3, 4]\n[3, 4] [1, 2]\n",
        Oracles.python(DELETE_ONE_READ_OTHER, separate.toString()));
    // the delete frees the block b still points to; c's block takes its place, silently
    assertEquals("[3, 4] [3, 4]\n[1, 2] [1, 2]\n",
        Oracles.python(DELETE_ONE_READ_OTHER, shared.toString()),
        "libhdf5 no longer reuses a shared block's space; --share-vds-blocks may be offered");
  }

  /** The engine's copy with blocks shared, which {@link FileCopy} does not offer. */
  private static CopyCounts copySharingBlocks(Path in, Path out) throws IOException {
    FileParams sizes = CopyEngine.inputSizes(in);
    H5File.create(out, H5File.SUPERBLOCK_V3, sizes.offsetSize(), sizes.lengthSize())
        .closeWithoutFlush();
    return CopyEngine.copy(in, out, out,
        new CopySettings(java.util.List.of(), java.util.List.of(), null, true, null), null);
  }
}
