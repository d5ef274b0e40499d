package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a failing graph to a small one that fails the same way (the same
 * {@link GraphRun.Failure#signature}): removes runs of steps, halving their length down to
 * single steps (delta debugging), then single ops of commits, then tries each crash left out
 * and each peer step done by h5j instead. Every candidate runs from a new file, the peers
 * reading at the end only (h5j after every step). Stops when {@code seconds} have passed,
 * with the smallest failing graph found so far.
 */
final class GraphShrinker {
  private final Path dir;
  private final long deadline;
  private final FuzzCounts counts = new FuzzCounts();
  private final String signature;
  private int tries;

  GraphShrinker(Path dir, String signature, long seconds) {
    this.dir = dir;
    this.signature = signature;
    this.deadline = System.nanoTime() + seconds * 1_000_000_000L;
  }

  int tries() {
    return tries;
  }

  GraphScript shrink(GraphScript failing) throws IOException {
    GraphScript best = failing;
    for (int chunk = Math.max(1, best.steps().size() / 2); chunk >= 1 && !late(); ) {
      boolean smaller = false;
      for (int i = 0; i < best.steps().size() && !late(); ) {
        List<ObjectNode> s = new ArrayList<>(best.steps());
        s.subList(i, Math.min(s.size(), i + chunk)).clear();
        GraphScript found = failsAs(best.withSteps(s));
        if (found != null) {
          best = found;
          smaller = true;
        } else {
          i += chunk;
        }
      }
      chunk = smaller ? Math.min(chunk, Math.max(1, best.steps().size() / 2)) : chunk / 2;
    }
    for (int i = 0; i < best.steps().size() && !late(); i++) {
      for (int op = 0; best.steps().get(i).has("ops")
          && op < best.steps().get(i).get("ops").size() && !late(); ) {
        ObjectNode step = best.steps().get(i).deepCopy();
        ((ArrayNode) step.get("ops")).remove(op);
        GraphScript found = failsAs(replaced(best, i, step));
        if (found != null) {
          best = found;
        } else {
          op++;
        }
      }
    }
    for (int i = 0; i < best.steps().size() && !late(); i++) {
      JsonNode s = best.steps().get(i);
      if (s.has("crash")) {
        ObjectNode step = best.steps().get(i).deepCopy();
        step.remove("crash");
        GraphScript found = failsAs(replaced(best, i, step));
        best = found != null ? found : best;
      }
      if (!best.steps().get(i).get("by").asText().equals(GraphActor.H5J.label())) {
        ObjectNode step = best.steps().get(i).deepCopy();
        step.put("by", GraphActor.H5J.label());
        GraphScript found = failsAs(replaced(best, i, step));
        best = found != null ? found : best;
      }
    }
    return best;
  }

  private static GraphScript replaced(GraphScript g, int i, ObjectNode step) {
    List<ObjectNode> s = new ArrayList<>(g.steps());
    s.set(i, step);
    return g.withSteps(s);
  }

  private boolean late() {
    return System.nanoTime() > deadline;
  }

  /** The steps the candidate ran up to its failure, if it fails as the original; else null. */
  private GraphScript failsAs(GraphScript candidate) throws IOException {
    tries++;
    Path d = Files.createTempDirectory(dir, "shrink-");
    try {
      GraphRun.Result r = new GraphRun(d, candidate.actors(), false, counts)
          .run(candidate.source());
      if (r.failure() == null || !r.failure().signature().equals(signature)) {
        return null;
      }
      int end = r.failure().step() < 0 ? r.steps().size() : r.failure().step() + 1;
      return candidate.withSteps(r.steps().subList(0, end));
    } catch (IOException | RuntimeException | AssertionError e) {
      return null;
    } finally {
      deleteTree(d);
    }
  }

  static void deleteTree(Path d) throws IOException {
    if (!Files.exists(d)) {
      return;
    }
    try (var walk = Files.walk(d)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
