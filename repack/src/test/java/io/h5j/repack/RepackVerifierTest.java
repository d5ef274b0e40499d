package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@OracleTest
class RepackVerifierTest {
  static List<String> fixtures() {
    return Fixtures.files();
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void repackedFixturesVerify(String name) throws IOException {
    Path in = Fixtures.file(name);
    Path out = RepackOracle.besideFixtures(name);
    Repacker.builder().build().repack(in, out);
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20));
  }

  @Test
  void aChangedValueAttributeOrLinkIsReported() throws IOException {
    Path in = Files.createTempFile("verify", ".h5");
    try (H5File f = H5File.create(in)) {
      f.root().createDataset("g/x", DatasetSpec.of(new double[] {1, 2, 3, 4}).shape(2, 2)
          .chunks(1, 2).deflate(1));
      f.root().group("g").attributes().put("a", 5L);
    }
    Path out = Files.createTempDirectory("verify").resolve("out.h5");
    Repacker.builder().build().repack(in, out);
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20));
    try (H5File f = H5File.openReadWrite(out)) {
      f.dataset("g/x").write(Selection.box(new long[] {1, 1}, new long[] {1, 1}),
          new double[] {-4});
      f.root().group("g").attributes().put("a", 6L);
      f.root().createSoftLink("extra", "/g");
    }
    List<String> d = RepackVerifier.compare(in, out, 20);
    assertEquals(3, d.size(), d::toString);
    assertTrue(d.get(0).startsWith("/: "), d::toString);
    assertTrue(d.stream().anyMatch(s -> s.startsWith("/g/x: values differ in rows 0..1")),
        d::toString);
    assertTrue(d.stream().anyMatch(s -> s.startsWith("/g: attribute a changed value")),
        d::toString);
  }

  /**
   * Progress is told in bytes of the input read: chunks as stored (h5py's storage sizes)
   * and other data as elements, out of the input's size, chunk by chunk within a large
   * dataset.
   */
  @Test
  void progressCountsStoredBytesOutOfTheFileSize() throws IOException {
    Path in = Files.createTempFile("verify-progress", ".h5");
    io.h5j.testing.Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "with h5py.File(sys.argv[1], 'w') as f:",
        "    f.create_dataset('big', data=np.arange(4096 * 1024.0).reshape(4096, 1024),"
            + " chunks=(256, 1024), compression='gzip')",
        "    f.create_dataset('g/small', data=np.arange(10, dtype='<i2'))",
        "    f.create_dataset('g/scalar', data=np.int64(7))"), in.toString());
    String stored = io.h5j.testing.Oracles.python(String.join("\n", "import sys, h5py",
        "f = h5py.File(sys.argv[1], 'r')",
        "n = []",
        "f.visititems(lambda k, o: n.append(o.id.get_storage_size())"
            + " if isinstance(o, h5py.Dataset) else None)",
        "print(sum(n))"), in.toString()).strip();
    Path out = Files.createTempDirectory("verify-progress").resolve("out.h5");
    Repacker.builder().build().repack(in, out);
    List<long[]> seen = new java.util.ArrayList<>();
    assertEquals(List.of(), RepackVerifier.compare(in, out, 20,
        (objects, bytes, of) -> seen.add(new long[] {objects, bytes, of})));
    long[] last = seen.get(seen.size() - 1);
    assertEquals(Files.size(in), last[2]);
    assertEquals(Long.parseLong(stored), last[1], "every stored byte counted once");
    assertEquals(5, last[0], "/, /big, /g, /g/small, /g/scalar");
    long chunks = seen.stream().filter(u -> u[1] > 0 && u[1] < last[1] - 100).count();
    assertTrue(chunks >= 15, "progress within /big: " + chunks);
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(seen.get(i)[1] >= seen.get(i - 1)[1]);
    }
  }
}
