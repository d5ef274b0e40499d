package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.rand;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.testing.VersionedHdf5Peers.Peer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18 for {@code option("version", ...)} on a local file, by simulation: the write of a
 * version is recorded ({@link RecordedWrites}) and replayed into every kill state and random
 * power-cut states ({@link FolderCrashStates}); in each, versioned-hdf5 (on libhdf5 1.10.8,
 * one process for all states) reads either the versions before, each with its values, or
 * those and the new one; a file that did not exist is absent or holds the new version.
 */
@OracleTest
class SparkVersionedWriteCrashTest {
  /**
   * Judges the states a manifest lists: one line per state, "ok" when the versions (their
   * dataset's values, and which is current) are one of the outcomes, else what they are.
   */
  private static final String JUDGE = String.join("\n",
      "import h5py, json, os, sys",
      "from versioned_hdf5 import VersionedHDF5File",
      "m = json.load(open(sys.argv[1]))",
      "for s in m['states']:",
      "    try:",
      "        with h5py.File(os.path.join(s['dir'], m['target']), 'r') as f:",
      "            vf = VersionedHDF5File(f)",
      "            got = {v: vf[v][m['dataset']][()].tolist()",
      "                   for v in f['_version_data/versions'] if v != '__first_version__'}",
      "            got['current'] = vf.current_version",
      "        if got in m['outcomes'].values():",
      "            print('ok')",
      "        else:",
      "            print('%s: shows %s' % (s['label'], json.dumps(got)))",
      "    except Exception as e:",
      "        print('%s: %s' % (s['label'], str(e).replace('\\n', ' ')))");

  @TempDir Path dir;

  /** v1: 40 values, 2i + 1. */
  private static final double[] V1 = values(0, 40, 2, 1, null);
  /** v2: elements 10..46 written as 3i - 1 (a longer dataset), the first ten v1's. */
  private static final double[] V2 = values(10, 47, 3, -1, V1);

  private static double[] values(int from, int to, int times, int plus, double[] parent) {
    double[] v = new double[to];
    for (int i = 0; i < to; i++) {
      v[i] = i < from ? parent[i] : (double) i * times + plus;
    }
    return v;
  }

  @Test
  void aVersionAddedToAFileLeavesTheVersionsBeforeOrAfter() throws Exception {
    VersionedHdf5Peers.require(Peer.DEB);
    Path folder = Files.createDirectory(dir.resolve("w"));
    Path target = folder.resolve("v.h5");
    write(target, "v1", 0, 40, 2, 1);
    FolderLog log = RecordedWrites.record(folder, () -> write(target, "v2", 10, 47, 3, -1));
    judge(log, false, Map.of("old", Map.of("v1", V1, "current", "v1"),
        "new", Map.of("v1", V1, "v2", V2, "current", "v2")));
  }

  @Test
  void theFirstVersionOfANewFileIsAbsentOrComplete() throws Exception {
    VersionedHdf5Peers.require(Peer.DEB);
    Path folder = Files.createDirectory(dir.resolve("w"));
    Path target = folder.resolve("v.h5");
    FolderLog log = RecordedWrites.record(folder, () -> write(target, "v1", 0, 40, 2, 1));
    judge(log, true, Map.of("new", Map.of("v1", V1, "current", "v1")));
  }

  /**
   * Judges every crash state of {@code log}: an absent target only where the file was
   * {@code fresh}, else versioned-hdf5 reads one of {@code outcomes}.
   */
  private void judge(FolderLog log, boolean fresh, Map<String, Object> outcomes)
      throws Exception {
    long t0 = System.nanoTime();
    List<FolderCrashStates.State> states = CrashStateFolders.of(log);
    CrashStateFolders folders = new CrashStateFolders(dir);
    List<String> problems = new ArrayList<>();
    for (FolderCrashStates.State s : states) {
      FolderImage image = s.image();
      if (image.bytes("v.h5") != null) {
        folders.add(s, image, "either");
      } else if (!fresh) {
        problems.add(s.label() + ": the versioned file is gone");
      }
    }
    assertEquals(List.of(), problems, states.size() + " crash states of " + log.operations()
        .size() + " operations");
    long t1 = System.nanoTime();
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("target", "v.h5");
    fields.put("dataset", "x");
    fields.put("outcomes", outcomes);
    Oracles.assertAllOk(VersionedHdf5Peers.python(Peer.DEB, JUDGE,
        folders.manifest(fields).toString()), folders.size(),
        "crash states with a versioned file, read by versioned-hdf5");
    System.out.printf("%s: %d operations, %d crash states (%d with the file) replayed in %.1f s,"
        + " judged by versioned-hdf5 in %.1f s%n", fresh ? "first version of a new file"
        : "version added", log.operations().size(), states.size(), folders.size(),
        (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
  }

  /** Commits version {@code version}: /x[i] = i * times + plus for i in [from, to), 2 tasks. */
  private static void write(Path target, String version, int from, int to, int times,
      int plus) {
    TestSpark.session().range(from, to, 1, 2)
        .select(col("id").as("i0"), expr("cast(id * " + times + " + " + plus + " as double)")
            .as("value"))
        .sortWithinPartitions(rand(5))
        .write().format("hdf5").mode("append").option("dataset", "/x").option("chunks", "7")
        .option("version", version).save(target.toString());
  }
}
