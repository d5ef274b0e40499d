package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.type.Datatypes;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Replacing objects in one write: an anonymous virtual dataset put in place of another with
 * {@link Group#relink}, several links deleted in one {@link Group#delete}; and a file opened
 * over a channel its caller keeps. h5py reads the results.
 */
@OracleTest
class LinkReplaceTest {
  private Path file;

  @BeforeEach
  void setUp() throws IOException {
    file = Files.createTempFile("h5j-relink", ".h5");
  }

  @AfterEach
  void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  @Test
  void relinkAnonymousDatasetAndDeleteSeveral() throws IOException {
    try (H5File f = H5File.create(file)) {
      f.root().createDataset("src", DatasetSpec.of(new long[] {1, 2, 3, 4, 5, 6}));
      f.root().createVirtualDataset("g/view", VirtualSpec.of(Datatypes.INT64, 2)
          .map(".", "/src", new long[] {0}, new long[] {0}, new long[] {2}));
      f.root().createDataset("g/a", DatasetSpec.of(new int[] {1}));
      f.root().createDataset("g/b", DatasetSpec.of(new int[] {2}));
      f.root().createDataset("g/c", DatasetSpec.of(new int[] {3}));
      Dataset fresh = f.createAnonymousVirtualDataset(VirtualSpec.of(Datatypes.INT64, 3)
          .map(".", "/src", new long[] {3}, new long[] {0}, new long[] {3}));
      fresh.attributes().put("note", "replaced");
      f.group("g").relink("view", fresh);
      f.group("g").delete("a", "c");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> f.group("g").delete("b", "nope"));
      assertTrue(e.getMessage().contains("nope"), e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> f.group("g").relink("nope", fresh));
    }
    try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
      for (int round = 0; round < 2; round++) { // closing the file leaves the channel open
        try (H5File f = H5File.open(file, c, false)) {
          assertArrayEquals(new long[] {4, 5, 6}, (long[]) f.dataset("g/view").read());
          assertEquals(List.of("b", "view"),
              f.group("g").memberNames().stream().sorted().toList());
        }
        assertTrue(c.isOpen());
      }
    }
    String out = Oracles.python(String.join("\n",
        "import h5py, sys",
        "f = h5py.File(sys.argv[1], 'r')",
        "g = f['g']",
        "assert sorted(g) == ['b', 'view'], list(g)",
        "assert list(g['view'][()]) == [4, 5, 6], g['view'][()]",
        "assert g['view'].attrs['note'] == 'replaced'",
        "assert g['b'][0] == 2",
        "print('ok')"), file.toString());
    assertEquals("ok", out.strip());
  }
}
