package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The fuzzer's view of a version being staged, op by op: which datasets it holds, their
 * shapes, and which came from the parent without a single written element (as far as the
 * model knows: every element reads the fill value). It says whether an op may be done by an
 * actor ({@link #refusal}), so that generated and shrunk graphs stay within what h5j's API
 * accepts and what each peer can do.
 */
final class StagedTree {
  private final Map<String, long[]> shapes = new LinkedHashMap<>();
  /** Datasets of the parent with no element written: no stored chunk, as far as we know. */
  private final Set<String> unwritten = new HashSet<>();
  /** Datasets created in this version. */
  private final Set<String> fresh = new HashSet<>();

  /** The tree of {@code parent} in {@code model} (null: a new root, no datasets). */
  static StagedTree of(GraphModel model, String parent) {
    StagedTree t = new StagedTree();
    if (parent != null) {
      model.versions().get(parent).forEach((p, m) -> {
        t.shapes.put(p, m.shape().clone());
        if (m.seeds().isEmpty()) {
          t.unwritten.add(p);
        }
      });
    }
    return t;
  }

  Set<String> datasets() {
    return shapes.keySet();
  }

  long[] shape(String path) {
    return shapes.get(path).clone();
  }

  /** Whether some dataset of the tree lies below group {@code g}. */
  boolean holdsBelow(String g) {
    return shapes.keySet().stream().anyMatch(p -> p.startsWith(g + "/"));
  }

  /**
   * Whether {@code by} may write {@code path}: versioned-hdf5 1.7.0 (PEER_V2) fails on a
   * dataset staged from a parent that stored no chunk of it ("IndexError: list index out of
   * range" in InMemoryDatasetID.data_dict, which reads virtual_sources()[0]).
   */
  boolean mayWrite(String path, GraphActor by) {
    return by != GraphActor.V2 || !unwritten.contains(path);
  }

  /**
   * Whether {@code by} may resize {@code path}: PEER_V2 cannot resize a dataset created in the
   * same version (its InMemorySparseDataset): with rank > 1 it raises NotImplementedError,
   * shrunk after a write it fails ("Invalid mapping selections"), grown after a write it maps
   * only the part of the chunk it had, which its own next commit on that version then reads
   * wrong.
   */
  boolean mayResize(String path, GraphActor by) {
    return mayWrite(path, by) && (by != GraphActor.V2 || !fresh.contains(path));
  }

  /** Why {@code by} may not do {@code op} on this tree, or null if it may. */
  String refusal(JsonNode op, GraphActor by) {
    String path = op.get("path").asText();
    return switch (op.get("op").asText()) {
      case "create" -> shapes.containsKey(path) ? path + " exists" : null;
      case "write" -> {
        if (!shapes.containsKey(path)) {
          yield "no " + path;
        }
        long[] shape = shapes.get(path);
        JsonNode start = op.get("start");
        JsonNode count = op.get("count");
        for (int d = 0; d < shape.length; d++) {
          if (count.get(d).asLong() < 1
              || start.get(d).asLong() + count.get(d).asLong() > shape[d]) {
            yield "box outside " + path;
          }
        }
        yield mayWrite(path, by) ? null : by + " cannot write " + path + " (no stored chunk)";
      }
      case "resize" -> !shapes.containsKey(path) ? "no " + path
          : mayResize(path, by) ? null : by + " cannot resize " + path
              + (fresh.contains(path) ? " (made in this version)" : " (no stored chunk)");
      case "delete" -> shapes.containsKey(path) || holdsBelow(path) ? null : "no " + path;
      default -> "unknown op " + op;
    };
  }

  /** Does {@code op} (allowed) to the tree. */
  void apply(JsonNode op) {
    String path = op.get("path").asText();
    switch (op.get("op").asText()) {
      case "create" -> {
        shapes.put(path, longs(op.get("shape")));
        unwritten.remove(path); // staged in memory: any peer writes it
        fresh.add(path);
      }
      case "resize" -> shapes.put(path, longs(op.get("shape")));
      case "delete" -> {
        shapes.remove(path);
        shapes.keySet().removeIf(p -> p.startsWith(path + "/"));
        fresh.retainAll(shapes.keySet());
      }
      default -> { }
    }
  }

  /** The first refusal of the ops of a commit staged on {@code parent}, or null. */
  static String refusal(GraphModel model, JsonNode commit, GraphActor by) {
    String parent = commit.get("parent").isNull() ? null : commit.get("parent").asText();
    if (parent != null && !model.versions().containsKey(parent)) {
      return "no parent " + parent;
    }
    StagedTree t = of(model, parent);
    for (JsonNode op : commit.get("ops")) {
      String why = t.refusal(op, by);
      if (why != null) {
        return why;
      }
      t.apply(op);
    }
    return null;
  }

  private static long[] longs(JsonNode a) {
    long[] out = new long[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).asLong();
    }
    return out;
  }
}
