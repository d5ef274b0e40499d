package io.h5j.spark;

import io.h5j.testing.ChannelOp;
import io.h5j.testing.CrashStates;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * The states a crash could leave a recorded folder in ({@link FolderLog}), as
 * io.h5j.testing's CrashStates gives them for one file. Kill states: the first {@code i}
 * operations happened, every one of them kept. Power-cut states, at each sync and at the end:
 * what the syncs that completed made durable is there, and any subset of the rest is lost. A
 * file's write or truncate is durable once a fsync of that file covers it; a new name, a
 * removal or a mkdir once a sync of its folder does; a rename (one step, all or nothing) once
 * a sync of the folder it moved to does. Of the writes that landed, one spanning sectors is
 * torn in most trials, and a file that lost writes may keep its length at the cut (the lost
 * bytes zeros). Everything is drawn from one seed.
 */
final class FolderCrashStates {
  private final FolderLog log;
  private final List<FolderOp> ops;

  FolderCrashStates(FolderLog log) {
    this.log = log;
    this.ops = log.operations();
  }

  /** One state: its label, and how to make it. */
  record State(String label, List<FolderOp> replay, Map<Integer, Long> sizes,
      FolderLog log) {
    FolderImage image() {
      FolderImage image = new FolderImage(log);
      replay.forEach(image::apply);
      sizes.forEach(image::resize);
      return image;
    }

    void writeTo(Path dir) throws IOException {
      image().writeTo(dir);
    }

    @Override
    public String toString() {
      return label;
    }
  }

  /**
   * At most {@code max} kill states: the first and last, those just before and after each
   * sync, rename and removal, then a random choice of the others, in operation order.
   */
  List<State> kills(int max, long seed) {
    List<Integer> distinct = new ArrayList<>();
    List<Integer> marked = new ArrayList<>();
    for (int i = 0; i <= ops.size(); i++) {
      if (i > 0 && ops.get(i - 1).isSync()) {
        continue; // the same bytes as before the sync
      }
      distinct.add(i);
      if (i == 0 || i == ops.size() || i < ops.size() && landmark(ops.get(i))
          || landmark(ops.get(i - 1))) {
        marked.add(i);
      }
    }
    TreeSet<Integer> chosen = new TreeSet<>();
    for (int k = 0; k < Math.min(max, marked.size()); k++) {
      chosen.add(marked.get((int) ((long) k * marked.size() / Math.min(max, marked.size()))));
    }
    chosen.add(ops.size());
    Random rnd = new Random(seed);
    while (chosen.size() < Math.min(max, distinct.size())) {
      chosen.add(distinct.get(rnd.nextInt(distinct.size())));
    }
    List<State> out = new ArrayList<>();
    for (int i : chosen) {
      out.add(new State("kill " + (i == 0 ? "before the first operation" : "after operation "
          + i + " of " + ops.size() + " (" + ops.get(i - 1) + ")"), ops.subList(0, i),
          Map.of(), log));
    }
    return out;
  }

  private static boolean landmark(FolderOp op) {
    return op.isSync() || op instanceof FolderOp.Rename || op instanceof FolderOp.Remove;
  }

  /** {@code trials} power cuts at each sync and at the end, where anything is left to lose. */
  List<State> powerCuts(int trials, long seed) {
    List<State> out = new ArrayList<>();
    for (int k = 0; k <= ops.size(); k++) {
      if (k == ops.size() || ops.get(k).isSync()) {
        out.addAll(powerCuts(k, trials, seed + 1_000_003L * k));
      }
    }
    return out;
  }

