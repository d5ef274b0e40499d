package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The Python package versioned-hdf5 as an oracle: Python scripts run under one of the two
 * reference installs ("peers") that {@code ../shared/peers/setup-peer.sh} builds. A missing
 * peer skips the test loudly on a developer machine and fails it under CI (CI=true), unless
 * {@code .ci/run} could not build the peers and said why in {@code H5J_PEERS_UNAVAILABLE}.
 */
public final class VersionedHdf5Peers {
  private VersionedHdf5Peers() {}

  /** The two installs, each with the variable that names its Python and its default path. */
  public enum Peer {
    /** versioned-hdf5 master (2.4.1.dev) on Debian's h5py 3.7 and libhdf5 1.10.8. */
    DEB("H5J_PEER_DEB", "/tmp/h5j-peer/vh5-deb/bin/python",
        "versioned-hdf5 master on h5py 3.7 / libhdf5 1.10.8"),
    /** versioned-hdf5 1.7.0 on h5py 3.16 and libhdf5 2.0. */
    V2("H5J_PEER_V2", "/tmp/h5j-peer/vh5-v2/bin/python",
        "versioned-hdf5 1.7.0 on h5py 3.16 / libhdf5 2.0");

    private final String variable;
    private final String defaultPython;
    private final String description;

    Peer(String variable, String defaultPython, String description) {
      this.variable = variable;
      this.defaultPython = defaultPython;
      this.description = description;
    }

    /** {@code $H5J_PEER_DEB} or {@code $H5J_PEER_V2}, else the path setup-peer.sh uses. */
    public Path python() {
      String env = System.getenv(variable);
      return Path.of(env != null && !env.isBlank() ? env : defaultPython);
    }

    @Override
    public String toString() {
      return name() + " (" + description + ")";
    }
  }

  private static final Map<Peer, Boolean> PRESENT = new EnumMap<>(Peer.class);

  /** Whether the peer's Python runs and imports versioned_hdf5; asked once per JVM. */
  private static synchronized boolean present(Peer peer) {
    return PRESENT.computeIfAbsent(peer, p -> {
      if (!Files.isExecutable(p.python())) {
        return false;
      }
      try {
        return Oracles.run(List.of(p.python().toString(), "-c", "import versioned_hdf5"))
            .exitCode() == 0;
      } catch (IOException e) {
        return false;
      }
    });
  }

  /** Skips (developer machine) or fails (CI) the test unless {@code peer} is installed. */
  public static void require(Peer peer) {
    String unavailable = awaitBuild();
    Oracles.requireUnless(present(peer), "the versioned-hdf5 peer " + peer + " at "
        + peer.python() + " (PREFIX=/tmp/h5j-peer bash ../shared/peers/setup-peer.sh, or set "
        + peer.variable + ")", unavailable);
  }

  /** How long a test waits for the peers' background build before it gives up on them. */
  private static final long BUILD_WAIT_SECONDS = 20 * 60;

  /**
   * Why the peers could not be built, or null. When {@code .ci/run} builds them in the
   * background, {@code H5J_PEERS_PENDING} names the file that build writes when it ends ("ok"
   * or its failure): this waits for it, so that the peers are looked for only once built.
   */
  private static synchronized String awaitBuild() {
    String pending = System.getenv("H5J_PEERS_PENDING");
    if (pending == null || pending.isBlank()) {
      return System.getenv("H5J_PEERS_UNAVAILABLE");
    }
    Path status = Path.of(pending);
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(
        BUILD_WAIT_SECONDS);
    try {
      while (!Files.exists(status)) {
        if (System.nanoTime() > deadline) {
          return "the background build of the peers wrote no " + status + " within "
              + BUILD_WAIT_SECONDS + " s";
        }
        Thread.sleep(500);
      }
      String result = Files.readString(status).strip();
      return result.equals("ok") ? null : result;
    } catch (IOException e) {
      return "cannot read " + status + ": " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while waiting for " + status;
    }
  }

  /** Runs {@code python -c script args...} under the peer; its exit code and output. */
  public static Oracles.Run run(Peer peer, String script, String... args) throws IOException {
    require(peer);
    return Oracles.runPython(peer.python(), script, List.of(args));
  }

  /** Runs a script under the peer; its stdout, or the test fails if it exits non-zero. */
  public static String python(Peer peer, String script, String... args) throws IOException {
    Oracles.Run r = run(peer, script, args);
    if (r.exitCode() != 0) {
      fail("versioned-hdf5 peer " + peer + " exited " + r.exitCode() + ":\n" + r.stderr()
          + r.stdout());
    }
    return r.stdout();
  }
}
