package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h5j.type.CharacterSet;
import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Variable-length strings written in a session read back before the file is flushed: their
 * new global heap objects are still in the collection being filled, in memory, and were looked
 * for in the file ("global heap collection at offset N: range of 16 bytes is outside the file";
 * with atomic flushes "signature is not GCOL"). Found by the graph fuzzer (deleteVersions
 * re-read a string chunk it had just moved). h5py then reads what the flush wrote.
 */
@OracleTest
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
        d.write(Selection.box(new long[] {1}, new long[] {1}), new String[] {"zzz"});
        assertArrayEquals(new String[] {"x", "zzz"}, (String[]) d.read());
      }
      assertEquals("['x', 'zzz']", Oracles.python(String.join("\n",
          "import sys, h5py",
          "with h5py.File(sys.argv[1], 'r') as f:",
          "    print([s.decode() for s in f['s'][()]])"), p.toString()).strip());
    } finally {
      Files.deleteIfExists(p);
    }
  }
}
