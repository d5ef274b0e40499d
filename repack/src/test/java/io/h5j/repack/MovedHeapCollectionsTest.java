package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Mapping blocks that move with their heap collection as bytes (one block per collection,
 * smaller and larger than the 4 KiB a collection is read with first) and those copied object
 * by object (small blocks sharing a collection) come out the same: libhdf5 decodes every
 * mapping of the output (h5dump) and h5py lists the same mappings and reads the same values.
 */
@OracleTest
class MovedHeapCollectionsTest {
  /** Virtual datasets of 1..600 mappings onto shuffled chunks of one source. */
  private static final String WRITE = String.join("\n",
      "import sys, h5py, numpy as np",
      "rng = np.random.default_rng(7)",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    f.create_dataset('raw', data=rng.random((600 * 4, 4)), chunks=(4, 4))",
      "    f.attrs['note'] = 'a variable-length string in the global heap'",
      "    for name, n in [('one', 1), ('two', 2), ('three', 3), ('forty', 40),",
      "                    ('big', 600), ('medium', 90)]:",
      "        layout = h5py.VirtualLayout(shape=(n * 4, 4), dtype='f8')",
      "        src = h5py.VirtualSource('.', 'raw', shape=(600 * 4, 4))",
      "        for i, r in enumerate(rng.permutation(600)[:n]):",
      "            layout[i * 4:(i + 1) * 4] = src[r * 4:(r + 1) * 4]",
      "        f.create_virtual_dataset(name, layout)");

  private static final String SAME = String.join("\n",
      "import sys, h5py, numpy as np",
      "a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')",
      "assert a.attrs['note'] == b.attrs['note']",
      "for n in ['one', 'two', 'three', 'forty', 'big', 'medium']:",
      "    x, y = a[n], b[n]",
      "    assert y.is_virtual, n",
      "    key = lambda d: [(m.vspace.get_select_bounds(), m.file_name, m.dset_name,",
      "                      m.src_space.get_select_bounds()) for m in d.virtual_sources()]",
      "    assert key(x) == key(y), n",
      "    assert np.array_equal(x[()], y[()]), n",
      "print('same')");

  @Test
  void blocksReadTheSameAfterMovingWithTheirCollections() throws Exception {
    Oracles.requireH5py();
    Path dir = Files.createTempDirectory("moved-collections");
    Path in = dir.resolve("in.h5");
    Path out = dir.resolve("out.h5");
    Oracles.python(WRITE, in.toString());
    RepackReport r = Repacker.builder().build().repack(in, out);
    assertEquals(6, r.virtualDatasets());
    RepackOracle.assertReadable(out);
    assertEquals("same", Oracles.python(SAME, in.toString(), out.toString()).trim());
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20));
  }
}
