package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h5j.testing.Fixtures;
import io.h5j.type.Datatype;
import io.h5j.type.Datatypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** The files versioned-hdf5 wrote (fixtures/versioned-hdf5) and their manifests. */
final class VersionedFixtures {
  private VersionedFixtures() {}

  static final String[] MANIFESTS = {"manifest-1.7.0.json", "manifest-2.4.1.dev-5389a78.json"};

  static Path dir() {
    return Fixtures.dir().resolve("versioned-hdf5");
  }

  /** Every file entry of every manifest. */
  static List<JsonNode> entries() {
    List<JsonNode> out = new ArrayList<>();
    for (String m : MANIFESTS) {
      try {
        new ObjectMapper().readTree(dir().resolve(m).toFile()).forEach(out::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  static JsonNode entry(String file) {
    return entries().stream().filter(e -> e.get("file").asText().equals(file)).findFirst()
        .orElseThrow();
  }

  /** A writable copy of a fixture in a temporary file. */
  static Path copy(String name) throws IOException {
    Path f = Files.createTempFile("h5j-ver-", ".h5");
    Files.copy(dir().resolve(name), f, StandardCopyOption.REPLACE_EXISTING);
    f.toFile().setWritable(true);
    return f;
  }

  /** The numpy dtype string of the manifests as an h5j datatype. */
  static Datatype dtype(String numpy) {
    return switch (numpy) {
      case "<i4" -> Datatypes.INT32;
      case "<i8" -> Datatypes.INT64;
      case "<f8" -> Datatypes.FLOAT64;
      case "<f4" -> Datatypes.FLOAT32;
      default -> throw new IllegalArgumentException("dtype " + numpy + " not in this table");
    };
  }

  /** The manifest's values of one dataset of one version, as a model. */
  static ModelArray fromManifest(JsonNode d) {
    long[] shape = new long[d.get("shape").size()];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = d.get("shape").get(i).asLong();
    }
    ModelArray m = new ModelArray(d.get("dtype").asText(), shape, d.get("fillvalue").asDouble());
    List<Double> flat = new ArrayList<>();
    flatten(d.get("values"), flat);
    m.values = flat.stream().mapToDouble(Double::doubleValue).toArray();
    return m;
  }

  static void flatten(JsonNode n, List<Double> out) {
    if (n.isArray()) {
      n.forEach(c -> flatten(c, out));
    } else {
      out.add(n.asDouble());
    }
  }

}
