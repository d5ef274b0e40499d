package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.testing.OracleTest;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.testing.VersionedHdf5Peers.Peer;
import io.h5j.type.Datatypes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A dataset a version leaves unchanged is a second hard link to its parent's object (see
 * {@link VersionedFile#shareUnchanged}). Each versioned-hdf5 peer, through libhdf5, reads every
 * version of such a file, sees the link counts, commits a version on it, deletes versions
 * whose objects later versions share, and reads what is left; h5j then reads that, commits a
 * version sharing the peer's objects (libhdf5's version 1 headers), and the peer reads it.
 * Every expected value comes from the test's own model of the data.
 */
@OracleTest
class SharedDatasetPeersTest {
  @TempDir
  Path dir;

  private static final List<String> NAMES = List.of("a", "b", "grp/c");

  /** The peer scripts' functions: each version's digests, an object's link count. */
  private static final String COMMON = String.join("\n",
      "import sys, hashlib, h5py, numpy as np",
      "from versioned_hdf5 import VersionedHDF5File, delete_versions",
      "NAMES = " + NAMES.toString().replace("[", "['").replace("]", "']")
          .replace(", ", "', '"),
      "def digests(f):",
      "    vf = VersionedHDF5File(f)",
      "    out = []",
      "    for v in sorted(k for k in f['_version_data/versions'] if k != '__first_version__'):",
      "        g = vf[v]",
      "        for n in NAMES:",
      "            a = np.ascontiguousarray(g[n][()]).astype('<i8')",
      "            note = g[n].attrs.get('note', '-')",
      "            note = note.decode() if isinstance(note, bytes) else str(note)",
      "            out.append('%s:%s %s %s %s' % (v, n, 'x'.join(map(str, a.shape)),",
      "                       hashlib.sha256(a.tobytes()).hexdigest()[:16], note))",
      "    return out",
      "def rc(f, path):",
      "    return h5py.h5o.get_info(f['_version_data/versions/' + path].id).rc",
      "");

  /** Prints the digests of every version (argv 2: the stage), after doing that stage's work. */
  private static final String PEER = COMMON + String.join("\n",
      "stage = sys.argv[2]",
      "with h5py.File(sys.argv[1], 'r+' if stage == 'change' else 'r') as f:",
      "    if stage == 'change':",
      "        print(' '.join(str(rc(f, p)) for p in ['v2/a', 'v1/b', 'v3/b', 'v1/grp/c',",
      "                                                'v4/grp/c']))",
      "        print('\\n'.join(digests(f)))",
      "        with VersionedHDF5File(f).stage_version('v5', 'v4') as g:",
      "            g['a'][1, 1] = 7",
      "        delete_versions(f, ['v1', 'v3'])",
      "    else:",
      "        print('\\n'.join(digests(f)))");

  /** The model: each version's datasets as flat values and shapes, and c's note. */
  private final Map<String, Map<String, long[]>> model = new TreeMap<>();
  private final Map<String, String> notes = new TreeMap<>();

  @ParameterizedTest
  @EnumSource(Peer.class)
  void peerReadsCommitsOnAndDeletesSharedVersions(Peer peer) throws Exception {
    VersionedHdf5Peers.require(peer);
    Path f = dir.resolve("shared.h5");
    writeFourVersions(f);
    String[] out = VersionedHdf5Peers.python(peer, PEER, f.toString(), "change").strip()
        .split("\n", 2);
    assertEquals("3 2 2 3 1", out[0], "libhdf5's link counts of v2/a, v1/b, v3/b, v1/grp/c,"
        + " v4/grp/c");
    assertEquals(expected("v1", "v2", "v3", "v4"), out[1].strip(),
        "versioned-hdf5 reads every version");
    model.put("v5", with(model.get("v4"), "a", 11, 7));
    notes.put("v5", "changed");
    // read in a new process: versioned-hdf5 1.7.0 reads stale chunks in the session that
    // deleted versions (on files it wrote itself too); the file is right
    assertEquals(expected("v2", "v4", "v5"),
        VersionedHdf5Peers.python(peer, PEER, f.toString(), "read").strip(),
        "versioned-hdf5 commits v5, then deletes v1 and v3 (whose objects v2 and v4 shared)");
    assertEquals(expected("v2", "v4", "v5"), h5jDigests(f, "v2", "v4", "v5"),
        "h5j reads what versioned-hdf5 left");
    try (VersionedFile vf = VersionedFile.open(f)) {
      vf.commit("v6", "v5", s -> s.write("grp/c", new long[] {0}, new long[] {1},
          new long[] {-5}));
    }
    model.put("v6", with(model.get("v5"), "grp/c", 0, -5));
    notes.put("v6", "changed");
    try (H5File h = H5File.open(f)) {
      assertEquals(h.dataset("/_version_data/versions/v5/a").address(),
          h.dataset("/_version_data/versions/v6/a").address(), "v6 links v5's (libhdf5's) a");
    }
    assertEquals(expected("v2", "v4", "v5", "v6"),
        VersionedHdf5Peers.python(peer, PEER, f.toString(), "read").strip(),
        "versioned-hdf5 reads h5j's v6, which shares objects libhdf5 wrote");
  }

