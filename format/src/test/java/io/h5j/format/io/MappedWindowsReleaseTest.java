package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Closing a file opened to read unmaps the windows its long reads mapped. */
class MappedWindowsReleaseTest {
  @TempDir Path dir;

  @Test
  void closeUnmapsTheFile() throws IOException {
    Path maps = Path.of("/proc/self/maps");
    assumeTrue(Files.isReadable(maps), "needs Linux's /proc/self/maps");
    assumeTrue(MappedWindows.unmapsAtRelease(), "jdk.unsupported is not readable here");
    Path file = dir.resolve("mapped-" + System.nanoTime() + ".bin");
    byte[] bytes = new byte[1 << 20];
    Arrays.fill(bytes, (byte) 7);
    Files.write(file, bytes);
    String name = file.toAbsolutePath().toString();

    FileAccess fa = FileAccess.openRead(file);
    byte[] got = new byte[FileAccess.MIN_MAPPED_BYTES];
    assertTrue(fa.readMapped(4096, got.length, "test bytes", v -> v.get(got)));
    assertArrayEquals(Arrays.copyOfRange(bytes, 4096, 4096 + got.length), got);
    assertTrue(Files.readString(maps).contains(name), "the read mapped the file");
    assertTrue(fa.unmapsAtClose());

    fa.close();
    assertFalse(Files.readString(maps).contains(name), "still mapped after close");
    // a closed file hands out no view of unmapped memory: the read fails, the JVM stands
    assertThrows(ClosedChannelException.class,
        () -> fa.readMapped(4096, got.length, "test bytes", v -> v.get(got)));
  }
}
