package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.h5j.DatasetSpec;
import io.h5j.type.CharacterSet;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A history of versions written as a list of steps (commits of edits, deleteVersions,
 * rebuildHashTables) kept in a JSON manifest that h5j and versioned-hdf5 both replay. Values
 * come from a formula of (seed, coordinates) that {@code tools/versioned-hdf5-check/check.py}
 * computes on its own with numpy, so neither side's reads are checked against the other's.
 *
 * <p>Formula: {@code base = seed * 1_000_000 + sum(c[i] * 100^(rank-1-i))}; integers store
 * {@code base} (wrapping as a C cast does, e.g. {@code <u2} keeps the low 16 bits), floats {@code base + 0.5}, strings
 * {@code "s<seed>@c0,c1,..."}. Coordinates stay below 100.
 *
 * <p>A commit with {@code "abort": true} applies its ops and then fails inside the edit, as a
 * user's code that throws mid-version: nothing is committed, and the model skips it.
 */
final class InteropScenario {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private InteropScenario() {}

  /** The steps h5j writes first: every dtype and rank, fill values, a dataset with no stored
   * chunk, strings, groups, a branch, a shrink and a growth, deleteVersions and
   * rebuildHashTables. */
  static ArrayNode firstSteps() {
    ArrayNode steps = NODES.arrayNode();
    steps.add(commit("h5j", "v1", null,
        create("ints", "<i4", dims(10), dims(4), -7), write("ints", dims(0), dims(10), 1),
        create("grid", "<f8", dims(5, 6), dims(2, 4), 0.25),
        write("grid", dims(0, 0), dims(5, 6), 1), attr("grid", "units", "m/s"),
        attr("ints", "scale", 3),
        create("cube", "<i8", dims(3, 4, 5), dims(2, 2, 3), 0),
        write("cube", dims(0, 1, 1), dims(2, 2, 3), 1),
        create("empty/f4", "<f4", dims(7), dims(3), 1.5),
        create("grp/sub/strs", "str", dims(6), dims(4), null),
        write("grp/sub/strs", dims(0), dims(6), 1),
        create("grp/u16", "<u2", dims(4, 5), dims(3, 2), 7),
        write("grp/u16", dims(1, 1), dims(2, 3), 2)));
    steps.add(commit("h5j", "v2", "v1",
        write("ints", dims(2), dims(2), 2), resize("grid", dims(7, 6)),
        attr("grid", "offset", 0.5),
        write("grid", dims(6, 0), dims(1, 6), 2), write("grp/sub/strs", dims(5), dims(1), 2),
        resize("grp/u16", dims(5, 5))));
    steps.add(commit("h5j", "b1", "v1", // a branch: the same parent as v2
        write("cube", dims(2, 3, 4), dims(1, 1, 1), 3), resize("ints", dims(6)),
        create("grp/new", "<i4", dims(5), dims(5), 0), write("grp/new", dims(0), dims(5), 3)));
    steps.add(commit("h5j", "v3", "v2",
        delete("empty/f4"), resize("cube", dims(4, 4, 5)),
        write("cube", dims(3, 0, 0), dims(1, 4, 5), 4)));
    steps.add(commit("h5j", "tmp", "v3", write("grid", dims(0, 0), dims(2, 6), 5)));
    ObjectNode del = NODES.objectNode().put("by", "h5j").put("kind", "deleteVersions");
    del.putArray("names").add("tmp");
    steps.add(del);
    steps.add(NODES.objectNode().put("by", "h5j").put("kind", "rebuildHashTables"));
    return steps;
  }

  /** The steps h5j adds on top of what versioned-hdf5 committed (or of its own, alone). */
  static ArrayNode laterSteps(String parent) {
    ArrayNode steps = NODES.arrayNode();
    steps.add(commit("h5j", "h5j-2", parent,
        write("ints", dims(0), dims(3), 6), resize("grid", dims(8, 6)),
        write("grid", dims(7, 2), dims(1, 4), 6),
        create("late/f4", "<f4", dims(2, 3), dims(2, 2), -1.0),
        write("late/f4", dims(1, 1), dims(1, 2), 6), attr("late/f4", "by", "h5j")));
    steps.add(commit("h5j", "h5j-3", "b1", write("grp/new", dims(1), dims(2), 7)));
    return steps;
  }

