package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.fail;

import io.h5j.testing.Oracles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * The versioned-hdf5 installs that judge versioned files (built by
 * {@code ../shared/peers/setup-peer.sh}): {@link #DEB}, versioned-hdf5 master on h5py 3.7 and
 * libhdf5 1.10.8, and {@link #V2}, versioned-hdf5 1.7.0 on h5py 3.16 and libhdf5 2.0. Each runs
 * {@code vh5_tool.py} (beside this class in the test resources). A missing peer skips the test
 * loudly on a developer machine and fails it under CI ({@code CI=true}), as {@link Oracles}
 * does. A stand-in until the project's shared peer oracle lands: callers use only
 * {@link #run} and {@link #require}.
 */
enum VersionedPeer {
  DEB("H5J_PEER_DEB", "/tmp/h5j-peer/vh5-deb/bin/python"),
  V2("H5J_PEER_V2", "/tmp/h5j-peer/vh5-v2/bin/python");

  private final String env;
  private final String fallback;
  private static final Map<VersionedPeer, Boolean> PRESENT = new HashMap<>();

  VersionedPeer(String env, String fallback) {
    this.env = env;
    this.fallback = fallback;
  }

  /**
   * The peer's Python: {@code $H5J_PEER_DEB} / {@code $H5J_PEER_V2}, else {@code $PEER_DEB} /
   * {@code $PEER_V2} (the names setup-peer.sh prints), else its default build.
   */
  Path python() {
    for (String name : List.of(env, env.substring("H5J_".length()))) {
      String p = System.getenv(name);
      if (p != null && !p.isBlank()) {
        return Path.of(p);
      }
    }
    return Path.of(fallback);
  }

  /** Skips (developer machine) or fails (CI) unless this peer imports versioned_hdf5. */
  void require() {
    if (present()) {
      return;
    }
    String msg = "ORACLE MISSING: versioned-hdf5 peer " + name() + " at " + python()
        + " (bash ../shared/peers/setup-peer.sh, or set " + env + "); this test cannot judge h5j";
    System.err.println("!!! " + msg);
    if ("true".equals(System.getenv("CI"))) {
      fail(msg);
    }
    Assumptions.abort(msg);
  }

  private synchronized boolean present() {
    return PRESENT.computeIfAbsent(this, p -> {
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

  /** Runs {@code vh5_tool.py COMMAND ARGS...} with this peer; its stdout, or the test fails. */
  String run(String command, String... args) throws IOException {
    Oracles.Run r = runAllowingFailure(command, args);
    if (r.exitCode() != 0) {
      fail("versioned-hdf5 peer " + name() + " (" + python() + ") vh5_tool.py " + command
          + " exited " + r.exitCode() + ":\n" + r.stderr() + r.stdout());
    }
    return r.stdout();
  }

  /** The same, returning the exit code and output whatever they are. */
  Oracles.Run runAllowingFailure(String command, String... args) throws IOException {
    require();
    List<String> cmd = new ArrayList<>(List.of(python().toString(), "-c", tool(), command));
    cmd.addAll(List.of(args));
    return Oracles.run(cmd);
  }

  private static String tool;

  /** The source of vh5_tool.py (its maps command needs h5py only). */
  static synchronized String tool() throws IOException {
    if (tool == null) {
      try (InputStream in = VersionedPeer.class.getResourceAsStream("vh5_tool.py")) {
        tool = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    }
    return tool;
  }
}
