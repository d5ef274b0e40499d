package io.h5j.format.copy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.jspecify.annotations.Nullable;

/**
 * Counts virtual dataset mapping blocks and how many repeat an earlier one byte for byte
 * (versioned files copy an unchanged dataset's block into every version). Keeps a key per
 * distinct block, not the blocks: its length, its own lookup3 checksum (the last four bytes)
 * and a CRC-32C, so that two different blocks count as one only if both 32-bit checksums
 * collide at the same length. A report, not a basis for sharing storage.
 */
final class BlockCensus {
  /**
   * What identifies a block's bytes, short of the bytes. Its equals and hashCode are written
   * out: a record's own are linked through method handles at first use, which spins a dozen
   * classes at run time, and are slower in C1-compiled code.
   */
  record Key(int length, int lookup3, int crc) {
    @Override
    public boolean equals(@Nullable Object o) {
      return o instanceof Key k && k.length == length && k.lookup3 == lookup3 && k.crc == crc;
    }

    @Override
    public int hashCode() {
      return (31 * length + lookup3) * 31 + crc;
    }
  }

  private final Set<Key> seen = new HashSet<>();
  private long blocks;
  private long repeated;
  private long repeatedBytes;
  /**
   * Takes the keys of the blocks given to {@link #countLater}: a CRC over every moved mapping
   * block (about 0.1 s per 250 MiB in C1-compiled code) is then off the copy's path. One
   * thread, which ends when idle, so that a failed repack leaves none behind.
   */
  private ThreadPoolExecutor keyer;
  private long handedOver;
  private long keyed;
  private Throwable failure;

  /** The key of a block. */
  Key key(byte[] block) {
    return key(ByteBuffer.wrap(block));
  }

  /** The key of the block between {@code block}'s position and limit (left unmoved). */
  Key key(ByteBuffer block) {
    CRC32C crc = new CRC32C(); // one per key: keys are taken on two threads
    crc.update(block.duplicate());
    int n = block.remaining();
    int lookup3 = n < 4 ? 0 : block.duplicate().order(ByteOrder.LITTLE_ENDIAN)
        .getInt(block.limit() - 4);
    return new Key(n, lookup3, (int) crc.getValue());
  }

  /** Records one block by its key; true if an identical block was recorded before. */
  synchronized boolean add(Key key) {
    blocks++;
    int n = key.length();
    boolean again = !seen.add(key);
    if (again) {
      repeated++;
      repeatedBytes += n;
    }
    return again;
  }

  /**
   * Records the block between {@code block}'s position and limit on another thread; its
   * bytes must not change until the counts are asked for. The counts do not depend on the
   * order blocks are recorded in.
   */
  void countLater(ByteBuffer block) {
    synchronized (this) {
      handedOver++;
    }
    if (keyer == null) {
      keyer = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
          r -> {
            Thread t = new Thread(r, "h5j-repack-census");
            t.setDaemon(true);
            return t;
          });
      keyer.allowCoreThreadTimeOut(true);
    }
    keyer.execute(() -> {
      Key key = null;
      Throwable failed = null;
      try {
        key = key(block);
      } catch (RuntimeException | Error e) { // e.g. the input shrank under its mapping
        failed = e;
      }
      keyed(key, failed);
    });
  }

  private synchronized void keyed(Key key, Throwable failed) {
    if (failed != null) {
      failure = failure == null ? failed : failure;
    } else {
      add(key);
    }
    keyed++;
    notifyAll();
  }

  /** Waits until every block handed over is recorded. */
  private synchronized void await() throws IOException {
    boolean interrupted = false;
    while (keyed < handedOver) {
      try {
        wait();
      } catch (InterruptedException e) {
        interrupted = true; // the keyer is reading the caller's input: wait for it
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failure != null) {
      throw new IOException("reading mapping blocks to count them", failure);
    }
  }

  long blocks() throws IOException {
    await();
    return blocks;
  }

  long repeated() throws IOException {
    await();
    return repeated;
  }

  long repeatedBytes() throws IOException {
    await();
    return repeatedBytes;
  }
}
