package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.testing.VersionedHdf5Peers.Peer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * h5j's atomic commits rebuild a small chunk index of the durable state (the v1 B-trees of a
 * file versioned-hdf5 wrote) at every commit that changes it, and the index of a growable
 * dataset of 64 chunks or more once, as a v2 B-tree, which later commits edit path by path.
 * versioned-hdf5 (each peer, through libhdf5) then reads every version, commits on top of
 * h5j's versions (writing into the rebuilt and the edited indexes), and h5j reads that.
 */
@OracleTest
class PeersCommitAfterH5jTest {
  @TempDir
  Path dir;

  /** versioned-hdf5 commits v6 on v5 (a new chunk, a grown dataset) and prints every version. */
  private static final String PEER_COMMITS = String.join("\n",
      "import sys, hashlib, h5py, numpy as np",
      "from versioned_hdf5 import VersionedHDF5File",
      "def digests(vf):",
      "    out = []",
      "    for v in sorted(vf._versions):",
      "        if v == '__first_version__':",
      "            continue",
      "        g = vf[v]",
      "        for name in ['grid', 'more']:",
      "            if name in g:",
      "                a = np.ascontiguousarray(g[name][()])",
      "                out.append('%s:%s %s %s' % (v, name, a.shape,",
      "                                            hashlib.sha256(a.tobytes()).hexdigest()[:16]))",
      "    return out",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    vf = VersionedHDF5File(f)",
      "    before = digests(vf)",
      "    with vf.stage_version('v6', 'v5') as g:",
      "        g['grid'][0, 0:3] = [-7, -8, -9]",
      "        m = g['more']",
      "        m.resize((m.shape[0] + 5,))",
      "        m[-5:] = 3.5",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    print('\\n'.join(before))",
      "    print('--')",
      "    print('\\n'.join(digests(VersionedHDF5File(f))))");

  @ParameterizedTest
  @EnumSource(Peer.class)
  void peersReadAndWriteWhatH5jRebuilt(Peer peer) throws Exception {
    Path f = dir.resolve("smoke.h5");
    Files.copy(Fixtures.dir().resolve("versioned-hdf5").resolve("smoke-2.4.1.dev-5389a78.h5"), f);
    try (VersionedFile vf = VersionedFile.open(f)) {
      vf.commit("v4", "v3", s -> {
        s.write("grid", new long[] {4, 0}, new long[] {4, 3}, new int[] {1, 2, 3, 4, 5, 6,
            7, 8, 9, 10, 11, 12});
        double[] many = new double[5000];
        for (int i = 0; i < many.length; i++) {
          many[i] = i + 0.5; // all distinct: one raw_data slot each
        }
        s.createDataset("more", io.h5j.DatasetSpec.of(many).chunks(1));
      });
      // the second commit edits the indexes the first one rebuilt
      vf.commit("v5", "v4", s -> {
        s.resize("grid", 14, 7);
        s.write("grid", new long[] {12, 0}, new long[] {2, 7}, new int[14]);
        s.write("more", new long[] {6}, new long[] {1}, new double[] {70});
      });
    }
    assertEquals("0 5", io.h5j.testing.Oracles.python(io.h5j.testing.Oracles.PY_LIBHDF5
        + String.join("\n",
        "import sys, h5py",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    kinds = []",
        "    for name in ['grid/raw_data', 'more/raw_data']:",
        "        d, index = f['_version_data/' + name], ctypes.c_int()",
        "        assert hdf5().H5Dget_chunk_index_type(ctypes.c_int64(d.id.id),",
        "                                              ctypes.byref(index)) >= 0",
        "        kinds.append(str(index.value))",
        "    print(' '.join(kinds))"), f.toString()).strip(),
        "grid's raw_data keeps a v1 B-tree (H5D_CHUNK_IDX_BTREE), more's has a v2 B-tree"
            + " (H5D_CHUNK_IDX_BT2)");
    String expectedBefore = digests(f, "v1", "v2", "v3", "v4", "v5");
    String[] out = VersionedHdf5Peers.python(peer, PEER_COMMITS, f.toString()).strip()
        .split("\n--\n");
    assertEquals(expectedBefore, out[0].strip(), "versioned-hdf5 reads h5j's versions");
    assertEquals(digests(f, "v1", "v2", "v3", "v4", "v5", "v6"), out[1].strip(),
        "h5j reads versioned-hdf5's commit on top of them");
  }

  /** h5j's own reading, in the peer script's format. */
  private static String digests(Path f, String... versions) throws Exception {
    StringBuilder b = new StringBuilder();
    try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
      for (String v : versions) {
        VersionView view = vf.version(v);
        for (String name : new String[] {"grid", "more"}) {
          if (!view.contains(name)) {
            continue;
          }
          long[] shape = view.shape(name);
          StringBuilder s = new StringBuilder("(");
          for (int i = 0; i < shape.length; i++) {
            s.append(shape[i]).append(shape.length == 1 ? "," : i + 1 < shape.length ? ", " : "");
          }
          s.append(")");
          String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest
              .getInstance("SHA-256").digest(view.readBytes(name))).substring(0, 16);
          b.append(v).append(':').append(name).append(' ').append(s).append(' ').append(sha)
              .append('\n');
        }
      }
    }
    return b.toString().strip();
  }
}
