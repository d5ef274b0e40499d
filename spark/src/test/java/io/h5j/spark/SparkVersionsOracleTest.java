package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.testing.VersionedHdf5Peers.Peer;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source {@code hdf5-versions} lists what versioned-hdf5 itself lists of a file: each
 * version's name, parent, commit time and datasets, for a file the peer writes here (with a
 * branch) and for the fixture versioned-hdf5 wrote.
 */
@OracleTest
class SparkVersionsOracleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Commits v1; v2 (adds sub/nested) on v1; v3 on v1 again, a branch. */
  private static final String WRITE = String.join("\n",
      "import h5py, numpy as np, sys",
      "from versioned_hdf5 import VersionedHDF5File",
      "with h5py.File(sys.argv[1], 'w') as f:",
      "    vf = VersionedHDF5File(f)",
      "    with vf.stage_version('v1') as g:",
      "        g.create_dataset('grid', data=np.arange(12).reshape(3, 4), chunks=(2, 2))",
      "    with vf.stage_version('v2') as g:",
      "        g['grid'][0, 0] = 5",
      "        g.create_dataset('sub/nested', data=np.arange(5.0), chunks=(2,))",
      "    with vf.stage_version('v3', prev_version='v1') as g:",
      "        g['grid'][1, 1] = 7", "");
  /** Prints {version: {parent, micros, datasets}} as versioned-hdf5 reads them. */
  private static final String LIST = String.join("\n",
      "import h5py, json, sys, datetime",
      "from versioned_hdf5 import VersionedHDF5File",
      "from versioned_hdf5.versions import all_versions",
      "def walk(g, prefix, out):",
      "    for k in g:",
      "        o = g[k]",
      "        if hasattr(o, 'keys'): walk(o, prefix + k + '/', out)",
      "        else: out.append(prefix + k)",
      "    return out",
      "epoch = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)",
      "out = {}",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    vf = VersionedHDF5File(f)",
      "    for n in all_versions(f):",
      "        a = vf[n].attrs",
      "        t = datetime.datetime.strptime(a['timestamp'], '%Y-%m-%d %H:%M:%S.%f%z')",
      "        out[n] = {'parent': a['prev_version'], 'micros': (t - epoch) //"
          + " datetime.timedelta(microseconds=1), 'datasets': sorted(walk(vf[n], '', []))}",
      "print(json.dumps(out))");

  @Test
  void aFileThePeerWroteListsAsThePeerListsIt(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("branched.h5");
    VersionedHdf5Peers.python(Peer.DEB, WRITE, file.toString());
    assertSameAsPeer(file, 3);
  }

  @Test
  void theFixtureListsAsThePeerListsIt() throws Exception {
    assertSameAsPeer(Fixtures.dir().resolve("versioned-hdf5/smoke-2.4.1.dev-5389a78.h5"), 3);
  }

  @Test
  void aReadWithoutAVersionReadsTheCurrentOneAsThePeerDoes(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("branched.h5");
    VersionedHdf5Peers.python(Peer.DEB, WRITE, file.toString());
    String peer = VersionedHdf5Peers.python(Peer.DEB, String.join("\n",
        "import h5py, sys",
        "from versioned_hdf5 import VersionedHDF5File",
        "with h5py.File(sys.argv[1], 'r') as f:",
        "    vf = VersionedHDF5File(f)",
        "    print(' '.join(str(int(x)) for x in vf[vf.current_version]['grid'][()].ravel()))"),
        file.toString()).strip();
    List<Row> rows = TestSpark.session().read().format("hdf5").option("dataset", "/grid")
        .load(file.toString()).orderBy("i0", "i1").collectAsList();
    List<String> values = new ArrayList<>();
    for (Row r : rows) {
      values.add(String.valueOf(((Number) r.get(2)).longValue()));
    }
    assertEquals(peer, String.join(" ", values), "the current version (v3: grid[1, 1] = 7)");
  }

  @Test
  void aPlainFileFailsNamingIt(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("plain.h5");
    io.h5j.testing.Oracles.python(String.join("\n", "import h5py, sys",
        "with h5py.File(sys.argv[1], 'w') as f:", "    f['x'] = [1, 2]", ""), file.toString());
    Exception e = assertThrows(Exception.class, () -> versions(file).collectAsList());
    assertTrue(e.getMessage().contains("plain.h5"), e.getMessage());
  }

  private static Dataset<Row> versions(Path file) {
    return TestSpark.session().read().format("hdf5-versions").load(file.toString());
  }

  private static void assertSameAsPeer(Path file, int count) throws Exception {
    JsonNode want = JSON.readTree(VersionedHdf5Peers.python(Peer.DEB, LIST, file.toString()));
    Dataset<Row> df = versions(file);
    assertEquals("struct<name:string,parent:string,timestamp:timestamp,datasets:array<string>>",
        df.schema().simpleString());
    List<Row> rows = df.collectAsList();
    assertEquals(count, want.size(), want.toString());
    assertEquals(want.size(), rows.size(), rows.toString());
    Instant last = Instant.MIN;
    for (Row r : rows) {
      JsonNode v = want.get(r.getString(0));
      assertTrue(v != null, r.getString(0) + " is no version the peer lists: " + want);
      String parent = v.get("parent").asText();
      if (parent.equals("__first_version__")) {
        assertNull(r.get(1), r.toString());
      } else {
        assertEquals(parent, r.getString(1), r.toString());
      }
      Instant t = ((Timestamp) r.get(2)).toInstant();
      assertEquals(v.get("micros").asLong(), ChronoUnit.MICROS.between(Instant.EPOCH, t),
          r.toString());
      assertTrue(!t.isBefore(last), "not oldest first: " + rows);
      last = t;
      List<String> datasets = new ArrayList<>(r.getList(3));
      datasets.sort(null);
      List<String> peers = new ArrayList<>();
      for (Iterator<JsonNode> it = v.get("datasets").elements(); it.hasNext(); ) {
        peers.add(it.next().asText());
      }
      assertEquals(peers, datasets, r.getString(0));
    }
  }
}
