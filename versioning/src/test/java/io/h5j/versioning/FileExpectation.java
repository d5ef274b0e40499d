package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What a versioned file must show, kept by the test independently of h5j: the current
 * version and, per committed version, its parent and each dataset's dtype, shape and
 * {@link ValueDigest}. Immutable; the {@code with...} methods give changed copies.
 */
record FileExpectation(String current, Map<String, FileExpectation.Version> versions) {
  /** The {@code current_version} of a file with no versions. */
  static final String NO_VERSION = "__first_version__";

  static final FileExpectation EMPTY = new FileExpectation(NO_VERSION, Map.of());

  FileExpectation {
    versions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versions));
  }

  /** One committed version. */
  record Version(String parent, Map<String, Data> datasets) {
    Version {
      datasets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(datasets));
    }
  }

  /** One dataset of one version. */
  record Data(String dtype, long[] shape, String sha256) {
    static Data of(ModelArray m) {
      return new Data(m.dtype, m.shape.clone(), m.sha256());
    }

    static Data of(ModelStrings m) {
      return new Data("str", new long[] {m.values.length}, ValueDigest.of("str", m.values));
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Data d && dtype.equals(d.dtype) && Arrays.equals(shape, d.shape)
          && sha256.equals(d.sha256);
    }

    @Override
    public int hashCode() {
      return dtype.hashCode() * 31 + Arrays.hashCode(shape);
    }

    @Override
    public String toString() {
      return dtype + Arrays.toString(shape) + " sha256 " + sha256.substring(0, 12);
    }
  }

  /** Models of one version's datasets (ModelArray or ModelStrings) as expectations. */
  static Map<String, Data> data(Map<String, ?> models) {
    Map<String, Data> out = new LinkedHashMap<>();
    models.forEach((path, m) -> out.put(path, m instanceof ModelStrings s ? Data.of(s)
        : Data.of((ModelArray) m)));
    return out;
  }

  /** This file with version {@code name} committed on {@code parent}, made current. */
  FileExpectation withCommit(String name, String parent, Map<String, Data> datasets) {
    Map<String, Version> v = new LinkedHashMap<>(versions);
    v.put(name, new Version(parent, datasets));
    return new FileExpectation(name, v);
  }

  /**
   * This file after versioned-hdf5's {@code delete_versions}: children of a deleted version
   * get its nearest kept ancestor as parent, and so does the current version if deleted.
   */
  FileExpectation withDeleted(String... names) {
    java.util.Set<String> gone = java.util.Set.of(names);
    UnaryOperator<String> kept = p -> {
      while (gone.contains(p)) {
        p = versions.get(p).parent();
      }
      return p;
    };
    Map<String, Version> v = new LinkedHashMap<>();
    versions.forEach((name, ver) -> {
      if (!gone.contains(name)) {
        v.put(name, new Version(kept.apply(ver.parent()), ver.datasets()));
      }
    });
    return new FileExpectation(kept.apply(current), v);
  }

  /** A file versioned-hdf5 wrote, as its manifest in fixtures/versioned-hdf5 describes it. */
  static FileExpectation fromManifest(JsonNode entry) {
    Map<String, Version> v = new LinkedHashMap<>();
    for (JsonNode ver : entry.get("versions")) {
      Map<String, Data> ds = new LinkedHashMap<>();
      for (JsonNode d : ver.get("datasets")) {
        long[] shape = new long[d.get("shape").size()];
        for (int i = 0; i < shape.length; i++) {
          shape[i] = d.get("shape").get(i).asLong();
        }
        ds.put(d.get("path").asText(), new Data(d.get("dtype").asText(), shape,
            d.get("sha256_c_order_le").asText()));
      }
      v.put(ver.get("version").asText(), new Version(ver.get("prev_version").asText(), ds));
    }
    return new FileExpectation(entry.get("current_version").asText(), v);
  }

  /** The form the oracle scripts read: {current, versions: {name: {parent, datasets}}}. */
  ObjectNode toJson(ObjectMapper om) {
    ObjectNode root = om.createObjectNode();
    root.put("current", current);
    ObjectNode vs = root.putObject("versions");
    versions.forEach((name, ver) -> {
      ObjectNode vn = vs.putObject(name);
      vn.put("parent", ver.parent());
      ObjectNode ds = vn.putObject("datasets");
      ver.datasets().forEach((p, d) -> {
        ObjectNode dn = ds.putObject(p);
        dn.put("dtype", d.dtype());
        var shape = dn.putArray("shape");
        for (long s : d.shape()) {
          shape.add(s);
        }
        dn.put("sha256", d.sha256());
      });
    });
    return root;
  }
}
