package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fuzzer's model of a versioned file: the steps that happened to it, in the manifest form
 * of {@link InteropScenario}, and what they leave (every version's datasets as
 * {@link InteropScenario#replay} computes them from the value formula, their parents, the
 * current version), also as the {@link FileExpectation} the readers are judged against.
 * Immutable: {@link #with} gives the model after one more step.
 */
final class GraphModel {
  static final GraphModel EMPTY = new GraphModel(JsonNodeFactory.instance.arrayNode());

  private final ArrayNode steps;
  private Map<String, Map<String, InteropScenario.Model>> versions;
  private FileExpectation expectation;

  private GraphModel(ArrayNode steps) {
    this.steps = steps;
  }

  /** This model with {@code step} done. */
  GraphModel with(JsonNode step) {
    ArrayNode more = steps.deepCopy();
    more.add(step.deepCopy());
    return new GraphModel(more);
  }

  /** The steps done, oldest first (a copy). */
  ArrayNode steps() {
    return steps.deepCopy();
  }

  /** Version name to (dataset path to model), in commit order. */
  Map<String, Map<String, InteropScenario.Model>> versions() {
    if (versions == null) {
      versions = InteropScenario.replay(steps);
    }
    return versions;
  }

  /** The current version, or null before the first commit (or after all were deleted). */
  String current() {
    return InteropScenario.current(steps);
  }

  /** What a reader must find: versions, parents, current, every dataset's digest. */
  FileExpectation expectation() {
    if (expectation == null) {
      Map<String, String> parents = InteropScenario.parents(steps);
      Map<String, FileExpectation.Version> out = new LinkedHashMap<>();
      versions().forEach((name, datasets) -> {
        Map<String, FileExpectation.Data> data = new LinkedHashMap<>();
        datasets.forEach((path, m) -> data.put(path, new FileExpectation.Data(m.dtype(),
            m.shape().clone(), ValueDigest.of(m.dtype(), m.expected()))));
        String parent = parents.get(name);
        out.put(name, new FileExpectation.Version(parent == null ? FileExpectation.NO_VERSION
            : parent, data));
      });
      String current = current();
      expectation = new FileExpectation(current == null ? FileExpectation.NO_VERSION : current,
          out);
    }
    return expectation;
  }
}
