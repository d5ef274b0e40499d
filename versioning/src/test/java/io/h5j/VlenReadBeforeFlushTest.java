package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.h5j.format.datatype.CharacterSet;
import io.h5j.format.datatype.Datatypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Known failure of the format layer's write path, found while making deleteVersions one flush
 * (RawCompaction read a moved string chunk back to hash it): variable-length strings written
 * to a dataset read back wrong before the file is flushed. The new global heap objects are
 * not in the file yet, but the read looks for their collection there ("global heap collection
 * at offset N: range of 16 bytes is outside the file of N bytes"; with atomic flushes:
 * "signature is not GCOL"). Tagged {@code known-failure}, left out of the default run by
 * versioning's pom, until the lead's write path reads pending heap objects from memory.
 */
@Tag("known-failure")
class VlenReadBeforeFlushTest {
  @ParameterizedTest(name = "atomic flushes {0}")
  @ValueSource(booleans = {false, true})
  void stringsWrittenInASessionReadBackBeforeTheFlush(boolean atomic) throws IOException {
    Path p = Files.createTempFile("h5j-vlen-unflushed", ".h5");
    try {
      try (H5File f = H5File.create(p)) {
        f.root().createDataset("s", DatasetSpec.of(new String[] {"a", "b"})
            .datatype(Datatypes.vlenString(CharacterSet.UTF8)).chunks(2));
      }
      try (H5File f = H5File.openReadWrite(p)) {
        if (atomic) {
          f.atomicFlushes();
        }
        Dataset d = f.dataset("s");
        d.write(Selection.box(new long[] {0}, new long[] {2}), new String[] {"x", "yy"});
        assertArrayEquals(new String[] {"x", "yy"}, (String[]) d.read());
      }
    } finally {
      Files.deleteIfExists(p);
    }
  }
}
