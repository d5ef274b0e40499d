package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link Repacker.Builder#verify}, the checks of named paths, and what the verifier compares. */
@OracleTest
class RepackVerifyTest {
  /** h5py writes IN: /raw (rows i hold i, rows 10..19 repeat rows 0..9) and /v over it. */
  private static final String VIRTUAL = String.join("\n", "import sys, h5py, numpy as np",
      "rows = np.repeat(np.arange(20.0) % 10, 4).reshape(20, 4)",
      "with h5py.File(sys.argv[1], 'w', libver='latest') as f:",
      "    raw = f.create_dataset('raw', data=rows, chunks=(5, 4))",
      "    lay = h5py.VirtualLayout(shape=(10, 4), dtype='<f8')",
      "    lay[0:10] = h5py.VirtualSource(raw)[int(sys.argv[2]):int(sys.argv[2]) + 10]",
      "    f.create_virtual_dataset('v', lay)");

  /**
   * A copy that reads otherwise (the fixture's sources lie beside IN, not beside OUT) throws
   * naming the difference, and an earlier OUT is left as it was, with no temporary file.
   */
  @Test
  void aVerifyFailureLeavesTheOutputAsItWas() throws IOException {
    Path dir = Files.createTempDirectory("repack-verify");
    Path out = dir.resolve("out.h5");
    byte[] earlier = {1, 2, 3};
    Files.write(out, earlier);
    VerifyException e = assertThrows(VerifyException.class, () -> Repacker.builder()
        .verify(true).build().repack(Fixtures.file("vds.h5"), out));
    assertTrue(e.getMessage().startsWith("verify failed: "), e.getMessage());
    assertTrue(e.differences().get(0).matches("/\\S+: values differ in rows .*"),
        e.differences().toString());
    assertFalse(String.join("\n", e.differences()).contains(".part"), e.differences()::toString);
    assertArrayEquals(earlier, Files.readAllBytes(out));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(out), left.toList());
    }
  }

  @Test
  void aVerifiedCopyIsWrittenAndReadsAsTheInput() throws IOException {
    Path dir = Files.createTempDirectory("repack-verified");
    Path in = dir.resolve("in.h5");
    Oracles.python(VIRTUAL, in.toString(), "3");
    Path out = dir.resolve("out.h5");
    Repacker.builder().verify(true).vdsEncoding(io.h5j.VdsEncoding.V0).build().repack(in, out);
    assertEquals("same", Oracles.python(String.join("\n", "import sys, h5py, numpy as np",
        "a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')",
        "ok = all(np.array_equal(a[k][()], b[k][()]) for k in ('raw', 'v'))",
        "print('same' if ok else 'differ')"), in.toString(), out.toString()).strip());
  }

  /**
   * Virtual datasets with other mappings are compared by their elements: other rows of the
   * same values are no difference, other values are.
   */
  @Test
  void otherMappingsAreComparedByValue() throws IOException {
    Path dir = Files.createTempDirectory("verify-mappings");
    Path a = dir.resolve("a.h5");
    Path sameValues = dir.resolve("b.h5");
    Path otherValues = dir.resolve("c.h5");
    Oracles.python(VIRTUAL, a.toString(), "0");
    Oracles.python(VIRTUAL, sameValues.toString(), "10");
    Oracles.python(VIRTUAL, otherValues.toString(), "5");
    assertEquals(List.of(), RepackVerifier.compare(a, sameValues, 20));
    assertEquals(List.of("/v: values differ in rows 0..9"),
        RepackVerifier.compare(a, otherValues, 20));
  }

  @Test
  void aFilterOrLayoutForNoDatasetFailsBeforeWriting() throws IOException {
    Path in = Fixtures.file("groups_latest.h5");
    Path out = Files.createTempDirectory("repack-nope").resolve("out.h5");
    NoSuchDatasetException e = assertThrows(NoSuchDatasetException.class, () -> Repacker
        .builder().filter(FilterOption.parse("/nope:GZIP=1")).build().repack(in, out));
    assertEquals("/nope", e.objectPath());
    assertTrue(e.getMessage().contains("has no object at /nope"), e.getMessage());
    assertFalse(Files.exists(out));
    String group = Oracles.python(String.join("\n", "import sys, h5py",
        "f = h5py.File(sys.argv[1], 'r')",
        "print(next(k for k in f if isinstance(f[k], h5py.Group)))"), in.toString()).strip();
    NoSuchDatasetException g = assertThrows(NoSuchDatasetException.class, () -> Repacker
        .builder().layout(LayoutOption.parse(group + ":CONTI")).build().repack(in, out));
    assertTrue(g.getMessage().contains("has a group at /" + group), g.getMessage());
    assertFalse(Files.exists(out));
  }
}