  // --- applying steps with h5j ---

  static void apply(VersionedFile vf, JsonNode step) throws IOException {
    switch (step.get("kind").asText()) {
      case "commit" -> {
        boolean abort = aborted(step);
        try {
          vf.commit(step.get("name").asText(), textOrNull(step.get("parent")), s -> {
            for (JsonNode op : step.get("ops")) {
              applyOp(s, op);
            }
            if (abort) {
              throw new AbortedEdit();
            }
          });
        } catch (AbortedEdit expected) {
          // the commit was dropped, as the step asks
        }
      }
      case "deleteVersions" -> {
        List<String> names = new ArrayList<>();
        step.get("names").forEach(n -> names.add(n.asText()));
        vf.deleteVersions(names.toArray(String[]::new));
      }
      case "rebuildHashTables" -> vf.rebuildHashTables();
      default -> throw new IllegalArgumentException("unknown step " + step);
    }
  }

  /** What an aborted commit's edit throws. */
  private static final class AbortedEdit extends RuntimeException {
    AbortedEdit() {
      super("the step aborts this commit on purpose", null, false, false);
    }
  }

  static boolean aborted(JsonNode step) {
    return step.has("abort") && step.get("abort").asBoolean();
  }

  private static void applyOp(StagedVersion s, JsonNode op) throws IOException {
    String path = op.get("path").asText();
    switch (op.get("op").asText()) {
      case "create" -> {
        String dtype = op.get("dtype").asText();
        DatasetSpec spec = DatasetSpec.empty(datatype(dtype), longs(op.get("shape")))
            .chunks(longs(op.get("chunks")));
        if (!op.get("fill").isNull()) {
          spec = spec.fillValue(typed(dtype, op.get("fill").asDouble()));
        }
        s.createDataset(path, spec);
      }
      case "write" -> {
        long[] start = longs(op.get("start"));
        long[] count = longs(op.get("count"));
        s.write(path, start, count, values(op.get("dtype") == null
            ? dtypeOf(s.datatype(path)) : op.get("dtype").asText(), start, count,
            op.get("seed").asInt()));
      }
      case "resize" -> s.resize(path, longs(op.get("shape")));
      case "delete" -> s.delete(path);
      case "attr" -> s.setAttribute(path, op.get("name").asText(), attributeValue(op.get("value")));
      default -> throw new IllegalArgumentException("unknown op " + op);
    }
  }

  /** A JSON attribute value as h5j stores it: text a string, integers int64, else float64. */
  private static Object attributeValue(JsonNode v) {
    return v.isTextual() ? v.asText() : v.isIntegralNumber() ? (Object) v.asLong()
        : (Object) v.asDouble();
  }

  // --- the model: what every version should hold ---

  /** One dataset of one version as the steps define it. */
  record Model(String dtype, long[] shape, Object fill, Map<List<Long>, Integer> seeds,
      Map<String, JsonNode> attrs) {
    Model copy() {
      return new Model(dtype, shape.clone(), fill, new LinkedHashMap<>(seeds),
          new LinkedHashMap<>(attrs));
    }

    /** The expected flat array (C order), typed as h5j's read returns it. */
    Object expected() {
      int n = (int) Boxes.count(shape);
      long[] c = new long[shape.length];
      Object out = newArray(dtype, n);
      for (int i = 0; i < n; i++) {
        Integer seed = seeds.get(key(c));
        java.lang.reflect.Array.set(out, i, seed == null ? fillOf(dtype, fill)
            : element(dtype, c, seed));
        increment(c, shape);
      }
      return out;
    }
  }

  /** Replays the steps: version name to (dataset path to model). */
  static Map<String, Map<String, Model>> replay(JsonNode steps) {
    Map<String, Map<String, Model>> versions = new LinkedHashMap<>();
    for (JsonNode step : steps) {
      switch (step.get("kind").asText()) {
        case "commit" -> {
          if (aborted(step)) {
            continue;
          }
          String parent = textOrNull(step.get("parent"));
          Map<String, Model> v = new LinkedHashMap<>();
          if (parent != null) {
            versions.get(parent).forEach((k, m) -> v.put(k, m.copy()));
          }
          for (JsonNode op : step.get("ops")) {
            replayOp(v, op);
          }
          versions.put(step.get("name").asText(), v);
        }
        case "deleteVersions" -> step.get("names").forEach(n -> versions.remove(n.asText()));
        case "rebuildHashTables" -> { }
        default -> throw new IllegalArgumentException("unknown step " + step);
      }
    }
    return versions;
  }

