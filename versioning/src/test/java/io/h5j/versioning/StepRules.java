package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Set;

/**
 * Whether a step of a fuzzed graph may be done on a model, by its actor, in a run of the
 * given actors: what h5j's API accepts and the peers can do. The generator makes only such
 * steps; a shrunk graph skips those that the steps removed before them made impossible.
 */
final class StepRules {
  private StepRules() {}

  /** Why {@code step} cannot be done next, or null if it can. */
  static String refusal(GraphModel model, JsonNode step, Set<GraphActor> run) {
    GraphActor by = GraphActor.of(step.get("by").asText());
    if (!run.contains(by)) {
      return by + " takes no part in this run";
    }
    if (step.has("crash") && by != GraphActor.H5J) {
      return "crashes are injected into h5j's steps only";
    }
    Set<String> versions = model.versions().keySet();
    return switch (step.get("kind").asText()) {
      case "commit" -> {
        if (versions.contains(step.get("name").asText())) {
          yield "version " + step.get("name").asText() + " exists";
        }
        if (run.contains(GraphActor.DEB)) {
          for (JsonNode op : step.get("ops")) {
            if (op.get("op").asText().equals("create") && op.get("dtype").asText().equals("str")) {
              yield "strings in a run with PEER_DEB, which crashes staging on them";
            }
          }
        }
        yield StagedTree.refusal(model, step, by);
      }
      case "deleteVersions" -> {
        Set<String> gone = new HashSet<>();
        for (JsonNode n : step.get("names")) {
          if (!versions.contains(n.asText())) {
            yield "no version " + n.asText() + " to delete";
          }
          gone.add(n.asText());
        }
        yield gone.size() < versions.size() ? null : "it would delete every version";
      }
      case "rebuildHashTables" -> null;
      default -> "unknown step " + step;
    };
  }
}
