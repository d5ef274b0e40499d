package io.h5j.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * The states a crash could leave a file in, given its bytes before a recorded run and the
 * operations of that run ({@link RecordingChannel#operations()}).
 *
 * <p>Kill states: the process died after the first {@code i} operations; the kernel keeps
 * every completed write, synced or not. Power-cut states: for each fsync epoch (the
 * operations after the previous completed fsync up to the next one, or to the end) everything
 * the previous fsync covered is on disk, and any subset of the epoch's writes and truncates is
 * lost; of those that landed, one spanning several 512-byte sectors is torn at a sector
 * boundary in most trials (a write inside one aligned sector always lands whole). The file's
 * length is either what the landed operations make it or, at random, its length at the moment
 * of the cut, the lost bytes read as zeros. Everything is drawn from one seed.
 */
public final class CrashStates {
  /** The unit a disk writes atomically. */
  public static final int SECTOR = 512;

  private final byte[] initial;
  private final List<ChannelOp> ops;

  public CrashStates(byte[] initial, List<ChannelOp> ops) {
    this.initial = initial.clone();
    this.ops = List.copyOf(ops);
  }

  public List<ChannelOp> operations() {
    return ops;
  }

  /** The number of fsync epochs: completed fsyncs plus one (the operations after the last). */
  public int epochs() {
    return (int) ops.stream().filter(op -> op instanceof ChannelOp.Force).count() + 1;
  }

  /** Every kill state: after 0, 1, ... all operations (fsyncs give no state of their own). */
  public List<CrashState> kills() {
    return kills(Integer.MAX_VALUE, 0);
  }

  /**
   * At most {@code max} kill states: the first and last, those just before each fsync, and a
   * random choice of the others, in operation order.
   */
  public List<CrashState> kills(int max, long seed) {
    List<Integer> distinct = new ArrayList<>();
    for (int i = 0; i <= ops.size(); i++) {
      if (distinctKill(i)) {
        distinct.add(i);
      }
    }
    TreeSet<Integer> chosen = new TreeSet<>();
    if (distinct.size() <= max) {
      chosen.addAll(distinct);
    } else {
      List<Integer> marked = new ArrayList<>(List.of(0, distinct.get(distinct.size() - 1)));
      for (int i : forceIndexes()) {
        if (distinctKill(i)) {
          marked.add(i);
        }
      }
      for (int k = 0; k < Math.min(max, marked.size()); k++) {
        chosen.add(marked.get((int) ((long) k * marked.size() / Math.min(max, marked.size()))));
      }
      Random rnd = new Random(seed);
      while (chosen.size() < max) {
        chosen.add(distinct.get(rnd.nextInt(distinct.size())));
      }
    }
    List<CrashState> out = new ArrayList<>();
    for (int i : chosen) {
      String at = i == 0 ? "before the first operation"
          : "after operation " + i + " of " + ops.size() + " (" + ops.get(i - 1) + ")";
      out.add(new CrashState(CrashState.Kind.KILL, "kill " + at, initial, ops.subList(0, i), -1));
    }
    return out;
  }

  /** {@code trialsPerEpoch} power cuts in each epoch that has operations to lose. */
  public List<CrashState> powerCuts(int trialsPerEpoch, long seed) {
    List<CrashState> out = new ArrayList<>();
    for (int e = 1; e <= epochs(); e++) {
      out.addAll(powerCuts(e, trialsPerEpoch, seed + 1_000_003L * e));
    }
    return out;
  }

  /**
   * {@code trials} power cuts in epoch {@code epoch} (1: before the first fsync completed).
   * The first loses the whole epoch, the second keeps it all but tears its last write, the
   * others lose a random subset; none when the epoch has nothing to lose.
   */
  public List<CrashState> powerCuts(int epoch, int trials, long seed) {
    int[] forces = forceIndexes();
    if (epoch < 1 || epoch > forces.length + 1) {
      throw new IllegalArgumentException("epoch " + epoch + " of " + (forces.length + 1));
    }
    int durable = 0;
    for (int j = 0; j < epoch - 1; j++) {
      durable = Math.max(durable, ((ChannelOp.Force) ops.get(forces[j])).covers());
    }
    int crash = epoch <= forces.length ? forces[epoch - 1] : ops.size();
    List<Integer> pending = new ArrayList<>();
    for (int i = durable; i < crash; i++) {
      if (!(ops.get(i) instanceof ChannelOp.Force)) {
        pending.add(i);
      }
    }
    List<CrashState> out = new ArrayList<>();
    if (pending.isEmpty()) {
      return out;
    }
    long sizeAtCrash = sizeAfter(crash);
    Random rnd = new Random(seed);
    for (int t = 0; t < trials; t++) {
      boolean[] lands = new boolean[pending.size()];
      if (t == 1) {
        Arrays.fill(lands, true);
      } else if (t > 1) {
        double keep = rnd.nextDouble();
        for (int k = 0; k < lands.length; k++) {
          lands[k] = rnd.nextDouble() < keep;
        }
      }
      out.add(powerCut(epoch, durable, crash, pending, lands, t == 1, t > 1 && rnd.nextBoolean()
          ? sizeAtCrash : -1, rnd));
    }
    return out;
  }

  private CrashState powerCut(int epoch, int durable, int crash, List<Integer> pending,
      boolean[] lands, boolean tearLast, long finalSize, Random rnd) {
    List<Integer> tearable = new ArrayList<>();
    for (int k = 0; k < lands.length; k++) {
      if (lands[k] && ops.get(pending.get(k)) instanceof ChannelOp.Write w
          && firstBoundaryAfter(w.position()) < w.end()) {
        tearable.add(k);
      }
    }
    int torn = tearable.isEmpty() || (!tearLast && rnd.nextInt(4) == 0) ? -1
        : tearLast ? tearable.get(tearable.size() - 1) : tearable.get(rnd.nextInt(tearable.size()));
    List<ChannelOp> replay = new ArrayList<>(ops.subList(0, durable));
    int lost = 0;
    String tear = "";
    for (int k = 0; k < lands.length; k++) {
      ChannelOp op = ops.get(pending.get(k));
      if (!lands[k]) {
        lost++;
      } else if (k == torn) {
        ChannelOp.Write w = (ChannelOp.Write) op;
        ChannelOp.Write part = tear(w, rnd);
        tear = ", operation " + (pending.get(k) + 1) + " (" + w + ") torn: only "
            + part.bytes().length + " B at " + part.position() + " landed";
        replay.add(part);
      } else {
        replay.add(op);
      }
    }
    String label = "power cut in fsync epoch " + epoch + " of " + epochs() + " (operations "
        + (durable + 1) + ".." + crash + "): " + lost + " of " + pending.size() + " lost" + tear
        + (finalSize >= 0 ? ", file length as at the cut (" + finalSize + " B)" : "");
    return new CrashState(CrashState.Kind.POWER_CUT, label, initial, replay, finalSize);
  }

  /** The part of {@code w} on one side of a random sector boundary inside it. */
  private static ChannelOp.Write tear(ChannelOp.Write w, Random rnd) {
    long first = firstBoundaryAfter(w.position());
    long boundaries = (w.end() - 1 - first) / SECTOR + 1;
    long at = first + SECTOR * (long) rnd.nextInt((int) boundaries);
    int cut = (int) (at - w.position());
    byte[] b = w.bytes();
    return rnd.nextBoolean()
        ? new ChannelOp.Write(w.position(), Arrays.copyOfRange(b, 0, cut))
        : new ChannelOp.Write(at, Arrays.copyOfRange(b, cut, b.length));
  }

  /** The first sector boundary strictly after {@code position}. */
  private static long firstBoundaryAfter(long position) {
    return (position / SECTOR + 1) * SECTOR;
  }

  /** Whether killing after {@code i} operations differs from killing after {@code i - 1}. */
  private boolean distinctKill(int i) {
    return i == 0 || !(ops.get(i - 1) instanceof ChannelOp.Force);
  }

  private int[] forceIndexes() {
    List<Integer> f = new ArrayList<>();
    for (int i = 0; i < ops.size(); i++) {
      if (ops.get(i) instanceof ChannelOp.Force) {
        f.add(i);
      }
    }
    return f.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The file's length after the first {@code n} operations. */
  private long sizeAfter(int n) {
    long size = initial.length;
    for (ChannelOp op : ops.subList(0, n)) {
      if (op instanceof ChannelOp.Write w) {
        size = Math.max(size, w.end());
      } else if (op instanceof ChannelOp.Truncate t) {
        size = Math.min(size, t.size());
      }
    }
    return size;
  }
}
