package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Checks the fixtures against their manifest using raw bytes only (no h5j format code). */
class FixturesTest {
  private static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

  @Test
  void everyFileInTheManifestExistsWithItsRecordedSize() throws IOException {
    assertFalse(Fixtures.files().isEmpty());
    for (String name : Fixtures.files()) {
      Path p = Fixtures.file(name);
      assertEquals(Fixtures.entry(name).get("size").asLong(), Files.size(p), name);
    }
  }

  @Test
  void superblockVersionAndUserBlockMatchTheManifest() throws IOException {
    for (String name : Fixtures.files()) {
      byte[] b = Files.readAllBytes(Fixtures.file(name));
      long off = 0;
      while (off + 9 <= b.length
          && !Arrays.equals(b, (int) off, (int) off + 8, SIGNATURE, 0, 8)) {
        off = off == 0 ? 512 : off * 2;
      }
      assertTrue(off + 9 <= b.length, name + ": no signature");
      JsonNode e = Fixtures.entry(name);
      assertEquals(e.path("userblock_size").asLong(0), off, name);
      assertEquals(e.get("superblock_version").asInt(), b[(int) off + 8], name);
    }
  }

  @Test
  void unknownNamesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> Fixtures.file("no_such_fixture.h5"));
  }
}
