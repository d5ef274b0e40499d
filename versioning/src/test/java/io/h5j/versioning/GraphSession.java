package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Does one step of a fuzzed graph in a session of its own, as a user alternating programs
 * would: h5j opens the file, applies the step ({@link InteropScenario#apply}) and closes it;
 * a peer runs {@code tools/versioned-hdf5-check/check.py apply}, which opens the file with
 * h5py, applies the step with versioned-hdf5 and closes it.
 */
final class GraphSession {
  static final Path CHECK = Path.of("..", "tools", "versioned-hdf5-check", "check.py");

  private GraphSession() {}

  /** The step by its actor; throws what h5j threw, or an IOException naming the peer's error. */
  static void run(Path file, JsonNode step) throws IOException {
    GraphActor by = GraphActor.of(step.get("by").asText());
    if (by == GraphActor.H5J) {
      h5j(file, step);
    } else {
      peer(by.peer(), file, step);
    }
  }

  static void h5j(Path file, JsonNode step) throws IOException {
    try (VersionedFile vf = VersionedFile.open(file)) {
      InteropScenario.apply(vf, step);
    }
  }

  static void peer(VersionedHdf5Peers.Peer peer, Path file, JsonNode step) throws IOException {
    ObjectNode plan = InteropScenario.JSON.createObjectNode();
    plan.putArray("steps").add(step);
    Path steps = Files.createTempFile(file.getParent(), "steps-", ".json");
    try {
      InteropScenario.writeManifest(steps, plan);
      Oracles.Run r = VersionedHdf5Peers.run(peer, Files.readString(CHECK), "apply",
          file.toString(), steps.toString());
      if (r.exitCode() != 0) {
        throw new PeerStepFailed(peer + " exited " + r.exitCode() + " doing the step: "
            + lastLines(r.stderr() + r.stdout(), 6));
      }
    } finally {
      Files.deleteIfExists(steps);
    }
  }

  /** A step versioned-hdf5 could not do. */
  static final class PeerStepFailed extends IOException {
    PeerStepFailed(String message) {
      super(message);
    }
  }

  /**
   * {@code text} without the lines versioned-hdf5 1.7.0 on h5py 3.16 prints whenever one of its
   * in-memory datasets is freed (an AttributeError about {@code _dealloc}, ignored), which
   * are no part of any failure.
   */
  static String withoutNoise(String text) {
    StringBuilder b = new StringBuilder();
    for (String line : text.split("\n")) {
      if (!line.contains("_dealloc")) {
        b.append(line).append('\n');
      }
    }
    return b.toString();
  }

  static String lastLines(String text, int n) {
    String[] lines = withoutNoise(text).strip().split("\n");
    StringBuilder b = new StringBuilder();
    for (int i = Math.max(0, lines.length - n); i < lines.length; i++) {
      b.append(i > Math.max(0, lines.length - n) ? " | " : "").append(lines[i].strip());
    }
    return b.toString();
  }
}
