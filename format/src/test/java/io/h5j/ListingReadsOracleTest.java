package io.h5j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.MemorySource;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Listing the name and shape of every dataset of a group h5py wrote costs about one read of
 * the file per dataset: an object header's prefix and first chunk come from one read, a
 * symbol table node's head and entries likewise. (Three reads per version 1 header and four
 * per version 2 header before; a listing of many datasets was dominated by them.) The names
 * and shapes are h5py's.
 */
@OracleTest
class ListingReadsOracleTest {
  private static final int DATASETS = 600;

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"earliest", "latest"})
  void oneReadPerDatasetAndH5pysShapes(String libver) throws Exception {
    Path file = dir.resolve("many-" + libver + ".h5");
    // h5py's own sum of name lengths and first dimensions, read back by h5py
    String sum = Oracles.python(String.join("\n",
        "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w', libver=sys.argv[2]) as f:",
        "    for i in range(int(sys.argv[3])):",
        "        f.create_dataset('d%05d' % i, data=np.full(1 + i % 7, i, dtype='<i8'))",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    print(sum(len(n) + f[n].shape[0] for n in f))"),
        file.toString(), libver, String.valueOf(DATASETS)).trim();
    MemorySource source = MemorySource.of(file);
    long total = 0;
    int count = 0;
    try (H5File f = H5File.open(source)) {
      for (String name : f.root().memberNames()) {
        total += name.length() + f.dataset(name).shape()[0];
        count++;
      }
    }
    assertEquals(DATASETS, count);
    assertEquals(sum, String.valueOf(total), "h5py's sum of name lengths and shapes");
    long reads = source.reads.get();
    System.out.printf("%s: %d reads listing %d datasets%n", libver, reads, DATASETS);
    assertTrue(reads < 1.4 * DATASETS + 50, reads + " reads for " + DATASETS + " datasets");
  }
}
