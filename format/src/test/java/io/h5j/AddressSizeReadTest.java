package io.h5j;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.testing.OracleTest;
import io.h5j.testing.SizedFixtures;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Files whose superblock uses 2- or 4-byte offsets or lengths (h5py with
 * {@code H5Pset_sizes}) read as h5py reads them: every object, value and attribute of the
 * fixtures, compared with h5py's manifest as {@link FixtureReadTest} compares the fixtures.
 */
@OracleTest
class AddressSizeReadTest {
  @TestFactory
  Stream<DynamicNode> everySizedFixtureMatchesWhatH5pyReads() throws Exception {
    return SizedFixtures.SIZES.stream().map(s -> {
      try {
        Path dir = SizedFixtures.dir(s[0], s[1]);
        JsonNode manifest = SizedFixtures.manifest(dir);
        return DynamicContainer.dynamicContainer("offsets " + s[0] + ", lengths " + s[1],
            SizedFixtures.files(dir).stream().map(name -> DynamicContainer.dynamicContainer(
                name, new FixtureReadTest().objectTests(dir.resolve(name),
                    manifest.get(name)))));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
  }
}