  private static void replayOp(Map<String, Model> v, JsonNode op) {
    String path = op.get("path").asText();
    switch (op.get("op").asText()) {
      case "create" -> v.put(path, new Model(op.get("dtype").asText(), longs(op.get("shape")),
          op.get("fill").isNull() ? null : op.get("fill").asDouble(), new LinkedHashMap<>(),
          new LinkedHashMap<>()));
      case "write" -> {
        Model m = v.get(path);
        long[] start = longs(op.get("start"));
        long[] count = longs(op.get("count"));
        long[] c = new long[count.length];
        for (long i = 0, n = Boxes.count(count); i < n; i++) {
          long[] at = new long[c.length];
          Arrays.setAll(at, d -> start[d] + c[d]);
          m.seeds().put(key(at), op.get("seed").asInt());
          increment(c, count);
        }
      }
      case "resize" -> {
        Model m = v.get(path);
        long[] shape = longs(op.get("shape"));
        m.seeds().keySet().removeIf(k -> {
          for (int d = 0; d < shape.length; d++) {
            if (k.get(d) >= shape[d]) {
              return true;
            }
          }
          return false;
        });
        v.put(path, new Model(m.dtype(), shape, m.fill(), m.seeds(), m.attrs()));
      }
      case "attr" -> v.get(path).attrs().put(op.get("name").asText(), op.get("value"));
      case "delete" -> {
        v.remove(path);
        v.keySet().removeIf(k -> k.startsWith(path + "/"));
      }
      default -> throw new IllegalArgumentException("unknown op " + op);
    }
  }

  /**
   * Checks every version the steps leave against what {@code vf} reads: the set of versions,
   * each one's parent, its datasets, their shapes and values. Returns a list of mismatches.
   */
  static List<String> verify(VersionedFile vf, JsonNode steps) throws IOException {
    List<String> problems = new ArrayList<>();
    Map<String, Map<String, Model>> expected = replay(steps);
    Map<String, String> parents = parents(steps);
    Map<String, VersionInfo> actual = new LinkedHashMap<>();
    for (VersionInfo i : vf.versions()) {
      actual.put(i.name(), i);
    }
    if (!actual.keySet().equals(expected.keySet())) {
      problems.add("versions " + actual.keySet() + ", expected " + expected.keySet());
    }
    for (var e : expected.entrySet()) {
      String name = e.getKey();
      if (!actual.containsKey(name)) {
        continue;
      }
      String parent = actual.get(name).isRoot() ? null : actual.get(name).parent();
      if (!Objects.equals(parent, parents.get(name))) {
        problems.add(name + ": parent " + parent + ", expected " + parents.get(name));
      }
      VersionView view = vf.version(name);
      List<String> paths = new ArrayList<>(view.datasetPaths());
      List<String> want = new ArrayList<>(e.getValue().keySet());
      paths.sort(null);
      want.sort(null);
      if (!paths.equals(want)) {
        problems.add(name + ": datasets " + paths + ", expected " + want);
        continue;
      }
      for (var d : e.getValue().entrySet()) {
        Model m = d.getValue();
        String where = name + ":" + d.getKey();
        if (!Arrays.equals(view.shape(d.getKey()), m.shape())) {
          problems.add(where + ": shape " + Arrays.toString(view.shape(d.getKey()))
              + ", expected " + Arrays.toString(m.shape()));
          continue;
        }
        Object got = view.read(d.getKey());
        if (!Objects.deepEquals(got, m.expected())) {
          problems.add(where + ": values differ");
        }
        Map<String, Object> attrs = view.attributes(d.getKey());
        if (!attrs.keySet().equals(m.attrs().keySet())) {
          problems.add(where + ": attributes " + attrs.keySet() + ", expected "
              + m.attrs().keySet());
        } else {
          m.attrs().forEach((k, value) -> {
            if (!sameValue(attrs.get(k), value)) {
              problems.add(where + ": attribute " + k + " = " + attrs.get(k) + ", expected "
                  + value);
            }
          });
        }
      }
    }
    return problems;
  }

