package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs one fuzzed version graph on a new file: step by step from a {@link Source} (the
 * generator, or a fixed list of steps when shrinking or replaying an example), each by its
 * actor in a session of its own ({@link GraphSession}) or with a crash ({@link CrashInjector});
 * after each, {@link GraphCheck} (h5j, then the reader peers) against the {@link GraphModel},
 * which takes the step if the file shows it done. At the end, {@code check.py verify} replays
 * the model's steps with numpy and compares every version, h5py reading and each peer
 * reading (chunks attributes, fill values, parents, committed marks, timestamps as well).
 * Stops at the first failure.
 */
final class GraphRun {
  /** Where the steps come from. */
  interface Source {
    /** The next step on {@code model} ({@code lost}: the last one, undone by a crash), or null. */
    ObjectNode next(GraphModel model, ObjectNode lost);
  }

  /**
   * The first thing that went wrong: at which step (-1: at the end), who found it (the actor
   * that could not do the step, or the first reader that read the file wrong), and what.
   */
  record Failure(int step, JsonNode stepNode, String where, List<String> problems) {
    /**
     * What a shrunk graph must still fail with to count as the same failure: who found it and
     * the first words of the first problem, without the step's label, numbers and names.
     */
    String signature() {
      String p = problems.isEmpty() ? "" : problems.get(0);
      if (p.contains(" | ")) { // a peer's traceback: its last line names the error
        p = p.substring(p.lastIndexOf(" | ") + 3);
      }
      int reader = p.indexOf("=[");
      p = reader >= 0 ? p.substring(reader + 2) : p.replaceFirst("^step \\d+ [^:]*: ", "");
      p = p.replaceFirst("^MISMATCH ", "").replaceFirst("^[^ ]*:[^ ]* ", "")
          .replaceAll("\\d+", "#");
      return where + " | " + p.substring(0, Math.min(24, p.length()));
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("step " + step + " (" + stepNode + "): " + where);
      for (String p : problems.subList(0, Math.min(6, problems.size()))) {
        b.append("; ").append(p, 0, Math.min(p.length(), 1500));
      }
      return b.toString();
    }
  }

  /** The steps tried (those a crash undid included), the model at the end, the failure. */
  record Result(List<ObjectNode> steps, GraphModel model, Failure failure) {}

  private final Path dir;
  private final Set<GraphActor> actors;
  private final List<StateOracles> readers;
  private final boolean readEveryStep;
  private final FuzzCounts counts;

  /**
   * A run in {@code dir} by {@code actors}; the peers among them read after every step if
   * {@code readEveryStep}, else after the last only (h5j reads after each step always).
   */
  GraphRun(Path dir, Set<GraphActor> actors, boolean readEveryStep, FuzzCounts counts) {
    this.dir = dir;
    this.actors = Set.copyOf(actors);
    this.readers = actors.stream().filter(a -> a != GraphActor.H5J).sorted()
        .map(GraphActor::oracle).toList();
    this.readEveryStep = readEveryStep;
    this.counts = counts;
  }

