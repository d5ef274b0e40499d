package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h5j.format.io.ForwardingFileChannel;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The recording is complete and exact: replayed over the file's old bytes it gives the file. */
class RecordingChannelTest {
  private Path file;
  private byte[] before;

  @BeforeEach
  void setUp() throws IOException {
    file = Files.createTempFile("h5j-recording", ".bin");
    before = new byte[3000];
    for (int i = 0; i < before.length; i++) {
      before[i] = (byte) (i * 7);
    }
    Files.write(file, before);
  }

  @AfterEach
  void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  private FileChannel open() throws IOException {
    return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
  }

  private byte[] replay(List<ChannelOp> ops) {
    FileImage image = new FileImage(before);
    ops.forEach(image::apply);
    return image.bytes();
  }

  private static ByteBuffer bytes(int n, int seed) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (seed + i);
    }
    return ByteBuffer.wrap(b);
  }

  @Test
  void everyKindOfWriteAndTruncateReplaysToTheFile() throws IOException {
    List<ChannelOp> ops;
    try (RecordingChannel ch = new RecordingChannel(open())) {
      ch.write(bytes(100, 1), 50);
      ch.position(2990);
      ch.write(bytes(40, 2)); // relative, grows the file
      ch.write(new ByteBuffer[] {bytes(3, 3), bytes(5, 4)}, 0, 2); // gathering, at 3030
      ch.write(bytes(20, 7), 3500); // past the end: a hole of zeros before it
      ch.transferFrom(Channels.newChannel(new ByteArrayInputStream(bytes(700, 5).array())),
          3520, 700);
      ch.truncate(4000);
      ch.write(bytes(10, 6), 10);
      ch.force(true);
      ops = ch.operations();
    }
    assertArrayEquals(Files.readAllBytes(file), replay(ops));
    assertEquals(new ChannelOp.Truncate(4000), ops.get(5));
    assertEquals(new ChannelOp.Force(7), ops.get(7));
    assertEquals(8, ops.size());
    assertEquals(4000, Files.size(file));
    ChannelOp.Write gathered = (ChannelOp.Write) ops.get(2);
    assertEquals(3030, gathered.position());
    assertEquals(8, gathered.bytes().length);
  }

  @Test
  void writesOfManyThreadsAreAllRecordedOnce() throws Exception {
    int threads = 4;
    int each = 200;
    List<ChannelOp> ops;
    try (RecordingChannel ch = new RecordingChannel(open())) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        done.add(pool.submit(() -> {
          for (int k = 0; k < each; k++) {
            int slot = k * threads + thread;
            ch.write(bytes(16, slot), 4096 + 16L * slot);
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
      pool.shutdown();
      ops = ch.operations();
    }
    Set<Long> positions = new HashSet<>();
    for (ChannelOp op : ops) {
      positions.add(((ChannelOp.Write) op).position());
    }
    assertEquals(threads * each, ops.size());
    assertEquals(threads * each, positions.size());
    assertArrayEquals(Files.readAllBytes(file), replay(ops));
  }

  /** A channel whose force waits until the test lets it go on. */
  private static final class SlowForce extends ForwardingFileChannel {
    final CountDownLatch forcing = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    SlowForce(FileChannel inner) {
      super(inner);
    }

    @Override
    public void force(boolean metaData) throws IOException {
      forcing.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      super.force(metaData);
    }
  }

  @Test
  void aWriteThatCompletesDuringAForceIsNotCoveredByIt() throws Exception {
    SlowForce slow = new SlowForce(open());
    List<ChannelOp> ops;
    try (RecordingChannel ch = new RecordingChannel(slow)) {
      ch.write(bytes(8, 1), 0);
      Thread forcer = new Thread(() -> {
        try {
          ch.force(false);
        } catch (IOException e) {
          throw new RuntimeException(e);
        }
      });
      forcer.start();
      assertTrue(slow.forcing.await(30, TimeUnit.SECONDS));
      ch.write(bytes(8, 2), 100); // completes while the force runs
      slow.release.countDown();
      forcer.join(30_000);
      ops = ch.operations();
    }
    assertEquals(List.of(ChannelOp.Write.class, ChannelOp.Write.class, ChannelOp.Force.class),
        ops.stream().map(Object::getClass).toList());
    assertEquals(new ChannelOp.Force(1), ops.get(2), "covers the first write only");
  }

  @Test
  void writableMappingsAreRefusedReadOnlyOnesServed() throws IOException {
    try (RecordingChannel ch = new RecordingChannel(open())) {
      assertThrows(UnsupportedOperationException.class,
          () -> ch.map(FileChannel.MapMode.READ_WRITE, 0, 10));
      assertEquals(before[9], ch.map(FileChannel.MapMode.READ_ONLY, 0, 10).get(9));
      assertEquals(List.of(), ch.operations());
    }
  }
}
