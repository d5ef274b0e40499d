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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link H5File#createReplacing}: the old file stays at its name until close, then the new one
 * is there whole (h5dump reads it); an abandoned create leaves the old file and no temporary.
 */
@OracleTest
class CreateReplacingTest {
  @TempDir Path dir;

  @Test
  void newFileTakesThePlaceOfTheOldOneAtClose() throws IOException {
    Path file = dir.resolve("data.h5");
    write(file, "old", new int[] {1, 2});
    try (H5File f = H5File.createReplacing(file)) {
      f.root().createDataset("new", DatasetSpec.of(new int[] {7, 8, 9}));
      f.flush();
      assertTrue(Files.exists(f.path()));
      assertEquals(dir, f.path().getParent());
      try (H5File old = H5File.open(file)) {
        assertTrue(old.root().contains("old"), "still the old file before close");
      }
    }
    assertEquals(List.of("data.h5"), names());
    String dump = Oracles.h5dump(file, "-d", "/new");
    assertTrue(dump.contains("DATA {") && dump.contains("7, 8, 9"), dump);
    try (H5File f = H5File.open(file)) {
      assertFalse(f.root().contains("old"));
      assertArrayEquals(new int[] {7, 8, 9}, (int[]) f.dataset("new").read());
    }
  }

  @Test
  void closeWithoutFlushKeepsTheOldFileAndRemovesTheTemporary() throws IOException {
    Path file = dir.resolve("data.h5");
    write(file, "old", new int[] {1, 2});
    H5File f = H5File.createReplacing(file);
    f.root().createDataset("new", DatasetSpec.of(new int[] {7}));
    f.closeWithoutFlush();
    assertEquals(List.of("data.h5"), names());
    String dump = Oracles.h5dump(file, "-d", "/old");
    assertTrue(dump.contains("1, 2"), dump);
  }

  @Test
  void createsWhereNoFileWasAndRemovesTemporariesOfDeadWriters() throws IOException {
    Path file = dir.resolve("fresh.h5");
    Path abandoned = dir.resolve(".fresh.h5.2147483646.1.part"); // no such process
    Files.write(abandoned, new byte[] {1});
    try (H5File f = H5File.createReplacing(file)) {
      assertFalse(Files.exists(abandoned));
      assertFalse(Files.exists(file), "appears at close");
      f.root().createGroup("g");
    }
    assertEquals(List.of("fresh.h5"), names());
    assertTrue(Oracles.h5dump(file).contains("GROUP \"g\""));
  }

  @Test
  void refusesToSkipTheSyncBeforeTheRename() throws IOException {
    try (H5File f = H5File.createReplacing(dir.resolve("x.h5"))) {
      assertThrows(IllegalStateException.class, () -> f.syncOnClose(false));
    }
  }

  private static void write(Path file, String name, int[] values) throws IOException {
    try (H5File f = H5File.create(file)) {
      f.root().createDataset(name, DatasetSpec.of(values));
    }
  }

  private List<String> names() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
