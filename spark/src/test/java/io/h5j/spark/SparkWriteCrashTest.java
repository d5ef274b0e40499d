package io.h5j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.rand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.H5File;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18 for Spark writes, by simulation: a write (part files by the tasks, the target by
 * the driver) to a local folder or through a Hadoop file system
 * ({@link RecordingHadoopFileSystem}: Hadoop's local one, which cannot rename over a file) is
 * recorded ({@link RecordedWrites}) and replayed into every kill state and random power-cut
 * states ({@link FolderCrashStates}, within {@link io.h5j.testing.CrashBudget}); in each, the
 * file a reader finds (the target, or on Hadoop the old one a replace kept aside) is the old
 * file byte for byte (absent if there was none) or the new one. Then the next write's
 * clean-up runs ({@link TargetStore#removeLeftovers}, the recorded writer dead), and h5py 3.7
 * (one process for all states) reads from the target the old or the new values, every part
 * file a virtual dataset names being there and readable, and finds nothing else left in the
 * folder: no temporary file, kept file or part folder the target does not map.
 */
@OracleTest
class SparkWriteCrashTest {
  /**
   * Judges the states a manifest lists: one line per state, "ok" or what is wrong. Each
   * state's folder holds the target, whose dataset must read as the values named (or none,
   * for want "none"), and besides it only the part files it maps and names matching temp.
   */
  private static final String JUDGE = String.join("\n",
      "import h5py, json, os, re, sys, numpy as np",
      "m = json.load(open(sys.argv[1]))",
      "for s in m['states']:",
      "    try:",
      "        target = os.path.join(s['dir'], m['target'])",
      "        keep = set()",
      "        if s['want'] == 'none':",
      "            if os.path.exists(target):",
      "                raise Exception('a target is there')",
      "        else:",
      "            keep.add(m['target'])",
      "            with h5py.File(target, 'r') as f:",
      "                d = f[m['dataset']]",
      "                if d.is_virtual:",
      "                    for vs in d.virtual_sources():",
      "                        src = os.path.join(s['dir'], vs.file_name)",
      "                        if not os.path.isfile(src):",
      "                            raise Exception('maps missing part file ' + vs.file_name)",
      "                        keep.add(os.path.normpath(vs.file_name))",
      "                        with h5py.File(src, 'r') as g:",
      "                            g[vs.dset_name][...]",
      "                got = d[...]",
      "            want = np.array(m['values'][s['want']])",
      "            if got.shape != want.shape or not np.array_equal(got, want):",
      "                raise Exception('reads %s, not the %s values %s' % (got.tolist(),"
          + " s['want'], want.tolist()))",
      "        for root, dirs, files in os.walk(s['dir']):",
      "            for n in files + dirs:",
      "                rel = os.path.relpath(os.path.join(root, n), s['dir'])",
      "                if n in files and rel not in keep and not re.fullmatch(m['temp'], rel):",
      "                    raise Exception('left over: file ' + rel)",
      "                if n in dirs and not any(k.startswith(rel + os.sep) for k in keep):",
      "                    raise Exception('left over: folder ' + rel)",
      "        print('ok')",
      "    except Exception as e:",
      "        print('%s: %s' % (s['label'], str(e).replace('\\n', ' ')))");

  @TempDir Path dir;

  /** Where the write goes. */
  private enum Store {
    /** A local folder, written in place. */
    LOCAL,
    /** Through a Hadoop file system that cannot rename over a file. */
    HADOOP
  }

  @Test
  void aNewVirtualTargetIsAbsentOrComplete() throws Exception {
    run(null, false, Store.LOCAL);
  }

  @Test
  void anOverwrittenVirtualTargetIsTheOldOrTheNew() throws Exception {
    run(OLD, false, Store.LOCAL);
  }

  @Test
  void anOverwrittenMergedTargetIsTheOldOrTheNew() throws Exception {
    run(OLD, true, Store.LOCAL);
  }

  @Test
  void aNewVirtualTargetOnHadoopIsAbsentOrComplete() throws Exception {
    run(null, false, Store.HADOOP);
  }

  @Test
  void anOverwrittenVirtualTargetOnHadoopIsTheOldOrTheNew() throws Exception {
    run(OLD, false, Store.HADOOP);
  }

  @Test
  void anOverwrittenMergedTargetOnHadoopIsTheOldOrTheNew() throws Exception {
    run(OLD, true, Store.HADOOP);
  }

  /** The first write's values: 40 of them, 2i + 1. */
  private static final double[] OLD = values(40, 2, 1);
  /** The recorded write's: 47 of them, 3i - 1. */
  private static final double[] NEW = values(47, 3, -1);
  /** Where a replace on Hadoop keeps the old target. */
  private static final String KEPT = ".d.h5.h5j-old";

  private static double[] values(int n, int times, int plus) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = (double) i * times + plus;
    }
    return v;
  }

  /** The target's location as the write is given it. */
  private static String location(Path target, Store store) {
    return store == Store.LOCAL ? target.toString() : RecordingHadoopFileSystem.uri(target);
  }

  /** The store of the target {@code d.h5} in {@code folder}, as the next write makes it. */
  private static TargetStore storeOf(Path folder, Store store) {
    return store == Store.LOCAL ? new LocalTargetStore(folder.toString(), "d.h5")
        : new HadoopTargetStore(SparkFiles.onDriver(), RecordingHadoopFileSystem.uri(folder),
            "d.h5");
  }

  /**
   * Writes {@code old} (unless null) as a virtual target, records the write of {@link #NEW}
   * over it (merged or not), and judges every crash state, before and after the next write's
   * clean-up.
   */
  private void run(double[] old, boolean merge, Store store) throws Exception {
    Oracles.requireH5py();
    RecordingHadoopFileSystem.register(TestSpark.session().sparkContext().hadoopConfiguration());
    Path folder = Files.createDirectory(dir.resolve("w"));
    Path target = folder.resolve("d.h5");
    if (old != null) {
      write(location(target, store), old, false, 2);
    }
    byte[] before = old == null ? null : Files.readAllBytes(target);
    long t0 = System.nanoTime();
    FolderLog log = RecordedWrites.record(folder, store == Store.LOCAL ? RecordedWrites.LOCAL
        : RecordingHadoopFileSystem.RECORDER, () -> write(location(target, store), NEW, merge,
            3));
    byte[] after = Files.readAllBytes(target);
    List<FolderCrashStates.State> states = CrashStateFolders.of(log);
    CrashStateFolders folders = new CrashStateFolders(dir);
    List<String> problems = new ArrayList<>();
    int olds = 0;
    int news = 0;
    int keptRead = 0;
    for (int i = 0; i < states.size(); i++) {
      FolderCrashStates.State s = states.get(i);
      FolderImage image = s.image();
      byte[] now = image.bytes("d.h5");
      boolean kept = now == null && store == Store.HADOOP && image.bytes(KEPT) != null;
      if (kept) {
        now = image.bytes(KEPT);
      }
      String want;
      if (now == null) {
        if (before != null) {
          problems.add(s.label() + ": the old target is gone");
          continue;
        }
        want = "none";
        olds++;
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
      Path at = folders.add(s, image, want);
      TargetStore next = storeOf(at, store);
      if (kept) { // a reader finds the old file aside
        try (H5File f = next.open("d.h5")) {
          if (!Arrays.equals(f.dataset("x").readDoubles(), old)) {
            problems.add(s.label() + ": the kept file does not read as the old values");
          }
        }
        keptRead++;
      }
      next.removeLeftovers(w -> w.equals(WriterId.current())); // the recorded writer died
    }
    assertEquals(List.of(), problems, states.size() + " crash states of " + log.operations()
        .size() + " operations");
    assertTrue(olds > 0 && news > 0, "the states show both outcomes: " + olds + " old, "
        + news + " new");
    assertTrue(store == Store.LOCAL || old == null || keptRead > 0,
        "some states have the old file kept aside only");

    long t1 = System.nanoTime();
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("target", "d.h5");
    fields.put("dataset", "x");
    fields.put("values", Map.of("old", old == null ? new double[0] : old, "new", NEW));
    // a local target's temporary file names its writer's process, this one: it is removed
    // by the next writer once this process is gone (DurableFiles), not while it runs
    fields.put("temp", store == Store.LOCAL ? "\\.d\\.h5\\.\\d+\\.\\d+\\.part" : "(?!)");
    Path manifest = folders.manifest(fields);
    Oracles.assertAllOk(Oracles.python(JUDGE, manifest.toString()), folders.size(),
        "crash states after the next write's clean-up, read by h5py");
    System.out.printf("%s %s write%s: %d operations, %d crash states (%d old, %d new, %d with"
        + " the old file kept aside), %d read by h5py; recorded and replayed in %.1f s, judged"
        + " by h5py in %.1f s%n", store, old == null ? "new" : "overwriting",
        merge ? " (merge)" : "", log.operations().size(), states.size(), olds, news,
        keptRead, folders.size(), (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
  }

  /**
   * Writes {@code values} to /x of {@code target} over {@code tasks} tasks in chunks of 7,
   * which span the tasks' borders (so the driver writes part-merged.h5 as well).
   */
  private static void write(String target, double[] values, boolean merge, int tasks) {
    int n = values.length;
    double a = values[1] - values[0];
    double b = values[0];
    TestSpark.session().range(0, n, 1, tasks)
        .select(col("id").as("i0"), expr("cast(id * " + a + " + " + b + " as double)")
            .as("value"))
        .sortWithinPartitions(rand(5))
        .write().format("hdf5").mode("overwrite").option("dataset", "/x").option("chunks", "7")
        .option("merge", Boolean.toString(merge)).save(target);
  }
}