  /**
   * After h5j deleted versions: libhdf5's count of every object in the version groups against
   * the hard links that reach it there (argv 2: "none" or the mismatches), which of argv 3..
   * share an object (one letter per object, in order of first sight), the digests of every
   * version; then a commit of v5 on v4 and versioned-hdf5's deletion of v2.
   */
  private static final String PEER_AFTER_DELETE = COMMON + String.join("\n",
      "with h5py.File(sys.argv[1], 'r+') as f:",
      "    links, counts = {}, {}",
      "    def visit(g):",
      "        for n in g:",
      "            if isinstance(g.get(n, getlink=True), h5py.HardLink):",
      "                o = g[n]",
      "                i = h5py.h5o.get_info(o.id)",
      "                links[i.addr] = links.get(i.addr, 0) + 1",
      "                counts[i.addr] = (i.rc, o.name)",
      "                if isinstance(o, h5py.Group) and links[i.addr] == 1:",
      "                    visit(o)",
      "    visit(f['_version_data/versions'])",
      "    bad = ['%s rc %d, %d links' % (p, r, links[a]) for a, (r, p) in counts.items()",
      "           if r != links[a]]",
      "    print('; '.join(bad) or 'none')",
      "    letters = {}",
      "    for p in sys.argv[2:]:",
      "        a = h5py.h5o.get_info(f['_version_data/versions/' + p].id).addr",
      "        letters.setdefault(a, chr(ord('A') + len(letters)))",
      "    print(' '.join(letters[h5py.h5o.get_info(f['_version_data/versions/' + p].id).addr]",
      "                   for p in sys.argv[2:]))",
      "    print('\\n'.join(digests(f)))",
      "    with VersionedHDF5File(f).stage_version('v5', 'v4') as g:",
      "        g['a'][2, 2] = 5",
      "    delete_versions(f, ['v2'])");

  @ParameterizedTest
  @EnumSource(Peer.class)
  void h5jDeletesVersionsKeepingSharedObjectsAndTheirCounts(Peer peer) throws Exception {
    VersionedHdf5Peers.require(peer);
    Path f = dir.resolve("deleted.h5");
    writeFourVersions(f);
    try (VersionedFile vf = VersionedFile.open(f)) {
      // v1's a goes (v2 changed a chunk of it), so a's raw_data is compacted and re-mapped
      vf.deleteVersions("v1");
    }
    String[] paths = {"v2/a", "v3/a", "v4/a", "v2/b", "v3/b", "v4/b", "v2/grp/c", "v3/grp/c",
        "v4/grp/c"};
    String[] args = new String[paths.length + 1];
    args[0] = f.toString();
    System.arraycopy(paths, 0, args, 1, paths.length);
    String[] out = VersionedHdf5Peers.python(peer, PEER_AFTER_DELETE, args).strip()
        .split("\n", 3);
    assertEquals("none", out[0], "every object's count is the number of links reaching it");
    assertEquals("A A A B C C D D E", out[1], "v2-v4 still share a (re-mapped once), v3-v4 b,"
        + " v2-v3 c");
    assertEquals(expected("v2", "v3", "v4"), out[2].strip(), "versioned-hdf5 reads them");
    model.put("v5", with(model.get("v4"), "a", 22, 5));
    notes.put("v5", "changed");
    assertEquals(expected("v3", "v4", "v5"),
        VersionedHdf5Peers.python(peer, PEER, f.toString(), "read").strip(),
        "versioned-hdf5 commits v5 on h5j's result and deletes v2");
    assertEquals(expected("v3", "v4", "v5"), h5jDigests(f, "v3", "v4", "v5"));
  }

