package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A fixed graph: its actors and its steps, as a fuzzed run made them (the crash seeds
 * included), in JSON ({@code {"actors": [...], "steps": [...]}}) for shrinking, failure
 * reports and example tests. Replayed, it skips a step that {@link StepRules} refuses on the
 * model so far (a step that a removed one made possible, or a retry after a crash that now
 * left its step done).
 */
record GraphScript(Set<GraphActor> actors, List<ObjectNode> steps) {
  GraphScript {
    actors = Set.copyOf(actors);
    steps = List.copyOf(steps);
  }

  GraphRun.Source source() {
    Iterator<ObjectNode> it = steps.iterator();
    return (model, lost) -> {
      while (it.hasNext()) {
        ObjectNode s = it.next();
        if (StepRules.refusal(model, s, actors) == null) {
          return s;
        }
      }
      return null;
    };
  }

  /**
   * The steps exactly as given, none skipped and none checked against the rules: for example
   * tests, which may also do what the generator keeps a peer from doing.
   */
  GraphRun.Source exact() {
    Iterator<ObjectNode> it = steps.iterator();
    return (model, lost) -> it.hasNext() ? it.next() : null;
  }

  GraphScript withSteps(List<ObjectNode> s) {
    return new GraphScript(actors, s);
  }

  String toJson() {
    ObjectNode root = InteropScenario.JSON.createObjectNode();
    ArrayNode a = root.putArray("actors");
    new TreeSet<>(actors).forEach(x -> a.add(x.label()));
    ArrayNode s = root.putArray("steps");
    steps.forEach(s::add);
    try {
      return InteropScenario.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static GraphScript fromJson(String json) throws IOException {
    JsonNode root = InteropScenario.JSON.readTree(json);
    Set<GraphActor> actors = new TreeSet<>();
    root.get("actors").forEach(a -> actors.add(GraphActor.of(a.asText())));
    List<ObjectNode> steps = new ArrayList<>();
    root.get("steps").forEach(s -> steps.add((ObjectNode) s));
    return new GraphScript(actors, steps);
  }
}
