package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.opentest4j.AssertionFailedError;

/** Each peer is the versioned-hdf5 and libhdf5 its name promises, and its failures show. */
@OracleTest
class VersionedHdf5PeersTest {
  @ParameterizedTest
  @EnumSource(VersionedHdf5Peers.Peer.class)
  void thePeerRunsTheVersionsItNames(VersionedHdf5Peers.Peer peer) throws Exception {
    String out = VersionedHdf5Peers.python(peer, String.join("\n",
        "import importlib.metadata as md, h5py",
        "print(md.version('versioned-hdf5'), h5py.version.hdf5_version)")).strip();
    String[] v = out.split(" ");
    if (peer == VersionedHdf5Peers.Peer.DEB) {
      assertTrue(v[0].startsWith("2.4.1.dev") && v[1].startsWith("1.10."), out);
    } else {
      assertTrue(v[0].equals("1.7.0") && v[1].startsWith("2."), out);
    }
  }

  @ParameterizedTest
  @EnumSource(VersionedHdf5Peers.Peer.class)
  void aFailingScriptIsReported(VersionedHdf5Peers.Peer peer) throws Exception {
    assertEquals(3, VersionedHdf5Peers.run(peer, "import sys; sys.exit(3)").exitCode());
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> VersionedHdf5Peers.python(peer, "raise SystemExit('no such version')"));
    assertTrue(e.getMessage().contains("no such version"), e.getMessage());
  }
}
