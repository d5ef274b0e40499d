package io.h5j.versioning;

import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code vh5_tool.py} (beside this class in the test resources: read, maps, commit, write,
 * crash) run by one of the versioned-hdf5 peers of {@link VersionedHdf5Peers}: {@link #DEB},
 * versioned-hdf5 master on h5py 3.7 and libhdf5 1.10.8, and {@link #V2}, versioned-hdf5 1.7.0
 * on h5py 3.16 and libhdf5 2.0. A missing peer skips or fails the test as that oracle does.
 */
enum VersionedPeer {
  DEB(VersionedHdf5Peers.Peer.DEB),
  V2(VersionedHdf5Peers.Peer.V2);

  private final VersionedHdf5Peers.Peer peer;

  VersionedPeer(VersionedHdf5Peers.Peer peer) {
    this.peer = peer;
  }

  /** Runs {@code vh5_tool.py COMMAND ARGS...} with this peer; its stdout, or the test fails. */
  String run(String command, String... args) throws IOException {
    return VersionedHdf5Peers.python(peer, tool(), withCommand(command, args));
  }

  /** The same, returning the exit code and output whatever they are. */
  Oracles.Run runAllowingFailure(String command, String... args) throws IOException {
    return VersionedHdf5Peers.run(peer, tool(), withCommand(command, args));
  }

  private static String[] withCommand(String command, String[] args) {
    String[] all = new String[args.length + 1];
    all[0] = command;
    System.arraycopy(args, 0, all, 1, args.length);
    return all;
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
