package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
 * libhdf5 (through h5py) writes chunked datasets of random shapes, chunk shapes, max shapes,
 * filters and formats, some chunks left unwritten; h5j reads them whole and in random
 * hyperslabs and must find what a model of the written values predicts.
 */
@OracleTest
class ChunkedReadOracleTest {
  private static final String SCRIPT = String.join("\n",
      "import h5py, json, sys, numpy as np",
      "rnd = np.random.default_rng(int(sys.argv[2]))",
      "out = []",
      "for libver in ('earliest', 'latest'):",
      "  path = sys.argv[1] + '_' + libver + '.h5'",
      "  with h5py.File(path, 'w', libver=libver) as f:",
      "    for i in range(12):",
      "      rank = int(rnd.integers(1, 4))",
      "      shape = [int(rnd.integers(1, 12)) for _ in range(rank)]",
      "      chunks = [int(rnd.integers(1, 6)) for _ in range(rank)]",
      "      maxshape = [None if rnd.random() < 0.3 else s for s in shape]",
      "      chunks = [c if m is None else min(c, m) for c, m in zip(chunks, maxshape)]",
      "      kind = ['none', 'gzip', 'shuffle', 'fletcher32', 'lzf', 'scaleoffset'][i % 6]",
      "      kw = dict(chunks=tuple(chunks), maxshape=tuple(maxshape), dtype='<i4', fillvalue=-1)",
      "      if kind == 'gzip': kw.update(compression='gzip', compression_opts=4)",
      "      if kind == 'shuffle': kw.update(compression='gzip', shuffle=True)",
      "      if kind == 'fletcher32': kw.update(fletcher32=True)",
      "      if kind == 'lzf': kw.update(compression='lzf')",
      "      if kind == 'scaleoffset': kw.update(scaleoffset=0)",
      "      name = 'd%d' % i",
      "      ds = f.create_dataset(name, shape=tuple(shape), **kw)",
      "      full = (np.arange(int(np.prod(shape)), dtype='<i4') % 997).reshape(shape)",
      "      region = tuple(slice(0, int(rnd.integers(1, s + 1))) for s in shape)",
      "      ds[region] = full[region]",
      "      out.append(dict(file=path, name=name, shape=shape,",
      "                      written=[r.stop for r in region]))",
      "print(json.dumps(out))");

  @TempDir
  Path dir;

  @Test
  void h5jReadsWhatLibhdf5WroteInAnyHyperslab() throws Exception {
    long seed = 20261129L;
    JsonNode sets = new ObjectMapper().readTree(Oracles.python(SCRIPT,
        dir.resolve("chunked").toString(), Long.toString(seed)));
    Random rnd = new Random(seed);
    for (JsonNode set : sets) {
      try (H5File f = H5File.open(Path.of(set.get("file").asText()))) {
        Dataset d = f.dataset(set.get("name").asText());
        int rank = set.get("shape").size();
        long[] dims = new long[rank];
        long[] written = new long[rank];
        for (int k = 0; k < rank; k++) {
          dims[k] = set.get("shape").get(k).asLong();
          written[k] = set.get("written").get(k).asLong();
        }
        String where = set.get("file").asText() + ":" + set.get("name").asText() + " "
            + d.layout();
        SlabModel whole = new SlabModel(new long[rank], ones(rank), ones(rank), dims);
        assertArrayEquals(model(whole, dims, written), (int[]) d.read(), where);
        for (int round = 0; round < 20; round++) {
          SlabModel slab = SlabModel.random(rnd, dims);
          int[] want = model(slab, dims, written);
          assertArrayEquals(want, (int[]) d.read(slab.selection()), where + " " + slab);
          assertArrayEquals(want, viaBuffer(d, slab), where + " into a buffer " + slab);
        }
      }
    }
  }

  /** The same selection read as stored bytes into a direct buffer ('<i4' here). */
  static int[] viaBuffer(Dataset d, SlabModel slab) throws java.io.IOException {
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocateDirect(4 * slab.elementCount() + 3);
    buf.position(3); // an offset start, to catch position mistakes
    d.read(slab.selection(), buf);
    org.junit.jupiter.api.Assertions.assertEquals(buf.capacity(), buf.position());
    int[] out = new int[slab.elementCount()];
    buf.position(3);
    buf.slice().order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
    return out;
  }

  private static long[] ones(int rank) {
    long[] a = new long[rank];
    java.util.Arrays.fill(a, 1);
    return a;
  }

  /** Values: index % 997 inside the written corner, the fill value -1 elsewhere. */
  private static int[] model(SlabModel slab, long[] dims, long[] written) {
    long[] at = slab.datasetIndexes(dims);
    int[] out = new int[at.length];
    for (int i = 0; i < at.length; i++) {
      long rest = at[i];
      boolean inside = true;
      for (int k = dims.length - 1; k >= 0; k--) {
        inside &= rest % dims[k] < written[k];
        rest /= dims[k];
      }
      out[i] = inside ? (int) (at[i] % 997) : -1;
    }
    return out;
  }
}
