package io.h5j.format.copy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchedOutput} against a byte array given the same writes at once: whatever the mix
 * of staged and transferred writes, following each other or not (in the file and in the
 * transfers' source), with reads in between, a read sees every earlier write and the file
 * ends up as the array.
 */
class BatchedOutputTest {
  private static final int SOURCE = 1 << 20;

  @Property(tries = 30)
  void endsAsIfEveryWriteWentStraightToTheFile(@ForAll long seed) throws IOException {
    Random rnd = new Random(seed);
    Path source = Files.createTempFile("batched-source", ".bin");
    Path target = Files.createTempFile("batched-target", ".bin");
    try {
      byte[] sourceBytes = new byte[SOURCE];
      rnd.nextBytes(sourceBytes);
      Files.write(source, sourceBytes);
      byte[] model = new byte[0];
      long next = 0; // just after the last write
      int sourceNext = 0; // just after the source range of the last transfer
      try (FileChannel src = FileChannel.open(source);
          BatchedOutput out = BatchedOutput.open(target, 1 + rnd.nextInt(2 << 20))) {
        int ops = 1 + rnd.nextInt(3000);
        for (int op = 0; op < ops; op++) {
          // mostly writes that follow the last one, as repack's do; some elsewhere
          long at = rnd.nextInt(10) < 8 ? next : rnd.nextInt(model.length + 100);
          int kind = rnd.nextInt(100);
          byte[] data;
          if (kind < 45) { // staged: the caller reuses its buffer at once
            data = randomBytes(rnd, rnd.nextInt(100) < 97 ? 300 : 400_000);
            byte[] reused = data.clone();
            ByteBuffer b = ByteBuffer.wrap(reused);
            while (b.hasRemaining()) {
              out.write(b, at + b.position());
            }
            Arrays.fill(reused, (byte) 0x5a);
          } else if (kind < 90) { // copied by the kernel; often the source range just after
            // the last one, which joins that transfer when the target position follows too
            int length = 1 + rnd.nextInt(rnd.nextBoolean() ? 20_000 : 300_000);
            int from = rnd.nextBoolean() && sourceNext + length <= SOURCE ? sourceNext
                : rnd.nextInt(SOURCE - length);
            out.transferRetained(src, from, length, at);
            data = Arrays.copyOfRange(sourceBytes, from, from + length);
            sourceNext = from + length;
          } else if (kind < 98) {
            checkRead(out, model, rnd, op);
            continue;
          } else {
            out.force(false);
            continue;
          }
          model = put(model, at, data);
          next = at + data.length;
        }
        assertEquals(model.length, out.size());
      }
      assertArrayEquals(model, Files.readAllBytes(target));
    } finally {
      Files.deleteIfExists(source);
      Files.deleteIfExists(target);
    }
  }

  @Test
  void aFailedTransferSurfacesAndLaterWritesStillGoInOrder() throws IOException {
    Path source = Files.createTempFile("batched-source", ".bin");
    Path target = Files.createTempFile("batched-target", ".bin");
    try {
      Files.write(source, new byte[100]);
      try (FileChannel src = FileChannel.open(source);
          BatchedOutput out = BatchedOutput.open(target)) {
        out.transferRetained(src, 50, 200, 0); // the source ends after 50 bytes
        IOException e = assertThrows(IOException.class, out::flush);
        assertEquals(true, e.getMessage().contains("input ends at 100"), e.getMessage());
        out.write(ByteBuffer.wrap(new byte[] {7}), 3);
        out.flush();
        ByteBuffer b = ByteBuffer.allocate(1);
        out.read(b, 3);
        assertEquals(7, b.get(0));
      }
    } finally {
      Files.deleteIfExists(source);
      Files.deleteIfExists(target);
    }
  }

  private static void checkRead(BatchedOutput out, byte[] model, Random rnd, int op)
      throws IOException {
    int length = 1 + rnd.nextInt(5000);
    int from = rnd.nextInt(model.length + 10);
    ByteBuffer got = ByteBuffer.allocate(length);
    int n = out.read(got, from);
    int expected = Math.min(length, model.length - from);
    if (expected <= 0) {
      assertEquals(-1, n, "read past the end at " + from);
      return;
    }
    // a positional read may return fewer bytes than asked; what it returns must match
    assertEquals(true, n > 0 && n <= expected, "read " + n + " bytes at " + from);
    assertArrayEquals(Arrays.copyOfRange(model, from, from + n), Arrays.copyOf(got.array(), n),
        "read at " + from + " after operation " + op);
  }

  private static byte[] put(byte[] model, long at, byte[] data) {
    byte[] m = model.length >= at + data.length ? model
        : Arrays.copyOf(model, (int) at + data.length);
    System.arraycopy(data, 0, m, (int) at, data.length);
    return m;
  }

  private static byte[] randomBytes(Random rnd, int max) {
    byte[] b = new byte[1 + rnd.nextInt(max)];
    rnd.nextBytes(b);
    return b;
  }
}
