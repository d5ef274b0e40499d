package io.h5j;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link H5File#deferSuperblockToFlush}: the superblock stays as the last flush wrote it while
 * objects are added (the default writes it before header commits), and the file libhdf5
 * reads after close holds everything.
 */
@OracleTest
class DeferredSuperblockTest {
  private static final int SUPERBLOCK_BYTES = 48; // version 3 with 8-byte addresses

  @Test
  void superblockWaitsForTheFlushAndTheFileIsComplete() throws Exception {
    Heads plain = addObjects(false);
    assertFalse(Arrays.equals(plain.afterCreate(), plain.beforeClose()),
        "control: without deferral the superblock changes before the flush");
    Heads deferred = addObjects(true);
    assertArrayEquals(deferred.afterCreate(), deferred.beforeClose());
  }

  /** The superblock's bytes on disk after create and just before close. */
  private record Heads(byte[] afterCreate, byte[] beforeClose) {}

  private static Heads addObjects(boolean defer) throws IOException {
    Path f = Files.createTempFile("h5j-deferred", ".h5");
    try {
      byte[] created;
      byte[] before;
      try (H5File h = H5File.create(f)) {
        created = head(f);
        if (defer) {
          h.deferSuperblockToFlush();
        }
        for (int i = 0; i < 20; i++) {
          Group g = h.root().createGroup("g" + i);
          g.createDataset("values", DatasetSpec.of(new long[] {i, i * 2L, i * 3L}));
          g.attributes().put("label", "group number " + i);
        }
        before = head(f);
      }
      String out = Oracles.python(String.join("\n",
          "import h5py, sys",
          "f = h5py.File(sys.argv[1], 'r')",
          "for i in range(20):",
          "    g = f['g%d' % i]",
          "    a = g.attrs['label']",
          "    a = a.decode() if isinstance(a, bytes) else a",
          "    print(i, g['values'][...].tolist(), a)"), f.toString());
      StringBuilder want = new StringBuilder();
      for (int i = 0; i < 20; i++) {
        want.append(i).append(" [").append(i).append(", ").append(i * 2).append(", ")
            .append(i * 3).append("] group number ").append(i).append('\n');
      }
      assertEquals(want.toString(), out);
      return new Heads(created, before);
    } finally {
      Files.deleteIfExists(f);
    }
  }

  private static byte[] head(Path f) throws IOException {
    return Arrays.copyOf(Files.readAllBytes(f), SUPERBLOCK_BYTES);
  }
}
