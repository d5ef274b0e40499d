package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.H5File;
import io.h5j.testing.ChildJvm;
import io.h5j.testing.CrashBudget;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import io.h5j.testing.VersionedHdf5Peers.Peer;
import io.h5j.versioning.VersionInfo;
import io.h5j.versioning.VersionedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's real kill for Spark writes: a child JVM ({@link SparkKillChild}, local[2])
 * overwrites a virtual target and adds versions to a versioned file in a loop, and is killed
 * with SIGKILL at a random moment once its first write started (after 0 to 3 more writes
 * and up to 3 s), {@code -Dh5j.spark.kills=N} times (1); within a budget of
 * {@code -Dh5j.spark.killSeconds=S} (15) from the start, after which no child starts and a
 * child waiting for its moment is killed at once. Each child goes on from what the last one
 * left. After each kill the target holds the values of the last write that returned or of
 * the one killed, and the versioned file the versions that were committed, maybe with the
 * one killed, each whole (as h5j reads them, to know where the next child starts); then the
 * next write's clean-up ({@link TargetStore#removeLeftovers}, the child proved dead by its
 * process id) runs on both, and at the end h5py and versioned-hdf5 (libhdf5 1.10.8, one
 * process) read every kill's files the same and find nothing else left in the folder. Tagged
 * {@code crash} and {@code slow}: each child starts a Spark session, some 10 to 25 s on a
 * busy machine.
 */
@Tag("crash")
@Tag("slow")
@OracleTest
class SparkWriteKillTest {
  /** Judges each kill's copy: one line per kill, "ok" or what is wrong. */
  private static final String JUDGE = String.join("\n",
      "import h5py, json, os, sys",
      "from versioned_hdf5 import VersionedHDF5File",
      "def values(r):",
      "    return [i + 1000.0 * r for i in range(%d)]" .formatted(SparkKillChild.ELEMENTS),
      "for k in json.load(open(sys.argv[1])):",
      "    try:",
      "        d = os.path.join(k['dir'], 'd.h5')",
      "        if k['vds'] == 0:",
      "            assert not os.path.exists(d), 'd.h5 exists'",
      "        else:",
      "            with h5py.File(d, 'r') as f:",
      "                for vs in f['x'].virtual_sources():",
      "                    assert os.path.isfile(os.path.join(k['dir'], vs.file_name)), vs.file_name",
      "                assert f['x'][()].tolist() == values(k['vds']), 'd.h5 reads %s' %"
          + " f['x'][()].tolist()",
      "        keep = set()",
      "        if k['vds'] != 0:",
      "            keep.add('d.h5')",
      "            with h5py.File(d, 'r') as f:",
      "                keep |= {os.path.normpath(vs.file_name) for vs in f['x'].virtual_sources()}",
      "        if k['versions']:",
      "            keep.add('v.h5')",
      "        for root, dirs, files in os.walk(k['dir']):",
      "            for n in files + dirs:",
      "                rel = os.path.relpath(os.path.join(root, n), k['dir'])",
      "                assert n in dirs or rel in keep, 'left over: file ' + rel",
      "                assert n in files or any(p.startswith(rel + os.sep) for p in keep),"
          + " 'left over: folder ' + rel",
      "        v = os.path.join(k['dir'], 'v.h5')",
      "        if not k['versions']:",
      "            assert not os.path.exists(v), 'v.h5 exists'",
      "        else:",
      "            with h5py.File(v, 'r') as f:",
      "                vf = VersionedHDF5File(f)",
      "                names = sorted(n for n in f['_version_data/versions']"
          + " if n != '__first_version__')",
      "                want = sorted('v%d' % r for r in k['versions'])",
      "                assert names == want, 'versions %s, not %s' % (names, want)",
      "                for r in k['versions']:",
      "                    assert vf['v%d' % r]['x'][()].tolist() == values(r), 'v%d' % r",
      "        print('ok')",
      "    except Exception as e:",
      "        print('%s: %s' % (k['label'], e))");

  @TempDir Path dir;

