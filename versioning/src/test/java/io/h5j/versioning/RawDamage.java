package io.h5j.versioning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Bit flips in a file, as a failing disk or a cosmic ray makes them. */
final class RawDamage {
  private RawDamage() {}

  /** Flips bit {@code bit} (0-7) of the byte at {@code offset}. */
  static void flip(Path file, long offset, int bit) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      assertEquals(1, ch.read(b, offset), "no byte at " + offset + " of " + file);
      b.put(0, (byte) (b.get(0) ^ (1 << bit))).rewind();
      ch.write(b, offset);
      ch.force(true);
    }
  }

  /**
   * The byte of element {@code at} (coordinates inside the chunk) of an unfiltered chunk of
   * shape {@code chunk} whose elements are {@code size} bytes, counted from the chunk's start.
   */
  static long byteOf(long[] at, long[] chunk, int size) {
    long index = 0;
    for (int d = 0; d < at.length; d++) {
      index = index * chunk[d] + at[d];
    }
    return index * size;
  }

  /** The offset of the only occurrence of {@code needle} in the file (fails on none or more). */
  static long findOnce(Path file, byte[] needle) throws IOException {
    byte[] all = Files.readAllBytes(file);
    long found = -1;
    for (int i = 0; i + needle.length <= all.length; i++) {
      if (java.util.Arrays.equals(all, i, i + needle.length, needle, 0, needle.length)) {
        assertEquals(-1, found, "'" + new String(needle) + "' occurs twice in " + file);
        found = i;
      }
    }
    assertEquals(true, found >= 0, "'" + new String(needle) + "' does not occur in " + file);
    return found;
  }
}
