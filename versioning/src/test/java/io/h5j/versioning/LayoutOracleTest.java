package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.OracleTest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opentest4j.AssertionFailedError;

/**
 * The h5py layout check itself is judged on versioned-hdf5's own files: it must accept them
 * with their manifests, and reject them when one value of the expectation is wrong.
 */
@OracleTest
class LayoutOracleTest {
  static Stream<JsonNode> entries() {
    return VersionedFixtures.entries().stream();
  }

  /** The manifest as the oracle's expectation (SHA-256 given, values not needed). */
  static Map<String, LayoutOracle.ModelVersion> expectation(JsonNode entry) {
    Map<String, LayoutOracle.ModelVersion> out = new LinkedHashMap<>();
    for (JsonNode v : entry.get("versions")) {
      Map<String, ModelArray> ds = new LinkedHashMap<>();
      for (JsonNode d : v.get("datasets")) {
        long[] shape = new long[d.get("shape").size()];
        for (int i = 0; i < shape.length; i++) {
          shape[i] = d.get("shape").get(i).asLong();
        }
        ds.put(d.get("path").asText(), ModelArray.described(d.get("dtype").asText(), shape,
            d.get("sha256_c_order_le").asText()));
      }
      out.put(v.get("version").asText(),
          new LayoutOracle.ModelVersion(v.get("prev_version").asText(), ds));
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("entries")
  void acceptsVersionedHdf5Files(JsonNode entry) throws Exception {
    LayoutOracle.check(VersionedFixtures.dir().resolve(entry.get("file").asText()),
        entry.get("current_version").asText(), expectation(entry), false);
  }

  static Stream<JsonNode> smallEntries() {
    return entries().filter(e -> e.get("file").asText().startsWith("smoke"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("smallEntries")
  void rejectsAWrongExpectation(JsonNode entry) throws Exception {
    Map<String, LayoutOracle.ModelVersion> wrong = expectation(entry);
    LayoutOracle.ModelVersion last = wrong.values().stream().reduce((a, b) -> b).orElseThrow();
    ModelArray any = last.datasets().values().iterator().next();
    any.shape = new long[] {any.shape[0] + 1};
    assertThrows(AssertionFailedError.class, () -> LayoutOracle.check(
        VersionedFixtures.dir().resolve(entry.get("file").asText()),
        entry.get("current_version").asText(), wrong, false));
  }
}
