package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.OracleTest;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The fuzzer's generator, on its model alone (no file): long graphs keep to the rules, make
 * every kind of step and op, keep PEER_V2 away from datasets without a stored chunk and
 * strings away from runs with PEER_DEB; the rules refuse what the API or a peer cannot do.
 */
@OracleTest
class GraphStepsTest {
  @Test
  void longGraphsKeepToTheRulesAndMakeEveryKindOfStep() {
    Map<String, Integer> kinds = new HashMap<>();
    for (long seed = 0; seed < 25; seed++) {
      Random rnd = new Random(seed);
      Set<GraphActor> actors = GraphFuzzTest.actors(rnd);
      boolean strings = !actors.contains(GraphActor.DEB);
      GraphSteps gen = new GraphSteps(PathCatalog.random(rnd, strings), actors, 0.25, rnd);
      GraphModel model = GraphModel.EMPTY;
      ObjectNode lost = null;
      for (int i = 0; i < 100; i++) {
        ObjectNode step = gen.next(model, lost); // throws if it breaks a rule
        assertNull(StepRules.refusal(model, step, actors), step.toString());
        count(kinds, step);
        // a crash leaves its step undone half the time, as far as the generator knows
        boolean undone = step.has("crash") && rnd.nextBoolean();
        lost = undone ? step : null;
        model = undone ? model : model.with(step);
        model.expectation(); // every version's values computable
      }
    }
    for (String k : new String[] {"commit", "commit (aborted)", "deleteVersions",
        "rebuildHashTables", "new root", "crash kill", "crash power-cut", "crash fail",
        "retry", "op create", "op write", "op resize", "op delete", "shrink", "grow",
        "delete group", "by vhdf5-deb", "by vhdf5-v2", "create str", "zero length"}) {
      assertTrue(kinds.getOrDefault(k, 0) > 0, k + " never made: " + kinds);
    }
  }

  private void count(Map<String, Integer> kinds, JsonNode step) {
    kinds.merge(step.get("kind").asText() + (InteropScenario.aborted(step) ? " (aborted)" : ""),
        1, Integer::sum);
    kinds.merge("by " + step.get("by").asText(), 1, Integer::sum);
    if (step.has("crash")) {
      kinds.merge("crash " + step.get("crash").get("mode").asText(), 1, Integer::sum);
    }
    if (step.has("name") && step.get("name").asText().equals(lastCrashed)) {
      kinds.merge("retry", 1, Integer::sum);
    }
    lastCrashed = step.has("crash") && step.has("name") ? step.get("name").asText() : null;
    if (step.has("parent") && step.get("parent").isNull()) {
      kinds.merge("new root", 1, Integer::sum);
    }
    for (JsonNode op : step.path("ops")) {
      kinds.merge("op " + op.get("op").asText(), 1, Integer::sum);
      if (op.get("op").asText().equals("delete") && PathCatalog.GROUPS.contains(
          op.get("path").asText())) {
        kinds.merge("delete group", 1, Integer::sum);
      }
      if (op.has("dtype") && op.get("dtype").asText().equals("str")) {
        kinds.merge("create str", 1, Integer::sum);
      }
      for (JsonNode d : op.path("shape")) {
        if (d.asLong() == 0) {
          kinds.merge("zero length", 1, Integer::sum);
        }
      }
      if (op.get("op").asText().equals("resize")) {
        kinds.merge(op.get("shape").get(0).asLong() > 5 ? "grow" : "shrink", 1, Integer::sum);
      }
    }
  }

  /** The name of the last commit made with a crash: the next one of that name retries it. */
  private String lastCrashed;

  @Test
  void theRulesRefuseWhatTheApiOrAPeerCannotDo() {
    Set<GraphActor> all = EnumSet.allOf(GraphActor.class);
    ObjectNode v1 = InteropScenario.commit("h5j", "v1", null,
        InteropScenario.create("a", "<i4", new long[] {4}, new long[] {2}, -1),
        InteropScenario.create("b", "<f8", new long[] {4}, new long[] {2}, null),
        InteropScenario.write("b", new long[] {0}, new long[] {1}, 3));
    GraphModel m = GraphModel.EMPTY.with(v1);
    assertNotNull(StepRules.refusal(m, v1, all), "a version name taken");
    assertEquals("V2 cannot write a (no stored chunk)",
        StepRules.refusal(m, InteropScenario.commit("vhdf5-v2", "v2", "v1",
            InteropScenario.write("a", new long[] {0}, new long[] {1}, 1)), all));
    assertNull(StepRules.refusal(m, InteropScenario.commit("vhdf5-v2", "v2", "v1",
        InteropScenario.write("b", new long[] {3}, new long[] {1}, 1),
        InteropScenario.delete("a")), all));
    assertNull(StepRules.refusal(m, InteropScenario.commit("vhdf5-deb", "v2", "v1",
        InteropScenario.resize("a", new long[] {9})), all), "PEER_DEB copes");
    assertNotNull(StepRules.refusal(m, InteropScenario.commit("h5j", "v2", "v1",
        InteropScenario.write("b", new long[] {3}, new long[] {2}, 1)), all), "past the end");
    assertNotNull(StepRules.refusal(m, InteropScenario.commit("h5j", "v2", "nope"), all));
    assertNotNull(StepRules.refusal(m, InteropScenario.commit("vhdf5-deb", "v2", "v1",
        InteropScenario.create("s", "str", new long[] {4}, new long[] {2}, null)), all),
        "strings with PEER_DEB");
    ObjectNode del = InteropScenario.JSON.createObjectNode().put("by", "h5j")
        .put("kind", "deleteVersions");
    del.putArray("names").add("v1");
    assertNotNull(StepRules.refusal(m, del, all), "every version deleted");
    ObjectNode crashed = del.deepCopy().put("by", "vhdf5-v2");
    crashed.putObject("crash").put("mode", "kill").put("seed", 1);
    assertNotNull(StepRules.refusal(m.with(InteropScenario.commit("h5j", "v2", "v1")), crashed,
        all), "crashes in peer steps");
  }
}