  @Test
  void unchangedDatasetsAreLinksAndChangedOnesCopies() throws Exception {
    Path f = dir.resolve("links.h5");
    writeFourVersions(f);
    try (H5File h = H5File.open(f)) {
      assertEquals(address(h, "v2/a"), address(h, "v4/a"), "a: v3 and v4 share v2's");
      assertEquals(address(h, "v1/grp/c"), address(h, "v3/grp/c"), "c: v2 and v3 share v1's");
      assertNotEquals(address(h, "v1/a"), address(h, "v2/a"), "a changed in v2");
      assertNotEquals(address(h, "v3/grp/c"), address(h, "v4/grp/c"),
          "c's attribute changed in v4");
    }
    assertEquals(expected("v1", "v2", "v3", "v4"), h5jDigests(f, "v1", "v2", "v3", "v4"));
  }

  @Test
  void sharingCanBeTurnedOff() throws Exception {
    Path f = dir.resolve("copies.h5");
    try (VersionedFile vf = VersionedFile.create(f).shareUnchanged(false)) {
      vf.commit("v1", null, s -> s.createDataset("a", DatasetSpec.of(new long[] {1, 2, 3})));
      vf.commit("v2", "v1", s -> s.setAttribute("", "why", "nothing changed"));
    }
    try (H5File h = H5File.open(f)) {
      assertNotEquals(address(h, "v1/a"), address(h, "v2/a"));
    }
  }

  private static long address(H5File h, String path) throws Exception {
    return h.dataset("/_version_data/versions/" + path).address();
  }

  private void writeFourVersions(Path f) throws Exception {
    long[] a = new long[100];
    long[] b = new long[20];
    long[] c = new long[12];
    for (int i = 0; i < a.length; i++) {
      a[i] = i;
    }
    for (int i = 0; i < b.length; i++) {
      b[i] = 100 + i;
    }
    for (int i = 0; i < c.length; i++) {
      c[i] = 1000 + i;
    }
    try (VersionedFile vf = VersionedFile.create(f)) {
      vf.commit("v1", null, s -> {
        s.createDataset("a", DatasetSpec.empty(Datatypes.INT64, 10, 10).chunks(4, 4));
        s.write("a", a);
        s.createDataset("b", DatasetSpec.of(b).chunks(5));
        s.createDataset("grp/c", DatasetSpec.of(c).chunks(4));
      });
      vf.commit("v2", "v1", s -> s.write("a", new long[] {0, 0}, new long[] {1, 1},
          new long[] {-1}));
      vf.commit("v3", "v2", s -> s.write("b", new long[] {3}, new long[] {1},
          new long[] {99}));
      vf.commit("v4", "v3", s -> s.setAttribute("grp/c", "note", "changed"));
    }
    model.put("v1", Map.of("a", a, "b", b, "grp/c", c));
    model.put("v2", with(model.get("v1"), "a", 0, -1));
    model.put("v3", with(model.get("v2"), "b", 3, 99));
    model.put("v4", model.get("v3"));
    notes.put("v1", "-");
    notes.put("v2", "-");
    notes.put("v3", "-");
    notes.put("v4", "changed");
  }

  private static Map<String, long[]> with(Map<String, long[]> before, String name, int at,
      long value) {
    Map<String, long[]> m = new TreeMap<>(before);
    long[] v = m.get(name).clone();
    v[at] = value;
    m.put(name, v);
    return m;
  }

  /** The model's lines, in the peer script's format. */
  private String expected(String... versions) throws Exception {
    StringBuilder sb = new StringBuilder();
    for (String v : versions) {
      for (String n : NAMES) {
        long[] x = model.get(v).get(n);
        String shape = n.equals("a") ? "10x10" : String.valueOf(x.length);
        sb.append(v).append(':').append(n).append(' ').append(shape).append(' ')
            .append(sha(x)).append(' ').append(n.equals("grp/c") ? notes.get(v) : "-")
            .append('\n');
      }
    }
    return sb.toString().strip();
  }

  private static String sha(long[] x) throws Exception {
    ByteBuffer bb = ByteBuffer.allocate(x.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    for (long l : x) {
      bb.putLong(l);
    }
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bb.array()))
        .substring(0, 16);
  }

  /** h5j's reading of the versions, in the same format. */
  private String h5jDigests(Path f, String... versions) throws Exception {
    StringBuilder sb = new StringBuilder();
    try (VersionedFile vf = VersionedFile.openReadOnly(f)) {
      for (String v : versions) {
        VersionView view = vf.version(v);
        for (String n : NAMES) {
          long[] x = (long[]) view.read(n);
          long[] shape = view.shape(n);
          Object note = view.attributes(n).get("note");
          sb.append(v).append(':').append(n).append(' ')
              .append(shape.length == 2 ? shape[0] + "x" + shape[1] : String.valueOf(shape[0]))
              .append(' ').append(sha(x)).append(' ').append(note == null ? "-" : note)
              .append('\n');
        }
      }
    }
    return sb.toString().strip();
  }
}
