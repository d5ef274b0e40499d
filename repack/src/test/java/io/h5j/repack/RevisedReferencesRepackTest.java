package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.H5File;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Revised (HDF5 1.12+) references written by libhdf5 2.0 ({@code fixtures/revised-refs}) point,
 * after a repack, to the copies of what they pointed to in the input: libhdf5 2.0 opens every
 * reference of both files (refs_oracle.py) and must resolve each to the same path, region and
 * attribute. Objects, regions and attributes, in contiguous, chunked, 2-D, compound, variable
 * length and attribute data; external references are kept.
 */
@OracleTest
class RevisedReferencesRepackTest {
  private static final String TARGET = "revised_refs_target.h5";

  private static Path fixture(String name) {
    return Fixtures.dir().resolve("revised-refs").resolve(name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"revised_refs.h5", "revised_refs_latest.h5"})
  void referencesResolveInTheCopyAsInTheInput(String name) throws Exception {
    Path in = fixture(name);
    Path dir = Files.createTempDirectory("repack-revised-refs");
    Files.copy(fixture(TARGET), dir.resolve(TARGET)); // external references name it
    Path out = dir.resolve(name);
    Repacker.builder().build().repack(in, out);

    try (H5File a = H5File.open(in); H5File b = H5File.open(out)) {
      // otherwise references left untranslated would pass
      assertNotEquals(a.dataset("data2d").address(), b.dataset("data2d").address());
    }
    JsonNode before = Oracles.hdf5v2References(in).get("references");
    JsonNode after = Oracles.hdf5v2References(out).get("references");
    assertTrue(before.size() >= 30, "libhdf5 found " + before.size() + " references");
    assertFalse(before.toString().contains("\"error\""), before.toString());
    assertEquals(before.toString(), after.toString());

    assertEquals(List.of(), RepackVerifier.compare(in, out, 20));
    // libhdf5 1.10's h5diff stops (exit 2) at any revised reference: it judges the objects
    // that hold none
    Oracles.requireH5dump();
    for (String object : List.of("/data2d", "/g", "/dtype")) {
      Oracles.Run r = Oracles.run(List.of("h5diff", in.toString(), out.toString(), object, object));
      assertEquals(0, r.exitCode(), "h5diff " + object + ":\n" + r.stdout() + r.stderr());
    }
  }
}
