package io.h5j.versioning;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 14's version-graph fuzzer: random graphs of {@code -Dh5j.fuzz.steps=N} (50) steps,
 * each step ({@link GraphSteps}) by h5j or by versioned-hdf5 (a peer: one per graph or both,
 * drawn), in a session of its own, some of h5j's crashed at a random write; after every step
 * h5j and the graph's peers read every version as the model holds it ({@link GraphRun}).
 * {@code -Dh5j.fuzz.graphs=N} graphs (2) from {@code -Dh5j.fuzz.seed=N} (14; {@code random}
 * for a fresh one), a crash in {@code -Dh5j.fuzz.crashRate=P} (0.25) of h5j's steps. A failing
 * graph is shrunk for at most {@code -Dh5j.fuzz.shrinkSeconds=S} (300) and printed, with its
 * graph seed (run it alone with {@code -Dh5j.fuzz.graphSeed=N}) and
 * shrunk steps also in {@code target/graph-fuzz-failures/}, to become an example test
 * ({@link GraphFuzzExamplesTest}). Counts go to {@code target/graph-fuzz-report.txt}.
 */
@OracleTest
class GraphFuzzTest {
  private static final FuzzCounts TOTAL = new FuzzCounts();

  @TestFactory
  Stream<DynamicTest> randomGraphsReadAsTheModelInH5jAndVersionedHdf5() {
    String replay = System.getProperty("h5j.fuzz.replay");
    if (replay != null) {
      return Stream.of(DynamicTest.dynamicTest("replay of " + replay, () -> replay(replay)));
    }
    if (System.getProperty("h5j.fuzz.graphSeed") != null) { // one graph, as a failure named it
      long g = Long.getLong("h5j.fuzz.graphSeed");
      return Stream.of(DynamicTest.dynamicTest("graph seed " + g, () -> graph(g)));
    }
    int graphs = Integer.getInteger("h5j.fuzz.graphs", 2);
    String seedProperty = System.getProperty("h5j.fuzz.seed", "14");
    long seed = seedProperty.equals("random") ? System.nanoTime() : Long.parseLong(seedProperty);
    Random seeds = new Random(seed);
    long[] graphSeeds = IntStream.range(0, graphs).mapToLong(i -> seeds.nextLong()).toArray();
    return IntStream.range(0, graphs).mapToObj(i -> DynamicTest.dynamicTest(
        "graph " + i + " of seed " + seed + " (graph seed " + graphSeeds[i] + ")",
        () -> graph(graphSeeds[i])));
  }

  @AfterAll
  static void publish() throws IOException {
    TOTAL.publish("graph fuzzer, " + java.time.Instant.now());
  }

  /** The actors of a graph: h5j and one peer, or both, drawn. */
  static Set<GraphActor> actors(Random rnd) {
    return switch (rnd.nextInt(3)) {
      case 0 -> EnumSet.of(GraphActor.H5J, GraphActor.DEB);
      case 1 -> EnumSet.of(GraphActor.H5J, GraphActor.V2);
      default -> EnumSet.allOf(GraphActor.class);
    };
  }

  private static void graph(long seed) throws IOException {
    Oracles.requireH5py();
    VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.DEB);
    VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.V2);
    int steps = Integer.getInteger("h5j.fuzz.steps", 50);
    double crashRate = Double.parseDouble(System.getProperty("h5j.fuzz.crashRate", "0.25"));
    Random rnd = new Random(seed);
    Set<GraphActor> actors = actors(rnd);
    // versioned-hdf5 master on h5py 3.7 (PEER_DEB) crashes staging a version whose parent
    // holds a variable-length string dataset: graphs it writes in have none
    PathCatalog catalog = PathCatalog.random(rnd, !actors.contains(GraphActor.DEB));
    GraphSteps gen = new GraphSteps(catalog, actors, crashRate, rnd);
    int[] made = {0};
    GraphRun.Source source = (model, lost) -> made[0]++ < steps ? gen.next(model, lost) : null;
    Path dir = Files.createTempDirectory("h5j-graph-fuzz");
    FuzzCounts counts = new FuzzCounts();
    try {
      long t0 = System.nanoTime();
      GraphRun.Result r = new GraphRun(dir, actors, true, counts).run(source);
      counts.add("milliseconds", (System.nanoTime() - t0) / 1_000_000);
      TOTAL.addAll(counts);
      if (r.failure() != null) {
        TOTAL.add("failures");
        Assertions.fail(report(seed, actors, catalog, r, dir));
      }
    } finally {
      GraphShrinker.deleteTree(dir);
    }
  }

  private static String report(long seed, Set<GraphActor> actors, PathCatalog catalog,
      GraphRun.Result r, Path dir) throws IOException {
    GraphScript failing = new GraphScript(actors, r.steps());
    long seconds = Long.getLong("h5j.fuzz.shrinkSeconds", 300);
    GraphShrinker shrinker = new GraphShrinker(dir, r.failure().signature(), seconds);
    long t0 = System.nanoTime();
    GraphScript shrunk = shrinker.shrink(failing);
    String json = shrunk.toJson();
    Path out = Path.of("target", "graph-fuzz-failures", (seed == -1 ? "replay-" + System.nanoTime()
        : "seed-" + seed) + ".json");
    Files.createDirectories(out.getParent());
    Files.writeString(out, json);
    return "graph seed " + seed + " (" + actors + ", " + catalog + ") failed at "
        + r.failure() + "\nshrunk from " + r.steps().size() + " to " + shrunk.steps().size()
        + " steps in " + shrinker.tries() + " runs, " + (System.nanoTime() - t0) / 1_000_000_000
        + " s (" + out + "):\n" + json;
  }

  /**
   * {@code -Dh5j.fuzz.replay=FILE}: runs the graph FILE holds ({@link GraphScript} JSON, as a
   * failure report wrote it) with every check, and if it fails shrinks it further;
   * {@code -Dh5j.fuzz.keep=H5} copies the file it made there first.
   */
  private static void replay(String file) throws IOException {
    GraphScript script = GraphScript.fromJson(Files.readString(Path.of(file)));
    Path dir = Files.createTempDirectory("h5j-graph-replay");
    try {
      GraphRun.Result r = new GraphRun(dir, script.actors(), true, TOTAL).run(script.source());
      String keep = System.getProperty("h5j.fuzz.keep");
      if (keep != null) { // the file as the graph left it, to look into
        Files.copy(dir.resolve("graph.h5"), Path.of(keep),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      if (r.failure() != null) {
        Assertions.fail(report(-1, script.actors(), null, r, dir));
      }
    } finally {
      GraphShrinker.deleteTree(dir);
    }
  }
}
