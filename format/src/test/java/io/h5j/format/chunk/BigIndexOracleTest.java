package io.h5j.format.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Large indexes made by libhdf5 (h5py): a paged fixed array with uninitialised pages, an
 * extensible array reaching paged data blocks in super blocks with holes, v2 B-trees of
 * several levels, multi-level v1 B-trees, each also with gzip (filtered entries).
 */
@OracleTest
class BigIndexOracleTest {
  @TempDir
  static Path dir;
  static Path latest;
  static Path earliest;

  private static final String MAKE = String.join("\n",
      "import sys, numpy as np, h5py",
      "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
      "    for gz in (None, 'gzip'):",
      "        s = '_gz' if gz else ''",
      "        d = f.create_dataset('fa' + s, (60, 50), 'i2', chunks=(1, 1), compression=gz)",
      "        d[0:5] = 1; d[50:60] = np.arange(500).reshape(10, 50)",
      "        d = f.create_dataset('ea' + s, (3000,), 'i1', maxshape=(None,), chunks=(1,), compression=gz)",
      "        d[0:100] = 1; d[2000:3000] = 2",
      "        d = f.create_dataset('ea_dim1' + s, (3, 1000), 'i4', maxshape=(4, None), chunks=(1, 1), compression=gz)",
      "        d[:, 0:300] = 5; d[1, 600:1000] = 6",
      "        d = f.create_dataset('bt2' + s, (40, 40), 'f8', maxshape=(None, None), chunks=(1, 1), compression=gz)",
      "        d[::3] = np.arange(40.0)",
      "with h5py.File(sys.argv[2], 'w') as f:",
      "    for gz in (None, 'gzip'):",
      "        s = '_gz' if gz else ''",
      "        d = f.create_dataset('bt1' + s, (40, 40), 'i4', chunks=(1, 1), compression=gz)",
      "        d[::2] = np.arange(40)",
      "        d[1::4, 20:] = 7");

  @BeforeAll
  static void make() throws Exception {
    latest = dir.resolve("big_latest.h5");
    earliest = dir.resolve("big_earliest.h5");
    Oracles.python(MAKE, latest.toString(), earliest.toString());
  }

  @ParameterizedTest
  @CsvSource({"fa,false,Fixed", "fa_gz,true,Fixed", "ea,false,Extensible", "ea_gz,true,Extensible",
"bt2,false,BTreeV2",
      "bt2_gz,true,BTreeV2", "bt1,false,BTreeV1", "bt1_gz,true,BTreeV1"})
  void bigIndexMatchesLibhdf5(String path, boolean filtered, String kind) throws Exception {
    Path file = path.startsWith("bt1") ? earliest : latest;
    Map<String, TreeSet<String>> truth = ChunkTruth.oracleByCoord(file, List.of(path));
    try (ChunkTruth.Opened f = ChunkTruth.Opened.of(file)) {
      ChunkIndex idx = f.index(path, filtered);
      assertTrue(idx.getClass().getSimpleName().startsWith(kind), idx.getClass().getName());
      List<ChunkRecord> all = ChunkTruth.all(idx);
      assertTrue(truth.get(path).size() > 500, "oracle found " + truth.get(path).size());
      assertEquals(truth.get(path), ChunkTruth.lines(all));
      assertEquals(all.size(), idx.count());
      ChunkIndexFixtureTest.checkFind(idx, all, path);
    }
  }

  /**
   * An extensible array whose unlimited dimension is not the first. libhdf5 1.10.8 reports
   * wrong chunk offsets for these through H5Dget_chunk_info (its iteration counts over the
   * unswizzled grid) and H5Dget_chunk_info_by_coord, so the truth here is the data: every
   * chunk h5j lists must hold the value h5py reads at its offset, and the chunks must be
   * exactly the cells h5py reads as non-zero (all written values are non-zero).
   */
  @ParameterizedTest
  @ValueSource(strings = {"ea_dim1", "ea_dim1_gz"})
  void swizzledExtensibleArrayHoldsTheData(String path) throws Exception {
    String out = Oracles.python("import sys, h5py\n"
        + "print(' '.join(str(v) for v in h5py.File(sys.argv[1], 'r')[sys.argv[2]][...].ravel()))",
        latest.toString(), path);
    String[] values = out.trim().split(" ");
    try (ChunkTruth.Opened f = ChunkTruth.Opened.of(latest)) {
      ChunkIndex idx = f.index(path, path.endsWith("_gz"));
      long[] shape = f.file().dataset(path).shape();
      java.util.Set<Long> nonZero = new java.util.HashSet<>();
      for (int i = 0; i < values.length; i++) {
        if (!values[i].equals("0")) {
          nonZero.add((long) i);
        }
      }
      java.util.Set<Long> listed = new java.util.HashSet<>();
      List<ChunkRecord> all = ChunkTruth.all(idx);
      for (ChunkRecord c : all) {
        long[] o = c.offset();
        long cell = o[0] * shape[1] + o[1];
        listed.add(cell);
        byte[] stored = f.fa().read(c.address(), c.storedSize(), "chunk");
        byte[] raw = path.endsWith("_gz") ? inflate(stored) : stored;
        int v = java.nio.ByteBuffer.wrap(raw).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        assertEquals(values[(int) cell], Integer.toString(v), c.toString());
      }
      assertEquals(nonZero, listed);
      ChunkIndexFixtureTest.checkFind(idx, all, path);
    }
  }

  private static byte[] inflate(byte[] in) throws Exception {
    java.util.zip.Inflater inf = new java.util.zip.Inflater();
    inf.setInput(in);
    byte[] out = new byte[64];
    int n = inf.inflate(out);
    inf.end();
    return java.util.Arrays.copyOf(out, n);
  }
}
