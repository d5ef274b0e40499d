package io.h5j.format.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Writes held behind work still running ({@link FileAccess#holdWritesUntil}): the file sees
 * none of them until the work is done, then all in order; reads and the size see them at once;
 * a failed barrier drops them and every later write.
 */
class HeldWritesTest {
  private static byte[] bytes(int n, int value) {
    byte[] b = new byte[n];
    java.util.Arrays.fill(b, (byte) value);
    return b;
  }

  private static byte[] onDisk(Path p) throws IOException {
    return Files.readAllBytes(p);
  }

  @Test
  void heldWritesReachTheFileInOrderOnlyAfterTheBarrier() throws Exception {
    Path p = Files.createTempFile("h5j-held", ".bin");
    try (FileAccess fa = FileAccess.create(p)) {
      fa.write(0, bytes(8, 1));
      CountDownLatch done = new CountDownLatch(1);
      fa.holdWritesUntil(() -> {
        try {
          assertTrue(done.await(10, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
      });
      fa.write(4, bytes(8, 2)); // both held: the second overwrites part of the first
      fa.write(8, bytes(8, 3));
      fa.extendTo(100);
      assertEquals(8, onDisk(p).length, "nothing held reached the file");
      assertEquals(100, fa.size(), "the size counts held writes");
      done.countDown();
      // a read of a held range makes the held writes first
      assertArrayEquals(new byte[] {1, 1, 1, 1, 2, 2, 2, 2, 3, 3}, fa.read(0, 10, "test"));
      byte[] disk = onDisk(p);
      assertEquals(100, disk.length);
      assertArrayEquals(new byte[] {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 0},
          java.util.Arrays.copyOf(disk, 17));
    } finally {
      Files.deleteIfExists(p);
    }
  }

  @Test
  void unorderedWritesGoStraightInAndReadsWaitForBusyRanges() throws Exception {
    Path p = Files.createTempFile("h5j-held", ".bin");
    try (FileAccess fa = FileAccess.create(p)) {
      fa.holdWritesUntil(() -> { });
      fa.write(0, bytes(4, 7)); // held
      fa.writeUnordered(16, ByteBuffer.wrap(bytes(4, 9))); // not held
      assertEquals(20, onDisk(p).length);
      assertEquals(0, onDisk(p)[0]);
      boolean[] awaited = new boolean[1];
      fa.beingWritten(40, 8, () -> {
        fa.writeUnordered(40, ByteBuffer.wrap(bytes(8, 5)));
        awaited[0] = true;
      });
      assertEquals(48, fa.size(), "the size counts busy ranges");
      assertArrayEquals(bytes(8, 5), fa.read(40, 8, "test"));
      assertTrue(awaited[0]);
      fa.written(40);
      fa.force(); // makes the held write
      assertEquals(7, onDisk(p)[0]);
    } finally {
      Files.deleteIfExists(p);
    }
  }

  @Test
  void aFailedBarrierDropsTheHeldWritesAndEveryLaterOne() throws Exception {
    Path p = Files.createTempFile("h5j-held", ".bin");
    try (FileAccess fa = FileAccess.create(p)) {
      fa.write(0, bytes(4, 1));
      fa.holdWritesUntil(() -> {
        throw new IOException("the block failed");
      });
      fa.write(0, bytes(4, 2));
      IOException e = assertThrows(IOException.class, fa::releaseHeldWrites);
      assertEquals("the block failed", e.getMessage());
      assertThrows(IOException.class, () -> fa.write(8, bytes(4, 3)));
      assertThrows(IOException.class, () -> fa.write(8, bytes(1 << 20, 3)));
      assertThrows(IOException.class, fa::force);
      assertArrayEquals(bytes(4, 1), onDisk(p));
    } finally {
      Files.deleteIfExists(p);
    }
  }
}
