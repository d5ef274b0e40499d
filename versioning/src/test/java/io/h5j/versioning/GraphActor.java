package io.h5j.versioning;

import io.h5j.testing.VersionedHdf5Peers;

/**
 * Who does a step of a fuzzed version graph: h5j, or versioned-hdf5 through one of the two
 * peers. The label is the step's {@code "by"} in the manifest form of {@link InteropScenario}.
 */
enum GraphActor {
  H5J("h5j", null),
  DEB("vhdf5-deb", VersionedHdf5Peers.Peer.DEB),
  V2("vhdf5-v2", VersionedHdf5Peers.Peer.V2);

  private final String label;
  private final VersionedHdf5Peers.Peer peer;

  GraphActor(String label, VersionedHdf5Peers.Peer peer) {
    this.label = label;
    this.peer = peer;
  }

  String label() {
    return label;
  }

  /** The peer that runs this actor's steps; null for h5j. */
  VersionedHdf5Peers.Peer peer() {
    return peer;
  }

  /** The same peer as a reader of crashed and fuzzed states. */
  StateOracles oracle() {
    return switch (this) {
      case H5J -> throw new IllegalStateException("h5j judges with StateCheck");
      case DEB -> StateOracles.VH5_DEB;
      case V2 -> StateOracles.VH5_V2;
    };
  }

  static GraphActor of(String label) {
    for (GraphActor a : values()) {
      if (a.label.equals(label)) {
        return a;
      }
    }
    throw new IllegalArgumentException("no actor '" + label + "'");
  }
}
