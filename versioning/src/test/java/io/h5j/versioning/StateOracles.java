package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.testing.Oracles;
import io.h5j.testing.VersionedHdf5Peers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The readers other than h5j that judge crashed states, many states per run of
 * {@code crash_state_oracle.py}: h5py on libhdf5 1.10.8 and on 2.0 read the version groups
 * as plain HDF5; versioned-hdf5 (both peers) reads every version it lists.
 */
enum StateOracles {
  H5PY_1_10("h5py 3.7 / libhdf5 1.10.8"),
  H5PY_2_0("h5py 3.16 / libhdf5 2.0"),
  VH5_DEB("versioned-hdf5 master / libhdf5 1.10.8"),
  VH5_V2("versioned-hdf5 1.7.0 / libhdf5 2.0");

  private final String description;

  StateOracles(String description) {
    this.description = description;
  }

  @Override
  public String toString() {
    return description;
  }

  /** A state to judge: its file, what it is, and the states the file may show. */
  record Sample(Path file, String label, List<FileExpectation> outcomes) {}

  /** Skips or fails the test, by the oracle rules, when this reader is not installed. */
  void require() {
    switch (this) {
      case H5PY_1_10 -> Oracles.requireH5py();
      case H5PY_2_0 -> Oracles.requireHdf5v2();
      case VH5_DEB -> VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.DEB);
      case VH5_V2 -> VersionedHdf5Peers.require(VersionedHdf5Peers.Peer.V2);
    }
  }

  /** Per sample file, the problems this reader found (none: it read the state as allowed). */
  Map<Path, List<String>> judge(List<Sample> samples) throws IOException {
    Map<Path, List<String>> out = new LinkedHashMap<>();
    if (samples.isEmpty()) {
      return out;
    }
    ObjectMapper om = new ObjectMapper();
    ObjectNode plan = om.createObjectNode();
    ArrayNode states = plan.putArray("states");
    for (Sample s : samples) {
      ObjectNode n = states.addObject();
      n.put("file", s.file().toString());
      n.put("label", s.label());
      ArrayNode outcomes = n.putArray("outcomes");
      s.outcomes().forEach(o -> outcomes.add(o.toJson(om)));
    }
    Path planFile = Files.createTempFile("h5j-crash-plan", ".json");
    try {
      om.writeValue(planFile.toFile(), plan);
      String mode = this == H5PY_1_10 || this == H5PY_2_0 ? "h5py" : "versioned-hdf5";
      String stdout = run(script(), mode, planFile.toString());
      for (String line : stdout.split("\n")) {
        if (!line.startsWith("{")) {
          continue;
        }
        JsonNode r = om.readTree(line);
        List<String> problems = new ArrayList<>();
        r.get("problems").forEach(p -> problems.add(p.asText()));
        out.put(Path.of(r.get("file").asText()), problems);
      }
    } finally {
      Files.deleteIfExists(planFile);
    }
    for (Sample s : samples) {
      out.putIfAbsent(s.file(), List.of(this + " gave no verdict (its output ended early)"));
    }
    return out;
  }

  private String run(String script, String... args) throws IOException {
    return switch (this) {
      case H5PY_1_10 -> Oracles.python(script, args);
      case H5PY_2_0 -> {
        Oracles.requireHdf5v2();
        Oracles.Run r = Oracles.runPython(Oracles.hdf5v2Python(), script, List.of(args));
        if (r.exitCode() != 0) {
          throw new AssertionError("h5py 3.16 exited " + r.exitCode() + ":\n" + r.stderr());
        }
        yield r.stdout();
      }
      case VH5_DEB -> VersionedHdf5Peers.python(VersionedHdf5Peers.Peer.DEB, script, args);
      case VH5_V2 -> VersionedHdf5Peers.python(VersionedHdf5Peers.Peer.V2, script, args);
    };
  }

  private static String script() throws IOException {
    try (InputStream in = StateOracles.class.getResourceAsStream("crash_state_oracle.py")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