  private static boolean sameValue(Object got, JsonNode want) {
    if (want.isTextual()) {
      return want.asText().equals(got);
    }
    return got instanceof Number n && (want.isIntegralNumber() ? n.longValue() == want.asLong()
        && n.doubleValue() == want.asDouble() : n.doubleValue() == want.asDouble());
  }

  /** The parent each kept version has after the steps (deleted ones skipped over). */
  static Map<String, String> parents(JsonNode steps) {
    Map<String, String> parents = new LinkedHashMap<>();
    for (JsonNode step : steps) {
      switch (step.get("kind").asText()) {
        case "commit" -> {
          if (!aborted(step)) {
            parents.put(step.get("name").asText(), textOrNull(step.get("parent")));
          }
        }
        case "deleteVersions" -> {
          List<String> gone = new ArrayList<>();
          step.get("names").forEach(n -> gone.add(n.asText()));
          for (String g : gone) {
            String up = parents.remove(g);
            parents.replaceAll((k, p) -> g.equals(p) ? up : p);
          }
        }
        default -> { }
      }
    }
    return parents;
  }

  /**
   * The current version after the steps (null before the first commit): the last commit,
   * moved to its nearest kept ancestor by each deleteVersions that removes it.
   */
  static String current(JsonNode steps) {
    Map<String, String> parents = new LinkedHashMap<>();
    String current = null;
    for (JsonNode step : steps) {
      switch (step.get("kind").asText()) {
        case "commit" -> {
          if (!aborted(step)) {
            current = step.get("name").asText();
            parents.put(current, textOrNull(step.get("parent")));
          }
        }
        case "deleteVersions" -> {
          List<String> gone = new ArrayList<>();
          step.get("names").forEach(n -> gone.add(n.asText()));
          while (current != null && gone.contains(current)) {
            current = parents.get(current);
          }
          for (String g : gone) {
            String up = parents.remove(g);
            parents.replaceAll((k, p) -> g.equals(p) ? up : p);
          }
        }
        default -> { }
      }
    }
    return current;
  }

  // --- values ---

  static Object values(String dtype, long[] start, long[] count, int seed) {
    int n = (int) Boxes.count(count);
    Object out = newArray(dtype, n);
    long[] c = new long[count.length];
    long[] at = new long[count.length];
    for (int i = 0; i < n; i++) {
      Arrays.setAll(at, d -> start[d] + c[d]);
      java.lang.reflect.Array.set(out, i, element(dtype, at, seed));
      increment(c, count);
    }
    return out;
  }

  private static Object element(String dtype, long[] c, int seed) {
    long base = seed * 1_000_000L;
    long lin = 0;
    for (long x : c) {
      lin = lin * 100 + x;
    }
    base += lin;
    return switch (dtype) {
      case "|i1" -> (byte) base;
      case "|u1" -> (short) (base & 0xFF);
      case "<i2" -> (short) base;
      case "<i4" -> (int) base;
      case "<u2" -> (int) (base & 0xFFFF);
      case "<u4" -> base & 0xFFFF_FFFFL;
      case "<i8" -> base;
      case "<f4" -> (float) (base + 0.5);
      case "<f8" -> base + 0.5;
      case "str" -> {
        StringBuilder b = new StringBuilder("s").append(seed).append('@');
        for (int d = 0; d < c.length; d++) {
          b.append(d > 0 ? "," : "").append(c[d]);
        }
        yield b.toString();
      }
      default -> throw new IllegalArgumentException("dtype " + dtype);
    };
  }

  private static Object fillOf(String dtype, Object fill) {
    double f = fill == null ? 0 : (Double) fill;
    return switch (dtype) {
      case "|i1" -> (byte) f;
      case "|u1" -> (short) ((int) f & 0xFF);
      case "<i2" -> (short) f;
      case "<i4" -> (int) f;
      case "<u2" -> (int) f & 0xFFFF;
      case "<u4" -> (long) f & 0xFFFF_FFFFL;
      case "<i8" -> (long) f;
      case "<f4" -> (float) f;
      case "<f8" -> f;
      case "str" -> "";
      default -> throw new IllegalArgumentException("dtype " + dtype);
    };
  }

  private static Object typed(String dtype, double v) {
    return fillOf(dtype, v);
  }

