package io.h5j.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Repack of one file (issue 6): {@code h5j repack IN OUT} against {@code cp IN OUT && sync OUT}
 * in alternating rounds, each a separate process as a user runs it (h5j's time includes its
 * JVM start and its own fsync). A round runs cp + sync, h5j, h5j, cp + sync; a side's round
 * time is the sum of its two runs, so a load trend inside the round and the effect of which
 * run came just before fall on both sides alike. One round before the counted ones warms the
 * page cache and writes the launcher's class-data archive.
 *
 * <pre>
 *   java -cp h5j-benchmarks.jar io.h5j.benchmarks.RepackRounds IN WORK_DIR ROUNDS H5J [TARGET]
 * </pre>
 *
 * <p>H5J is the command that runs h5j (the {@code ./h5j} launcher). Prints each round (load
 * average, both sides' seconds, the ratio, h5j's CPU and page faults from {@code
 * /usr/bin/time}), then the median ratio h5j / (cp + sync) with its confidence interval (see
 * {@link RoundRatios}) and whether it settles TARGET (default 2).
 */
public final class RepackRounds {
  private RepackRounds() {}

  /** What {@code /usr/bin/time} tells of one run, beside the wall time measured here. */
  record Run(double wallS, double userS, double sysS, long minorFaults) {}

  /** Entry point; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println("usage: RepackRounds IN WORK_DIR ROUNDS H5J [TARGET]");
      System.exit(2);
    }
    Path in = Path.of(args[0]);
    Path work = Path.of(args[1]);
    int rounds = Integer.parseInt(args[2]);
    String h5j = args[3];
    double target = args.length > 4 ? Double.parseDouble(args[4]) : 2.0;
    Files.createDirectories(work);
    Path out = work.resolve("repack-rounds-out.h5");
    Path timeFile = work.resolve("repack-rounds-time.txt");
    List<String> cp = List.of("sh", "-c", "cp \"$0\" \"$1\" && sync \"$1\"", in.toString(),
        out.toString());
    List<String> repack = List.of(h5j, "repack", in.toString(), out.toString());

    List<Double> cpTimes = new ArrayList<>();
    List<Double> h5jTimes = new ArrayList<>();
    List<Run> h5jRuns = new ArrayList<>();
    System.out.printf(Locale.ROOT, "%s (%,d MiB), %d rounds after one warm-up; %s%n", in,
        Files.size(in) >> 20, rounds, MachineFacts.machine());
    System.out.println("| round | load | cp + sync (2 runs) | h5j repack (2 runs) | ratio"
        + " | h5j user + sys per run | h5j minor faults per run |");
    System.out.println("|---:|---:|---:|---:|---:|---:|---:|");
    for (int r = 0; r <= rounds; r++) {
      String load = MachineFacts.loadAverage().split(" ")[0];
      Run c1 = time(cp, out, timeFile);
      Run j1 = time(repack, out, timeFile);
      Run j2 = time(repack, out, timeFile);
      Run c2 = time(cp, out, timeFile);
      double c = c1.wallS() + c2.wallS();
      double j = j1.wallS() + j2.wallS();
      System.out.printf(Locale.ROOT, "| %s | %s | %.2f s | %.2f s | %.2f | %.2f / %.2f s"
          + " | %,d / %,d |%n", r == 0 ? "warm-up" : String.valueOf(r), load, c, j, j / c,
          j1.userS() + j1.sysS(), j2.userS() + j2.sysS(), j1.minorFaults(), j2.minorFaults());
      if (r > 0) {
        cpTimes.add(c);
        h5jTimes.add(j);
        h5jRuns.add(j1);
        h5jRuns.add(j2);
      }
    }
    Files.deleteIfExists(out);
    Files.deleteIfExists(timeFile);
    RoundRatios ratios = new RoundRatios(cpTimes, h5jTimes);
    System.out.printf(Locale.ROOT, "h5j / (cp + sync): %s; target <= %.1f: %s%n",
        ratios.summary(), target, ratios.verdict(target));
    System.out.printf(Locale.ROOT, "medians per run: cp + sync %.2f s, h5j %.2f s wall,"
        + " %.2f s user, %.2f s sys, %,.0f minor faults; load average after: %s%n",
        Timing.median(cpTimes) / 2, Timing.median(h5jTimes) / 2,
        Timing.median(h5jRuns.stream().map(Run::userS).toList()),
        Timing.median(h5jRuns.stream().map(Run::sysS).toList()),
        Timing.median(h5jRuns.stream().map(x -> (double) x.minorFaults()).toList()),
        MachineFacts.loadAverage());
  }

  /**
   * Runs a command under {@code /usr/bin/time} with OUT removed first (outside the timed
   * region); fails on a non-zero exit.
   */
  private static Run time(List<String> command, Path out, Path timeFile)
      throws IOException, InterruptedException {
    Files.deleteIfExists(out);
    List<String> timed = new ArrayList<>(List.of("/usr/bin/time", "-f", "%U %S %R", "-o",
        timeFile.toString()));
    timed.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(timed).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    long t0 = System.nanoTime();
    int exit = pb.start().waitFor();
    double wall = (System.nanoTime() - t0) / 1e9;
    if (exit != 0) {
      throw new IOException("exit " + exit + ": " + String.join(" ", command));
    }
    String[] f = Files.readString(timeFile).trim().split("\\s+");
    return new Run(wall, Double.parseDouble(f[0]), Double.parseDouble(f[1]),
        Long.parseLong(f[2]));
  }
}
