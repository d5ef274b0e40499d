package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.rand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18 for Spark writes to a local folder, by simulation: a write (part files by the
 * tasks, the target by the driver) is recorded ({@link RecordedWrites}) and replayed into
 * every kill state and random power-cut states ({@link FolderCrashStates}, within
 * {@link io.h5j.testing.CrashBudget}); in each, the target is the old file byte for byte (absent if there was
 * none) or the new one, and h5py 3.7 (one process for all states) reads from it the old or
 * the new values, every part file a virtual dataset names being there and readable.
 */
@OracleTest
class SparkWriteCrashTest {
  /**
   * Judges the states a manifest lists: one line per state, "ok" or what is wrong. Each
   * state's folder holds the target, whose dataset must read as the values named.
   */
  private static final String JUDGE = String.join("\n",
      "import h5py, json, os, sys, numpy as np",
      "m = json.load(open(sys.argv[1]))",
      "for s in m['states']:",
      "    try:",
      "        with h5py.File(os.path.join(s['dir'], m['target']), 'r') as f:",
      "            d = f[m['dataset']]",
      "            if d.is_virtual:",
      "                for vs in d.virtual_sources():",
      "                    src = os.path.join(s['dir'], vs.file_name)",
      "                    if not os.path.isfile(src):",
      "                        raise Exception('maps missing part file ' + vs.file_name)",
      "                    with h5py.File(src, 'r') as g:",
      "                        g[vs.dset_name][...]",
      "            got = d[...]",
      "        want = np.array(m['values'][s['want']])",
      "        if got.shape != want.shape or not np.array_equal(got, want):",
      "            raise Exception('reads %s, not the %s values %s' % (got.tolist(), s['want'],"
          + " want.tolist()))",
      "        print('ok')",
      "    except Exception as e:",
      "        print('%s: %s' % (s['label'], str(e).replace('\\n', ' ')))");

  @TempDir Path dir;

  @Test
  void aNewVirtualTargetIsAbsentOrComplete() throws Exception {
    run(null, false);
  }

  @Test
  void anOverwrittenVirtualTargetIsTheOldOrTheNew() throws Exception {
    run(OLD, false);
  }

  @Test
  void anOverwrittenMergedTargetIsTheOldOrTheNew() throws Exception {
    run(OLD, true);
  }

  /** The first write's values: 40 of them, 2i + 1. */
  private static final double[] OLD = values(40, 2, 1);
  /** The recorded write's: 47 of them, 3i - 1. */
  private static final double[] NEW = values(47, 3, -1);

  private static double[] values(int n, int times, int plus) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = (double) i * times + plus;
    }
    return v;
  }

  /**
   * Writes {@code old} (unless null) as a virtual target, records the write of {@link #NEW}
   * over it (merged or not), and judges every crash state.
   */
  private void run(double[] old, boolean merge) throws Exception {
    Oracles.requireH5py();
    Path folder = Files.createDirectory(dir.resolve("w"));
    Path target = folder.resolve("d.h5");
    if (old != null) {
      write(target, old, false, 2);
    }
    byte[] before = old == null ? null : Files.readAllBytes(target);
    long t0 = System.nanoTime();
    FolderLog log = RecordedWrites.record(folder, () -> write(target, NEW, merge, 3));
    byte[] after = Files.readAllBytes(target);
    List<FolderCrashStates.State> states = CrashStateFolders.of(log);
    CrashStateFolders folders = new CrashStateFolders(dir);
    List<String> problems = new ArrayList<>();
    int olds = 0;
    int news = 0;
    for (int i = 0; i < states.size(); i++) {
      FolderCrashStates.State s = states.get(i);
      FolderImage image = s.image();
      byte[] now = image.bytes("d.h5");
      String want;
      if (now == null) {
        if (before != null) {
          problems.add(s.label() + ": the old target is gone");
        }
        olds++;
        continue;
      } else if (Arrays.equals(now, before)) {
        want = "old";
        olds++;
      } else if (Arrays.equals(now, after)) {
        want = "new";
        news++;
      } else {
        problems.add(s.label() + ": the target is neither the old file nor the new ("
            + now.length + " B)");
        continue;
      }
      folders.add(s, image, want);
    }
    assertEquals(List.of(), problems, states.size() + " crash states of " + log.operations()
        .size() + " operations");
    assertTrue(olds > 0 && news > 0, "the states show both outcomes: " + olds + " old, "
        + news + " new");

    long t1 = System.nanoTime();
    Path manifest = folders.manifest(Map.of("target", "d.h5", "dataset", "x", "values",
        Map.of("old", old == null ? new double[0] : old, "new", NEW)));
    Oracles.assertAllOk(Oracles.python(JUDGE, manifest.toString()), folders.size(),
        "crash states with a target, read by h5py");
    System.out.printf("%s write%s: %d operations, %d crash states (%d old, %d new), %d read by"
        + " h5py; recorded and replayed in %.1f s, judged by h5py in %.1f s%n",
        old == null ? "new" : "overwriting", merge ? " (merge)" : "", log.operations().size(),
        states.size(), olds, news, folders.size(), (t1 - t0) / 1e9,
        (System.nanoTime() - t1) / 1e9);
  }

  /**
   * Writes {@code values} to /x of {@code target} over {@code tasks} tasks in chunks of 7,
   * which span the tasks' borders (so the driver writes part-merged.h5 as well).
   */
  private static void write(Path target, double[] values, boolean merge, int tasks) {
    int n = values.length;
    double a = values[1] - values[0];
    double b = values[0];
    TestSpark.session().range(0, n, 1, tasks)
        .select(col("id").as("i0"), expr("cast(id * " + a + " + " + b + " as double)")
            .as("value"))
        .sortWithinPartitions(rand(5))
        .write().format("hdf5").mode("overwrite").option("dataset", "/x").option("chunks", "7")
        .option("merge", Boolean.toString(merge)).save(target.toString());
  }
}
