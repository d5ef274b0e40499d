package io.h5j.versioning;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Makes the random steps of a fuzzed graph, one at a time on the model so far: commits on any
 * version or as a new root (creating, writing, growing, shrinking and deleting datasets and
 * groups), commits that fail inside the edit, deleteVersions and hash-table rebuilds; each
 * by h5j or by a peer of the run at random, and some of h5j's with a crash injected. A step
 * a crash left undone is retried next, half the time, by anyone. Every step obeys
 * {@link StepRules}.
 */
final class GraphSteps {
  static final List<String> CRASH_MODES = List.of("kill", "power-cut", "fail");
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final PathCatalog catalog;
  private final List<GraphActor> actors;
  private final Set<GraphActor> run;
  private final double crashRate;
  private final Random rnd;
  private int names;

  GraphSteps(PathCatalog catalog, Set<GraphActor> run, double crashRate, Random rnd) {
    this.catalog = catalog;
    this.run = Set.copyOf(run);
    this.actors = new ArrayList<>(run);
    this.actors.remove(GraphActor.H5J);
    this.crashRate = crashRate;
    this.rnd = rnd;
  }

  /** The next step on {@code model}; {@code lost}: the last step, if a crash undid it. */
  ObjectNode next(GraphModel model, ObjectNode lost) {
    ObjectNode step = lost != null && rnd.nextBoolean() ? retry(model, lost) : fresh(model);
    String why = StepRules.refusal(model, step, run);
    if (why != null) {
      throw new IllegalStateException("the generator made a step it may not: " + why + ": "
          + step);
    }
    return step;
  }

  private GraphActor actor() {
    return actors.isEmpty() || rnd.nextBoolean() ? GraphActor.H5J
        : actors.get(rnd.nextInt(actors.size()));
  }

  private ObjectNode retry(GraphModel model, ObjectNode lost) {
    ObjectNode again = lost.deepCopy();
    again.remove("crash");
    again.put("by", actor().label());
    if (StepRules.refusal(model, again, run) != null) {
      again.put("by", GraphActor.H5J.label());
    }
    return again;
  }

  private ObjectNode fresh(GraphModel model) {
    GraphActor by = actor();
    List<String> versions = new ArrayList<>(model.versions().keySet());
    int r = rnd.nextInt(100);
    ObjectNode step;
    if (versions.size() >= 2 && r >= 76 && r < 88) {
      step = NODES.objectNode().put("by", by.label()).put("kind", "deleteVersions");
      ArrayNode names = step.putArray("names");
      int n = 1 + rnd.nextInt(Math.min(2, versions.size() - 1));
      while (names.size() < n) {
        String v = versions.remove(rnd.nextInt(versions.size()));
        names.add(v);
      }
    } else if (!versions.isEmpty() && r >= 88) {
      step = NODES.objectNode().put("by", by.label()).put("kind", "rebuildHashTables");
    } else {
      step = commit(model, by, versions, !versions.isEmpty() && r >= 70 && r < 76);
    }
    if (by == GraphActor.H5J && !InteropScenario.aborted(step) && rnd.nextDouble() < crashRate) {
      step.putObject("crash").put("mode", CRASH_MODES.get(rnd.nextInt(CRASH_MODES.size())))
          .put("seed", rnd.nextInt(1 << 30));
    }
    return step;
  }

  private ObjectNode commit(GraphModel model, GraphActor by, List<String> versions,
      boolean abort) {
    String parent = versions.isEmpty() || rnd.nextInt(10) == 0 ? null
        : model.current() != null && rnd.nextBoolean() ? model.current()
        : versions.get(rnd.nextInt(versions.size()));
    StagedTree tree = StagedTree.of(model, parent);
    List<ObjectNode> ops = new ArrayList<>();
    int n = rnd.nextInt(12) == 0 ? 0 : 1 + rnd.nextInt(5);
    for (int i = 0; i < n; i++) {
      ObjectNode op = op(tree, by);
      if (op != null) {
        String why = tree.refusal(op, by);
        if (why != null) {
          throw new IllegalStateException("the generator made an op it may not: " + why + ": "
              + op);
        }
        tree.apply(op);
        ops.add(op);
      }
    }
    ObjectNode c = InteropScenario.commit(by.label(), "v" + names++, parent,
        ops.toArray(ObjectNode[]::new));
    if (abort) {
      c.put("abort", true);
    }
    return c;
  }

  /** One op on the staged tree, or null if the one drawn has nothing to act on. */
  private ObjectNode op(StagedTree tree, GraphActor by) {
    List<String> present = new ArrayList<>(tree.datasets());
    int r = rnd.nextInt(100);
    if (present.isEmpty() || r < 20) {
      List<PathCatalog.Entry> absent = new ArrayList<>();
      for (PathCatalog.Entry e : catalog.entries()) {
        if (!tree.datasets().contains(e.path())) {
          absent.add(e);
        }
      }
      if (absent.isEmpty()) {
        return null;
      }
      PathCatalog.Entry e = absent.get(rnd.nextInt(absent.size()));
      return InteropScenario.create(e.path(), e.dtype(), shape(e.rank(), null), e.chunks(),
          e.fill());
    }
    if (r >= 92) {
      List<String> groups = new ArrayList<>();
      for (String g : PathCatalog.GROUPS) {
        if (tree.holdsBelow(g)) {
          groups.add(g);
        }
      }
      String p = r < 96 || groups.isEmpty() ? present.get(rnd.nextInt(present.size()))
          : groups.get(rnd.nextInt(groups.size()));
      return InteropScenario.delete(p);
    }
    boolean resize = r >= 75;
    present.removeIf(p -> resize ? !tree.mayResize(p, by) : !tree.mayWrite(p, by));
    if (present.isEmpty()) {
      return null;
    }
    String p = present.get(rnd.nextInt(present.size()));
    long[] shape = tree.shape(p);
    if (resize) {
      return InteropScenario.resize(p, shape(shape.length, shape));
    }
    long[] start = new long[shape.length];
    long[] count = new long[shape.length];
    for (int d = 0; d < shape.length; d++) {
      if (shape[d] == 0) {
        return null;
      }
      start[d] = rnd.nextInt((int) shape[d]);
      count[d] = 1 + rnd.nextInt((int) (shape[d] - start[d]));
    }
    return InteropScenario.write(p, start, count, 1 + rnd.nextInt(99));
  }

  /**
   * A random shape of {@code rank}: up to 10 per dimension (5 for rank 3), now and then 0;
   * from {@code old}, each dimension grows, shrinks or stays.
   */
  private long[] shape(int rank, long[] old) {
    long[] s = new long[rank];
    int max = rank == 3 ? 5 : 10;
    for (int d = 0; d < rank; d++) {
      if (old != null && rnd.nextInt(3) == 0) {
        s[d] = old[d];
      } else {
        s[d] = rnd.nextInt(25) == 0 ? 0 : 1 + rnd.nextInt(old != null ? max + 2 : max);
      }
    }
    return s;
  }
}
