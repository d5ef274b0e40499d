package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.OracleTest;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzzer's checks can fail: a graph run by h5j and both peers passes, and the same file
 * judged against a model with one wrong value, without its last step, or (a crash) showing
 * neither the state before nor after, fails in h5j and in every peer.
 */
@OracleTest
class GraphCheckTest {
  @TempDir
  Path dir;

  private static final Set<GraphActor> ALL = EnumSet.allOf(GraphActor.class);
  private static final List<StateOracles> PEERS = List.of(StateOracles.VH5_DEB,
      StateOracles.VH5_V2);

  /** Three commits, by h5j and by each peer, on a 2-D int dataset and a 1-D float one. */
  private static List<ObjectNode> steps() {
    return List.of(
        InteropScenario.commit("h5j", "v1", null,
            InteropScenario.create("g/a", "<i4", new long[] {5, 4}, new long[] {2, 3}, -7),
            InteropScenario.write("g/a", new long[] {1, 1}, new long[] {3, 3}, 4),
            InteropScenario.create("b", "<f8", new long[] {6}, new long[] {4}, 1.5),
            InteropScenario.write("b", new long[] {0}, new long[] {2}, 5)),
        InteropScenario.commit("vhdf5-deb", "v2", "v1",
            InteropScenario.resize("g/a", new long[] {7, 2}),
            InteropScenario.write("g/a", new long[] {6, 0}, new long[] {1, 2}, 6)),
        InteropScenario.commit("vhdf5-v2", "v3", "v1",
            InteropScenario.write("b", new long[] {3}, new long[] {3}, 7)));
  }

  private GraphModel runSteps() throws IOException {
    VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.DEB);
    VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.V2);
    GraphRun.Result r = new GraphRun(dir, ALL, true, new FuzzCounts())
        .run(new GraphScript(ALL, steps()).source());
    assertNull(r.failure(), () -> r.failure().toString());
    assertEquals(3, r.model().versions().size());
    return r.model();
  }

  private static GraphCheck.Result check(Path file, FileExpectation before,
      FileExpectation after, boolean crashed) throws IOException {
    return GraphCheck.check(file, before, after, crashed, PEERS, "test", new FuzzCounts());
  }

  private static void assertAllFail(GraphCheck.Result r) {
    assertFalse(r.ok());
    assertEquals(List.of("h5j", StateOracles.VH5_DEB.toString(), StateOracles.VH5_V2.toString()),
        List.copyOf(r.problems().keySet()), r.problems().toString());
  }

  @Test
  void aWrongValueInTheModelFailsInH5jAndEveryPeer() throws IOException {
    GraphModel right = runSteps();
    Path file = dir.resolve("graph.h5");
    assertTrue(check(file, right.expectation(), right.expectation(), false).ok());
    // the same steps, but v3's write with seed 8 where the file has 7
    List<ObjectNode> s = steps();
    ObjectNode v3 = s.get(2).deepCopy();
    ((ObjectNode) v3.get("ops").get(0)).put("seed", 8);
    GraphModel wrong = GraphModel.EMPTY.with(s.get(0)).with(s.get(1)).with(v3);
    GraphCheck.Result r = check(file, wrong.expectation(), wrong.expectation(), false);
    assertAllFail(r);
    assertTrue(r.problems().get("h5j").get(0).startsWith("v3:b reads as"), r.toString());
  }

  @Test
  void aStepMissingFromTheFileFailsAndACrashStateShowingNeitherFails() throws IOException {
    GraphModel done = runSteps();
    Path file = dir.resolve("graph.h5");
    List<ObjectNode> s = steps();
    GraphModel one = GraphModel.EMPTY.with(s.get(0));
    GraphModel two = one.with(s.get(1));
    // the model holds a fourth commit that the file has not: h5j finds the state before
    GraphModel four = done.with(InteropScenario.commit("h5j", "v4", "v3"));
    GraphCheck.Result r = check(file, done.expectation(), four.expectation(), false);
    assertEquals(StateCheck.Outcome.BEFORE, r.outcome());
    assertTrue(r.problems().get("h5j").get(0).contains("the step is not in the file"),
        r.toString());
    // a crash of v3's commit may leave v1+v2 or v1+v2+v3, never v1 alone
    r = check(file, one.expectation(), two.expectation(), true);
    assertEquals(StateCheck.Outcome.NEITHER, r.outcome());
    assertAllFail(r);
  }
}
