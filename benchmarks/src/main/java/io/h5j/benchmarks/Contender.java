package io.h5j.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One side of a {@link PeerTable} row: h5j, a peer library (h5py on one libhdf5, jHDF, a
 * command-line tool) or a floor (plain I/O doing the same bytes). Each {@link #run} is one
 * timed run; {@link #before} prepares it outside the timed region.
 *
 * @param name as printed in the table, e.g. "h5py 3.16 (libhdf5 2.0.0)"
 * @param role what the ratios compare h5j against
 * @param once run in the first counted round only (a peer too slow to repeat, e.g. h5repack
 *     on a versioned file): reported, but in no per-round ratio
 * @param before runs before each timed run, untimed; null for none
 * @param run one timed run
 */
record Contender(String name, Role role, boolean once, Timing.Before before, Timed run) {
  /**
   * What a contender is to h5j's ratios: an earlier build of h5j is compared with, never
   * taken for the best peer a goal is judged against.
   */
  enum Role { H5J, PEER, FLOOR, EARLIER }

  /** One timed run, timed by the contender itself (inside a Python process, a JVM...). */
  interface Timed {
    Run run() throws Exception;
  }

  /**
   * @param seconds the timed region
   * @param check a value every contender of the row computes alike (null: none)
   */
  record Run(double seconds, Object check) {}

  /** The same contender, run in the first counted round only. */
  Contender onlyOnce() {
    return new Contender(name, role, true, before, run);
  }

  /** An operation in this JVM, timed around the call; its result is the check. */
  static Contender inJvm(String name, Role role, Timing.Before before, Timing.Op op) {
    return new Contender(name, role, false, before, () -> {
      long t0 = System.nanoTime();
      Object check = op.run();
      return new Run((System.nanoTime() - t0) / 1e9, check);
    });
  }

  /** One run of {@code peers_side.py serve}, timed inside the Python process. */
  static Contender python(String name, H5pySide.Server server, Timing.Before before,
      String... args) {
    return new Contender(name, Role.PEER, false, before, () -> {
      String json = server.time(args);
      return new Run(JsonLine.numbers(json, "times_s").get(0), JsonLine.text(json, "check"));
    });
  }

  /** A whole process (start-up included), timed from here; fails on a non-zero exit. */
  static Contender process(String name, Role role, Timing.Before before, List<String> cmd) {
    return new Contender(name, role, false, before, () -> {
      long t0 = System.nanoTime();
      output(cmd);
      return new Run((System.nanoTime() - t0) / 1e9, null);
    });
  }

  /** Runs {@code cmd} to its end; its stdout. Stderr passes through. */
  static String output(List<String> cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int rc = p.waitFor();
    if (rc != 0) {
      throw new IOException("exit code " + rc + ": " + String.join(" ", cmd));
    }
    return out;
  }
}
