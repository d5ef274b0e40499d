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
 * Virtual datasets whose mappings each take one chunk of a source, read straight into Java
 * arrays: big-endian floats from a shuffled and deflated source, a mapping onto a chunk the
 * source never wrote (the source's fill value), a partial edge chunk, short integers, and
 * holes (the virtual fill value); h5py (libhdf5) gives the values.
 */
@OracleTest
class VirtualChunkReadOracleTest {
  private static final String SCRIPT = String.join("\n",
      "import h5py, json, sys, numpy as np",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "  raw = f.create_dataset('raw', shape=(16, 4), dtype='>f4', chunks=(4, 4),",
      "      shuffle=True, compression='gzip', fillvalue=5.5)",
      "  raw[0:8] = np.arange(32, dtype='>f4').reshape(8, 4) / 4",
      "  raw[12:16] = -np.arange(16, dtype='>f4').reshape(4, 4)",  // rows 8:12 never written
      "  lay = h5py.VirtualLayout(shape=(8, 12), dtype='>f4')",
      "  src = h5py.VirtualSource(raw)",
      "  for j, r in enumerate((3, 2, 0)):",
      "    lay[0:4, 4*j:4*j+4] = src[4*r:4*r+4, :]",
      "  lay[4:8, 0:4] = src[4:8, :]",  // the rest of rows 4:8 is a hole
      "  f.create_virtual_dataset('floats', lay, fillvalue=-2.25)",
      "  edge = f.create_dataset('edge', shape=(10, 6), dtype='<i2', chunks=(4, 4))",
      "  edge[...] = np.arange(60, dtype='<i2').reshape(10, 6) - 30",
      "  lay2 = h5py.VirtualLayout(shape=(6, 6), dtype='<i2')",
      "  e = h5py.VirtualSource(edge)",
      "  lay2[0:4, 0:4] = e[4:8, 0:4]",  // a whole chunk
      "  lay2[4:6, 4:6] = e[8:10, 4:6]",  // the partial corner chunk
      "  lay2[0:2, 4:6] = e[8:10, 0:2]",  // part of an edge chunk
      "  f.create_virtual_dataset('shorts', lay2)",
      "  out = {n: f[n][()].ravel().tolist() for n in ('floats', 'shorts')}",
      "print(json.dumps(out))");

  @TempDir
  Path dir;

  @Test
  void readsChunkMappingsIntoArraysAsLibhdf5Does() throws Exception {
    Path file = dir.resolve("chunks.h5");
    JsonNode truth = new ObjectMapper().readTree(Oracles.python(SCRIPT, file.toString()));
    try (H5File f = H5File.open(file)) {
      Dataset floats = f.dataset("floats");
      float[] wantF = new float[truth.get("floats").size()];
      for (int i = 0; i < wantF.length; i++) {
        wantF[i] = (float) truth.get("floats").get(i).asDouble();
      }
      assertEquals(96, wantF.length);
      assertArrayEquals(wantF, (float[]) floats.read(), "floats");
      Dataset shorts = f.dataset("shorts");
      short[] wantS = new short[truth.get("shorts").size()];
      for (int i = 0; i < wantS.length; i++) {
        wantS[i] = (short) truth.get("shorts").get(i).asInt();
      }
      assertArrayEquals(wantS, (short[]) shorts.read(), "shorts");
      Random rnd = new Random(11);
      for (int round = 0; round < 40; round++) {
        SlabModel slab = SlabModel.random(rnd, floats.shape());
        long[] at = slab.datasetIndexes(floats.shape());
        float[] want = new float[at.length];
        for (int i = 0; i < at.length; i++) {
          want[i] = wantF[(int) at[i]];
        }
        assertArrayEquals(want, (float[]) floats.read(slab.selection()), "floats " + slab);
        SlabModel s2 = SlabModel.random(rnd, shorts.shape());
        long[] at2 = s2.datasetIndexes(shorts.shape());
        short[] want2 = new short[at2.length];
        for (int i = 0; i < at2.length; i++) {
          want2[i] = wantS[(int) at2[i]];
        }
        assertArrayEquals(want2, (short[]) shorts.read(s2.selection()), "shorts " + s2);
      }
    }
  }
}