  @Test
  void aSparkWriteKilledAtRandomMomentsLeavesItsFilesBeforeOrAfterIt() throws Exception {
    VersionedHdf5Peers.require(Peer.DEB);
    int kills = Integer.getInteger("h5j.spark.kills", 1);
    long deadline = System.nanoTime() + Long.getLong("h5j.spark.killSeconds", 15)
        * 1_000_000_000L;
    Random rnd = new Random(CrashBudget.fromSystemProperties().seed());
    Path folder = Files.createDirectory(dir.resolve("w"));
    int vds = 0; // the round d.h5 holds; 0: none yet
    TreeSet<Integer> versions = new TreeSet<>();
    int next = 1;
    List<Map<String, Object>> judged = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    int done = 0;
    for (; done < kills && System.nanoTime() < deadline; done++) {
      ChildJvm child = ChildJvm.start(SparkKillChild.class, folder.toString(),
          Integer.toString(next));
      child.await("ready");
      // in the first write, or after up to 3 more (the first ones of a fresh JVM are slow)
      // and up to 3 s, as far as the budget goes
      child.awaitLines("start ", 1);
      int starts = 1 + rnd.nextInt(4);
      int pause = rnd.nextInt(3000);
      if (child.awaitLinesWithin("start ", starts, Math.max(0, deadline - System.nanoTime()))) {
        Thread.sleep(Math.max(0, Math.min(pause, (deadline - System.nanoTime()) / 1_000_000)));
      }
      String pending = null;
      for (String line : child.kill()) {
        if (line.startsWith("start ")) {
          pending = line.substring(6);
        } else if (line.startsWith("done ")) {
          pending = null;
          String[] w = line.split(" ");
          int round = Integer.parseInt(w[2]);
          next = round + 1;
          if (w[1].equals("vds")) {
            vds = round;
          } else {
            versions.add(round);
          }
        }
      }
      String label = "kill " + (done + 1) + (pending == null ? " between writes"
          : " in write " + pending);
      // the killed write may have completed (and the next then starts after it)
      int shown = vdsRound(folder.resolve("d.h5"));
      TreeSet<Integer> present = versionRounds(folder.resolve("v.h5"));
      int killedRound = pending == null ? -1 : Integer.parseInt(pending.split(" ")[1]);
      boolean killedVds = pending != null && pending.startsWith("vds");
      if (shown != vds && !(killedVds && shown == killedRound)) {
        problems.add(label + ": d.h5 holds round " + shown + ", not " + vds
            + (killedVds ? " or " + killedRound : ""));
      }
      TreeSet<Integer> with = new TreeSet<>(versions);
      if (!killedVds && pending != null) {
        with.add(killedRound);
      }
      if (!present.equals(versions) && !present.equals(with)) {
        problems.add(label + ": v.h5 holds versions of rounds " + present + ", not " + versions
            + (with.equals(versions) ? "" : " or " + with));
      }
      vds = Math.max(shown, 0);
      versions = present;
      next = Math.max(next, Math.max(vds, versions.isEmpty() ? 0 : versions.last()) + 1);
      if (killedRound >= next) {
        next = killedRound + 1; // never reuse the name of a version that may exist
      }
      for (String target : List.of("d.h5", "v.h5")) { // as the next child's writes do
        new LocalTargetStore(folder.toString(), target).removeLeftovers(WriterId::provablyDead);
      }
      Path copy = dir.resolve("kill-" + done);
      copyFolder(folder, copy);
      Map<String, Object> k = new LinkedHashMap<>();
      k.put("dir", copy.toString());
      k.put("label", label);
      k.put("vds", vds);
      k.put("versions", List.copyOf(versions));
      judged.add(k);
      System.out.println("SparkWriteKillTest " + label + ": d.h5 round " + vds + ", versions "
          + versions);
    }
    assertEquals(List.of(), problems, done + " kills");
    assertTrue(done > 0, "no kill within the time");
    Path manifest = dir.resolve("kills.json");
    new com.fasterxml.jackson.databind.ObjectMapper().writeValue(manifest.toFile(), judged);
    Oracles.assertAllOk(VersionedHdf5Peers.python(Peer.DEB, JUDGE, manifest.toString()),
        judged.size(), "kills, read by h5py and versioned-hdf5");
  }

  /** The round whose values {@code file} holds: 0 when absent, -1 when none's. */
  private static int vdsRound(Path file) throws IOException {
    if (!Files.exists(file)) {
      return 0;
    }
    try (H5File f = H5File.open(file)) {
      double[] v = f.dataset("x").readDoubles();
      int round = (int) Math.round(v[0] / 1000);
      return Arrays.equals(v, SparkKillChild.values(round)) ? round : -1;
    }
  }

  /** The rounds of the versions in {@code file}, each checked to hold its round's values. */
  private static TreeSet<Integer> versionRounds(Path file) throws IOException {
    TreeSet<Integer> out = new TreeSet<>();
    if (!Files.exists(file)) {
      return out;
    }
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      for (VersionInfo info : vf.versions()) {
        int round = Integer.parseInt(info.name().substring(1));
        Object v = vf.version(info.name()).read("/x");
        out.add(Arrays.equals((double[]) v, SparkKillChild.values(round)) ? round : -round);
      }
    }
    return out;
  }

  private static void copyFolder(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path q = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(q);
        } else {
          Files.copy(p, q);
        }
      }
    }
  }
}