  private static Object newArray(String dtype, int n) {
    return switch (dtype) {
      case "|i1" -> new byte[n];
      case "|u1", "<i2" -> new short[n];
      case "<i4", "<u2" -> new int[n];
      case "<i8", "<u4" -> new long[n];
      case "<f4" -> new float[n];
      case "<f8" -> new double[n];
      case "str" -> new String[n];
      default -> throw new IllegalArgumentException("dtype " + dtype);
    };
  }

  /** The numeric dtypes the formula and {@link #datatype} know, as numpy names them. */
  static final List<String> NUMERIC_DTYPES = List.of("|i1", "|u1", "<i2", "<u2", "<i4", "<u4",
      "<i8", "<f4", "<f8");

  static Datatype datatype(String dtype) {
    return switch (dtype) {
      case "|i1" -> Datatypes.INT8;
      case "|u1" -> Datatypes.UINT8;
      case "<i2" -> Datatypes.INT16;
      case "<i4" -> Datatypes.INT32;
      case "<u2" -> Datatypes.UINT16;
      case "<u4" -> Datatypes.UINT32;
      case "<i8" -> Datatypes.INT64;
      case "<f4" -> Datatypes.FLOAT32;
      case "<f8" -> Datatypes.FLOAT64;
      case "str" -> Datatypes.vlenString(CharacterSet.UTF8);
      default -> throw new IllegalArgumentException("dtype " + dtype);
    };
  }

  private static String dtypeOf(Datatype t) {
    for (String d : NUMERIC_DTYPES) {
      if (datatype(d).equals(t)) {
        return d;
      }
    }
    return "str";
  }

  // --- JSON helpers ---

  static ObjectNode commit(String by, String name, String parent, ObjectNode... ops) {
    ObjectNode c = NODES.objectNode().put("by", by).put("kind", "commit").put("name", name);
    c.put("parent", parent);
    ArrayNode list = c.putArray("ops");
    for (ObjectNode op : ops) {
      list.add(op);
    }
    return c;
  }

  static ObjectNode create(String path, String dtype, long[] shape, long[] chunks,
      Number fill) {
    ObjectNode o = op("create", path).put("dtype", dtype);
    o.set("shape", array(shape));
    o.set("chunks", array(chunks));
    if (fill == null) {
      o.putNull("fill");
    } else {
      o.put("fill", fill.doubleValue());
    }
    return o;
  }

  static ObjectNode write(String path, long[] start, long[] count, int seed) {
    ObjectNode o = op("write", path);
    o.set("start", array(start));
    o.set("count", array(count));
    return o.put("seed", seed);
  }

  static ObjectNode resize(String path, long[] shape) {
    ObjectNode o = op("resize", path);
    o.set("shape", array(shape));
    return o;
  }

  static ObjectNode attr(String path, String name, Object value) {
    ObjectNode o = op("attr", path).put("name", name);
    if (value instanceof String t) {
      o.put("value", t);
    } else if (value instanceof Integer i) {
      o.put("value", i);
    } else {
      o.put("value", (Double) value);
    }
    return o;
  }

  static ObjectNode delete(String path) {
    return op("delete", path);
  }

  private static ObjectNode op(String kind, String path) {
    return NODES.objectNode().put("op", kind).put("path", path);
  }

  private static ArrayNode array(long[] v) {
    ArrayNode a = NODES.arrayNode();
    for (long x : v) {
      a.add(x);
    }
    return a;
  }

  static long[] dims(long... d) {
    return d;
  }

  private static long[] longs(JsonNode a) {
    long[] out = new long[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).asLong();
    }
    return out;
  }

  private static String textOrNull(JsonNode n) {
    return n == null || n.isNull() ? null : n.asText();
  }

  private static List<Long> key(long[] c) {
    List<Long> k = new ArrayList<>(c.length);
    for (long x : c) {
      k.add(x);
    }
    return k;
  }

  private static void increment(long[] c, long[] shape) {
    for (int d = c.length - 1; d >= 0; d--) {
      if (++c[d] < shape[d]) {
        return;
      }
      c[d] = 0;
    }
  }

  static ObjectNode readManifest(Path manifest) throws IOException {
    return (ObjectNode) JSON.readTree(Files.readString(manifest));
  }

  static void writeManifest(Path manifest, ObjectNode root) throws IOException {
    Files.writeString(manifest, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
  }
}
