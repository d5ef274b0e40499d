package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.H5File;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Datasets stored in external files keep them through a repack, as h5repack keeps them: the
 * same files and segments, the names in the new file's own heap, the external bytes untouched.
 */
@OracleTest
class ExternalFilesRepackTest {
  private static Path make() throws IOException {
    Path dir = Files.createTempDirectory("h5j-efl-repack");
    Oracles.python(String.join("\n",
        "import sys, os, h5py, numpy as np",
        "d = sys.argv[1]",
        "with h5py.File(os.path.join(d, 'in.h5'), 'w') as f:",
        "    f.create_dataset('e', data=np.arange(60, dtype='<i4').reshape(6, 10),",
        "        external=[(os.path.join(d, 'a.bin'), 16, 120), (os.path.join(d, 'b.bin'), 0, 120)])",
        "    f['plain'] = np.arange(5.0)"), dir.toString());
    return dir;
  }

  @Test
  void externalFilesAreKeptAndLibhdf5ReadsTheSameValues() throws IOException {
    Path dir = make();
    byte[] a = Files.readAllBytes(dir.resolve("a.bin"));
    Path out = dir.resolve("out.h5");
    Repacker.builder().build().repack(dir.resolve("in.h5"), out);
    RepackOracle.assertSameContent(dir.resolve("in.h5"), out);
    String layout = Oracles.h5dump(out, "-p", "-H", "-d", "/e");
    assertTrue(layout.contains("EXTERNAL") && layout.contains("a.bin")
        && layout.contains("OFFSET 16"), layout);
    assertArrayEquals(a, Files.readAllBytes(dir.resolve("a.bin")), "external bytes untouched");
    try (H5File f = H5File.open(out)) {
      assertArrayEquals(IntStream.range(0, 60).toArray(), (int[]) f.dataset("e").read());
    }
    assertFalse(Files.size(out) > Files.size(dir.resolve("in.h5")) + 4096,
        "the external data did not move into the new file");
  }

  @Test
  void aLayoutChangeOfAnExternalDatasetIsRefusedAndLeavesNoOutput() throws IOException {
    Path dir = make();
    Path out = dir.resolve("out.h5");
    Exception e = assertThrows(Exception.class, () -> Repacker.builder()
        .layout(LayoutOption.parse("/e:CHUNK=2x5")).build().repack(dir.resolve("in.h5"), out));
    assertTrue(String.valueOf(e.getMessage()).contains("/e"), String.valueOf(e.getMessage()));
    assertFalse(Files.exists(out));
    assertEquals(2, Files.list(dir).filter(p -> p.toString().endsWith(".bin")).count());
  }
}
