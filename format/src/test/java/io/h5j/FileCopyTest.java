package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The public whole-file copy: storage changes per dataset, the check before the move. */
@OracleTest
class FileCopyTest {
  /** Each dataset's filters (h5py's names) and chunks, then its values' sum. */
  private static final String DESCRIBE = String.join("\n",
      "import sys, h5py",
      "with h5py.File(sys.argv[1], 'r') as f:",
      "    for n in ('a', 'b'):",
      "        d = f[n]",
      "        print(n, d.compression, d.shuffle, d.chunks, int(d[()].sum()))");

  private static Path input(Path dir) throws IOException {
    Path in = dir.resolve("in.h5");
    int[][] values = new int[40][50];
    for (int i = 0; i < 40; i++) {
      for (int j = 0; j < 50; j++) {
        values[i][j] = i * 50 + j;
      }
    }
    try (H5File f = H5File.create(in)) {
      f.root().createDataset("a", DatasetSpec.of(values));
      f.root().createDataset("b", DatasetSpec.of(values));
    }
    return in;
  }

  @Test
  void changesTheStorageOfTheDatasetsNamedOnly() throws Exception {
    Path dir = Files.createTempDirectory("file-copy");
    Path in = input(dir);
    Path out = dir.resolve("out.h5");
    long[] seen = new long[1];
    FileCopy.Result r = FileCopy.builder()
        .filter(List.of("/a"), Filter.of(2, true))
        .filter(List.of("/a"), Filter.of(1, true, 6))
        .layout(List.of("/a"), StorageLayout.Kind.CHUNKED, new long[] {8, 10})
        .progress((objects, bytes, inputBytes) -> seen[0] = objects)
        .build().copy(in, out);
    assertEquals(1, r.groups());
    assertEquals(2, r.datasets());
    assertTrue(seen[0] >= 2, "told after each dataset copied: " + seen[0]);
    long sum = 1999L * 2000 / 2;
    assertEquals("a gzip True (8, 10) " + sum + "\nb None False None " + sum + "\n",
        Oracles.python(DESCRIBE, out.toString()));
    try (H5File f = H5File.open(out)) {
      assertArrayEquals(new long[] {8, 10}, f.dataset("a").layout().chunkShape());
      assertEquals(List.of(2, 1),
          f.dataset("a").layout().filters().stream().map(Filter::id).toList());
    }
  }

  @Test
  void aFailedCheckLeavesTheOutputAsItWas() throws Exception {
    Path dir = Files.createTempDirectory("file-copy");
    Path in = input(dir);
    Path out = dir.resolve("out.h5");
    Files.writeString(out, "before");
    Path[] checked = new Path[1];
    IOException e = assertThrows(IOException.class, () -> FileCopy.builder()
        .beforeMove((copy, result) -> {
          checked[0] = copy;
          assertEquals(2, result.datasets());
          assertTrue(FileCheck.check(copy).clean(), "the copy is complete when checked");
          throw new IOException("refused");
        }).build().copy(in, out));
    assertEquals("refused", e.getMessage());
    assertEquals("before", Files.readString(out));
    assertFalse(Files.exists(checked[0]), "the temporary copy is gone");
    FileCopy.builder().beforeMove((copy, result) -> { }).build().copy(in, out);
    assertEquals(Oracles.h5dump(in).replace(in.toString(), ""),
        Oracles.h5dump(out).replace(out.toString(), ""));
  }

  @Test
  void refusesLayoutsACopyCannotWrite() {
    assertThrows(IllegalArgumentException.class, () -> FileCopy.builder()
        .layout(List.of(), StorageLayout.Kind.VIRTUAL, null));
    assertThrows(IllegalArgumentException.class, () -> FileCopy.builder()
        .layout(List.of(), StorageLayout.Kind.CONTIGUOUS, new long[] {4}));
  }
}