  Result run(Source source) throws IOException {
    Path file = dir.resolve("graph.h5");
    Files.deleteIfExists(file);
    VersionedFile.create(file).close();
    GraphModel model = GraphModel.EMPTY;
    List<ObjectNode> done = new ArrayList<>();
    ObjectNode lost = null;
    counts.add("graphs");
    for (ObjectNode step = source.next(model, null); step != null;
        step = source.next(model, lost)) {
      int i = done.size();
      done.add(step);
      GraphModel after = model.with(step);
      String label = "step " + i + " " + step.get("kind").asText() + " by "
          + step.get("by").asText();
      boolean crashed = step.has("crash");
      long t0 = System.nanoTime();
      try {
        if (crashed) {
          CrashInjector.Injected c = CrashInjector.run(file, step);
          label += ", " + c.mode() + ": " + c.label();
          counts.add("crashes injected: " + c.mode());
        } else {
          GraphSession.run(file, step);
        }
      } catch (GraphSession.PeerStepFailed e) {
        return failed(done, model, i, step, step.get("by").asText() + " doing the step",
            List.of(e.getMessage()));
      } catch (IOException | RuntimeException e) {
        return failed(done, model, i, step, "h5j doing the step", List.of(label + ": " + e));
      }
      count(step, lost);
      counts.add("ms doing steps by " + step.get("by").asText() + (crashed ? " (crashed)" : ""),
          (System.nanoTime() - t0) / 1_000_000);
      GraphCheck.Result r = GraphCheck.check(file, model.expectation(), after.expectation(),
          crashed, readEveryStep ? readers : List.of(), label, counts);
      counts.add("checks by h5j");
      counts.add("checks by peers", readEveryStep ? readers.size() : 0);
      if (!r.ok()) {
        return failed(done, model, i, step, "read by " + r.problems().keySet().iterator().next(),
            List.of("after " + label + ": " + r.problems()));
      }
      boolean undone = r.outcome() == StateCheck.Outcome.BEFORE
          && !model.expectation().equals(after.expectation());
      if (crashed) {
        counts.add("crashes that left the step " + (undone ? "undone" : "done"));
      }
      lost = undone ? step : null;
      model = undone ? model : after;
    }
    Failure last = finalChecks(file, model);
    return new Result(done, model, last);
  }

  private void count(JsonNode step, ObjectNode lost) {
    counts.add("steps");
    if (lost != null && step.has("name") && lost.has("name")
        && step.get("name").equals(lost.get("name"))) {
      counts.add("steps retrying one a crash undid");
    }
    counts.add("steps by " + step.get("by").asText());
    counts.add("steps: " + step.get("kind").asText()
        + (InteropScenario.aborted(step) ? " (aborted)" : ""));
  }

  private static Result failed(List<ObjectNode> done, GraphModel model, int i, JsonNode step,
      String where, List<String> problems) {
    return new Result(done, model, new Failure(i, step, where, problems));
  }

  /** The readers that did not read every step read now; then check.py verify, each reader. */
  private Failure finalChecks(Path file, GraphModel model) throws IOException {
    if (!readEveryStep) {
      GraphCheck.Result r = GraphCheck.check(file, model.expectation(), model.expectation(),
          false, readers, "the end of the graph", counts);
      if (!r.ok()) {
        return new Failure(-1, null, "read by " + r.problems().keySet().iterator().next(),
            List.of("at the end: " + r.problems()));
      }
    }
    Path manifest = dir.resolve("manifest.json");
    ObjectNode root = InteropScenario.JSON.createObjectNode();
    root.set("steps", model.steps());
    InteropScenario.writeManifest(manifest, root);
    String script = Files.readString(GraphSession.CHECK);
    List<String> args = List.of("verify", file.toString(), manifest.toString(), "--reader");
    List<String> h5py = new ArrayList<>(args);
    h5py.add("h5py");
    Oracles.requireH5py();
    Failure f = verdict("check.py verify, h5py 3.7", Oracles.runPython(Path.of(Oracles.PYTHON),
        script, h5py));
    for (GraphActor a : actors) {
      if (f == null && a.peer() != null) {
        List<String> vh5 = new ArrayList<>(args);
        vh5.add("vhdf5");
        f = verdict("check.py verify, " + a.peer(), VersionedHdf5Peers.run(a.peer(), script,
            vh5.toArray(String[]::new)));
      }
    }
    counts.add("final check.py verifies");
    return f;
  }

  private static Failure verdict(String who, Oracles.Run r) {
    if (r.exitCode() == 0) {
      return null;
    }
    List<String> problems = new ArrayList<>();
    for (String line : GraphSession.withoutNoise(r.stdout() + "\n" + r.stderr()).split("\n")) {
      if (line.startsWith("MISMATCH") || line.contains("Error")) {
        problems.add(line.strip());
      }
    }
    if (problems.isEmpty()) {
      problems.add("exit " + r.exitCode() + ": " + GraphSession.lastLines(r.stderr(), 6));
    }
    return new Failure(-1, null, who, problems);
  }
}
