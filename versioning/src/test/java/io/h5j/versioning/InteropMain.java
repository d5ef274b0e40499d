package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * h5j's half of the manual versioned-hdf5 check ({@code tools/versioned-hdf5-check}):
 *
 * <pre>
 *   write  FILE MANIFEST   writes InteropScenario's first steps with h5j, and the manifest
 *   extend FILE MANIFEST   checks every version the manifest's steps leave (whoever wrote
 *                          them), commits h5j's later steps on top of the last commit, appends
 *                          them to the manifest and checks again
 * </pre>
 *
 * Exit code 0 when every read matched, 1 when one did not (each mismatch printed), 2 on
 * usage errors.
 */
public final class InteropMain {
  private InteropMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3 || !List.of("write", "extend").contains(args[0])) {
      System.err.println("usage: InteropMain write|extend FILE MANIFEST");
      System.exit(2);
    }
    List<String> problems = args[0].equals("write")
        ? write(Path.of(args[1]), Path.of(args[2]))
        : extend(Path.of(args[1]), Path.of(args[2]));
    problems.forEach(p -> System.out.println("MISMATCH " + p));
    System.out.println(problems.isEmpty() ? "h5j: every version matched" : "h5j: "
        + problems.size() + " mismatches");
    System.exit(problems.isEmpty() ? 0 : 1);
  }

  /** Writes the first steps into a new {@code file}; returns the mismatches h5j then reads. */
  static List<String> write(Path file, Path manifest) throws IOException {
    ArrayNode steps = InteropScenario.firstSteps();
    try (VersionedFile vf = VersionedFile.create(file)) {
      for (JsonNode step : steps) {
        InteropScenario.apply(vf, step);
      }
    }
    ObjectNode root = InteropScenario.JSON.createObjectNode();
    root.set("steps", steps);
    InteropScenario.writeManifest(manifest, root);
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      return InteropScenario.verify(vf, steps);
    }
  }

  /** Checks {@code file} against the manifest, commits h5j's later steps, checks again. */
  static List<String> extend(Path file, Path manifest) throws IOException {
    ObjectNode root = InteropScenario.readManifest(manifest);
    ArrayNode steps = (ArrayNode) root.get("steps");
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      List<String> before = InteropScenario.verify(vf, steps);
      if (!before.isEmpty()) {
        return before;
      }
    }
    // the newest commit that no later step deleted
    var kept = InteropScenario.replay(steps).keySet();
    String last = null;
    for (JsonNode step : steps) {
      if (step.get("kind").asText().equals("commit") && kept.contains(step.get("name").asText())) {
        last = step.get("name").asText();
      }
    }
    ArrayNode later = InteropScenario.laterSteps(last);
    try (VersionedFile vf = VersionedFile.open(file)) {
      for (JsonNode step : later) {
        InteropScenario.apply(vf, step);
        steps.add(step);
      }
    }
    InteropScenario.writeManifest(manifest, root);
    try (VersionedFile vf = VersionedFile.openReadOnly(file)) {
      return InteropScenario.verify(vf, steps);
    }
  }
}
