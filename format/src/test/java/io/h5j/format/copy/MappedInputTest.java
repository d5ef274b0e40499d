package io.h5j.format.copy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link MappedInput} reads and views what the file holds, and only that. */
class MappedInputTest {
  @Property(tries = 30)
  void readsAndViewsHoldTheFilesBytes(@ForAll @IntRange(min = 0, max = 300_000) int size,
      @ForAll long seed) throws IOException {
    Random rnd = new Random(seed);
    byte[] bytes = new byte[size];
    rnd.nextBytes(bytes);
    Path file = Files.createTempFile("mapped", ".bin");
    try (MappedInput in = open(file, bytes)) {
      assertEquals(size, in.size());
      for (int i = 0; i < 50; i++) {
        int from = rnd.nextInt(size + 1);
        int length = rnd.nextInt(size - from + 1);
        ByteBuffer view = in.view(from, length);
        byte[] got = new byte[length];
        view.get(got);
        assertArrayEquals(Arrays.copyOfRange(bytes, from, from + length), got, "view at " + from);
        int at = rnd.nextInt(8); // the read fills dst from its position on, and moves it
        ByteBuffer dst = (rnd.nextBoolean() ? ByteBuffer.allocate(at + length + rnd.nextInt(10))
            : ByteBuffer.allocateDirect(at + length + rnd.nextInt(10))).position(at);
        int n = in.read(dst, from);
        int expected = Math.min(dst.capacity() - at, size - from);
        assertEquals(expected == 0 && dst.capacity() > at ? -1 : expected, n, "read at " + from);
        assertEquals(at + Math.max(0, n), dst.position(), "position after the read at " + from);
        byte[] read = new byte[Math.max(0, n)];
        dst.get(at, read);
        assertArrayEquals(Arrays.copyOfRange(bytes, from, from + read.length), read);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void refusesRangesOutsideTheFileAndWrites() throws IOException {
    Path file = Files.createTempFile("mapped", ".bin");
    try (MappedInput in = open(file, new byte[100])) {
      assertThrows(IllegalArgumentException.class, () -> in.view(90, 11));
      assertThrows(IllegalArgumentException.class, () -> in.view(-1, 1));
      assertThrows(IllegalArgumentException.class, () -> in.view(101, 0));
      assertEquals(-1, in.read(ByteBuffer.allocate(1), 100));
      assertThrows(NonWritableChannelException.class,
          () -> in.write(ByteBuffer.allocate(1), 0));
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static MappedInput open(Path file, byte[] bytes) throws IOException {
    Files.write(file, bytes);
    return MappedInput.open(file);
  }
}
