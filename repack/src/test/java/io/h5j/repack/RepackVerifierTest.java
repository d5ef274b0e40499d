package io.h5j.repack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.DatasetSpec;
import io.h5j.H5File;
import io.h5j.Selection;
import io.h5j.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RepackVerifierTest {
  static List<String> fixtures() {
    return Fixtures.files();
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void repackedFixturesVerify(String name) throws IOException {
    Path in = Fixtures.file(name);
    Path out = Fixtures.scratchDirFor(name).resolve(name);
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
}
