package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.SlabModel;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual datasets made by libhdf5 (through h5py): a versioned-hdf5-like one whose chunks map
 * onto chunks of a raw dataset in shuffled order, and one over sources in other files; h5j
 * reads them whole and in random hyperslabs exactly as h5py does.
 */
@OracleTest
class VirtualReadOracleTest {
  private static final String SCRIPT = String.join("\n",
      "import h5py, json, sys, numpy as np",
      "base = sys.argv[1]",
      "rnd = np.random.default_rng(7)",
      "with h5py.File(base + '_src.h5', 'w') as s:",
      "  s['a'] = np.arange(30, dtype='<i8').reshape(5, 6) * 10",
      "with h5py.File(base + '.h5', 'w') as f:",
      "  raw = f.create_dataset('raw', shape=(40, 4), dtype='<i8', chunks=(4, 4))",
      "  raw[...] = np.arange(160, dtype='<i8').reshape(40, 4) + 1000",
      "  lay = h5py.VirtualLayout(shape=(12, 12), dtype='<i8')",
      "  src = h5py.VirtualSource(raw)",
      "  slots = rnd.permutation(10)",
      "  k = 0",
      "  for i in range(3):",
      "    for j in range(3):",
      "      if (i, j) == (1, 1): continue",  // one hole: fill value
      "      r = int(slots[k]); k += 1",
      "      lay[4*i:4*i+4, 4*j:4*j+4] = src[4*r:4*r+4, 0:4]",
      "  f.create_virtual_dataset('versioned', lay, fillvalue=-1)",
      "  lay2 = h5py.VirtualLayout(shape=(10, 6), dtype='<i8')",
      "  other = h5py.VirtualSource(base.split('/')[-1] + '_src.h5', 'a', shape=(5, 6))",
      "  lay2[0:5, :] = other",
      "  lay2[5:10, 3:6] = other[0:5, 0:3]",
      "  f.create_virtual_dataset('cross', lay2, fillvalue=7)",
      "  out = {n: f[n][()].ravel().tolist() for n in ('versioned', 'cross')}",
      "print(json.dumps(out))");

  @TempDir
  Path dir;

  @Test
  void readsVirtualDatasetsAsLibhdf5Does() throws Exception {
    Path base = dir.resolve("vds");
    JsonNode truth = new ObjectMapper().readTree(Oracles.python(SCRIPT, base.toString()));
    try (H5File f = H5File.open(Path.of(base + ".h5"))) {
      for (String name : new String[] {"versioned", "cross"}) {
        Dataset d = f.dataset(name);
        assertEquals("VIRTUAL", d.layoutName());
        long[] dims = d.shape();
        long[] all = new long[truth.get(name).size()];
        for (int i = 0; i < all.length; i++) {
          all[i] = truth.get(name).get(i).asLong();
        }
        assertArrayEquals(all, (long[]) d.read(), name);
        Random rnd = new Random(42);
        for (int round = 0; round < 50; round++) {
          SlabModel slab = SlabModel.random(rnd, dims);
          long[] at = slab.datasetIndexes(dims);
          long[] want = new long[at.length];
          for (int i = 0; i < at.length; i++) {
            want[i] = all[(int) at[i]];
          }
          assertArrayEquals(want, (long[]) d.read(slab.selection()), name + " " + slab);
        }
      }
    }
  }
}