  /**
   * Cuts just before operation {@code crash} completes (the end, for {@code ops.size()}): the
   * first trial loses everything not durable, the second keeps it all but tears its last
   * write, the others lose a random subset.
   */
  private List<State> powerCuts(int crash, int trials, long seed) {
    boolean[] durable = durable(crash);
    List<Integer> pending = new ArrayList<>();
    for (int i = 0; i < crash; i++) {
      if (!durable[i] && !ops.get(i).isSync()) {
        pending.add(i);
      }
    }
    List<State> out = new ArrayList<>();
    if (pending.isEmpty()) {
      return out;
    }
    Random rnd = new Random(seed);
    for (int t = 0; t < trials; t++) {
      boolean[] lands = new boolean[crash];
      for (int i = 0; i < crash; i++) {
        lands[i] = durable[i];
      }
      double keep = t == 0 ? 0 : t == 1 ? 1 : rnd.nextDouble();
      int lost = 0;
      for (int i : pending) {
        lands[i] = rnd.nextDouble() < keep || t == 1;
        lost += lands[i] ? 0 : 1;
      }
      List<FolderOp> replay = new ArrayList<>();
      List<Integer> tearable = new ArrayList<>();
      for (int i = 0; i < crash; i++) {
        if (lands[i] && !ops.get(i).isSync()) {
          if (!durable[i] && ops.get(i) instanceof FolderOp.OnFile f
              && f.op() instanceof ChannelOp.Write w
              && (w.position() / CrashStates.SECTOR + 1) * CrashStates.SECTOR < w.end()) {
            tearable.add(replay.size());
          }
          replay.add(ops.get(i));
        }
      }
      String tear = "";
      if (!tearable.isEmpty() && (t == 1 || t > 1 && rnd.nextInt(4) != 0)) {
        int at = t == 1 ? tearable.get(tearable.size() - 1)
            : tearable.get(rnd.nextInt(tearable.size()));
        FolderOp.OnFile f = (FolderOp.OnFile) replay.get(at);
        ChannelOp.Write part = tear((ChannelOp.Write) f.op(), rnd);
        replay.set(at, new FolderOp.OnFile(f.inode(), part));
        tear = ", " + f + " torn: " + part.bytes().length + " B at " + part.position()
            + " landed";
      }
      Map<Integer, Long> sizes = t > 1 && lost > 0 && rnd.nextBoolean() ? sizesAt(crash)
          : Map.of();
      out.add(new State("power cut before operation " + (crash + 1) + " of " + ops.size()
          + (crash < ops.size() ? " (" + ops.get(crash) + ")" : "") + " completed: " + lost
          + " of " + pending.size() + " unsynced lost" + tear
          + (sizes.isEmpty() ? "" : ", files as long as at the cut"), replay, sizes, log));
    }
    return out;
  }

  /** Which of the first {@code crash} operations the syncs among them made durable. */
  private boolean[] durable(int crash) {
    boolean[] d = new boolean[crash];
    Map<Integer, Integer> fileCovers = new HashMap<>();
    Map<String, Integer> folderCovers = new HashMap<>();
    for (int j = 0; j < crash; j++) {
      FolderOp op = ops.get(j);
      if (op instanceof FolderOp.OnFile f && f.op() instanceof ChannelOp.Force force) {
        fileCovers.merge(f.inode(), force.covers(), Math::max);
      } else if (op instanceof FolderOp.SyncFolder s) {
        folderCovers.merge(s.name(), s.covers(), Math::max);
      }
    }
    for (int i = 0; i < crash; i++) {
      FolderOp op = ops.get(i);
      String folder = op instanceof FolderOp.Create c ? FolderOp.parent(c.name())
          : op instanceof FolderOp.Mkdir m ? FolderOp.parent(m.name())
          : op instanceof FolderOp.Remove r ? FolderOp.parent(r.name())
          : op instanceof FolderOp.Rename r ? FolderOp.parent(r.to()) : null;
      if (op instanceof FolderOp.OnFile f) {
        d[i] = fileCovers.getOrDefault(f.inode(), 0) > i;
      } else if (folder != null) {
        d[i] = folderCovers.getOrDefault(folder, 0) > i;
      }
    }
    return d;
  }

  /** Each file's length after the first {@code n} operations, all kept. */
  private Map<Integer, Long> sizesAt(int n) {
    Map<Integer, Long> sizes = new HashMap<>();
    log.initialBytes().forEach((inode, b) -> sizes.put(inode, (long) b.length));
    for (FolderOp op : ops.subList(0, n)) {
      if (op instanceof FolderOp.OnFile f) {
        long size = sizes.getOrDefault(f.inode(), 0L);
        if (f.op() instanceof ChannelOp.Write w) {
          sizes.put(f.inode(), Math.max(size, w.end()));
        } else if (f.op() instanceof ChannelOp.Truncate tr) {
          sizes.put(f.inode(), Math.min(size, tr.size()));
        }
      }
    }
    return sizes;
  }

  /** The part of {@code w} on one side of a random sector boundary inside it. */
  private static ChannelOp.Write tear(ChannelOp.Write w, Random rnd) {
    long first = (w.position() / CrashStates.SECTOR + 1) * CrashStates.SECTOR;
    long boundaries = (w.end() - 1 - first) / CrashStates.SECTOR + 1;
    long at = first + CrashStates.SECTOR * (long) rnd.nextInt((int) boundaries);
    int cut = (int) (at - w.position());
    byte[] b = w.bytes();
    return rnd.nextBoolean() ? new ChannelOp.Write(w.position(), Arrays.copyOfRange(b, 0, cut))
        : new ChannelOp.Write(at, Arrays.copyOfRange(b, cut, b.length));
  }
}
