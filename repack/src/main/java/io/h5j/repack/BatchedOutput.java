package io.h5j.repack;

import io.h5j.format.io.ForwardingFileChannel;
import io.h5j.format.io.Tasks;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;

/**
 * A file written behind: positional writes that follow each other (repack allocates its
 * output from the end, so nearly all do) are gathered into batches, and a writer thread
 * writes each batch with one gathering write while the caller goes on, so the kernel's
 * copying overlaps the caller's work. Small writes are copied into a staging buffer;
 * {@link #writeRetained} queues a buffer itself (a view of the mapped input), and
 * {@link #transferRetained} a range of another file, so that those bytes are copied once, by
 * the kernel.
 *
 * <p>What is handed over reaches the file in the order it was written, and is all written
 * before anything that could observe it or write around it: a read, a mapping, the size,
 * truncate, force, transfers and close. Every {@link #SYNC_EVERY} bytes a third thread syncs
 * the file, so that the disk writes while the work goes on. A failed write or sync surfaces
 * from the next call that waits for it (at the latest {@link #force} or close); the repack
 * then fails and its temporary output is deleted.
 */
final class BatchedOutput extends ForwardingFileChannel {
  /** Linux's IOV_MAX: buffers per gathering write. */
  private static final int MAX_BUFFERS = 1024;
  private static final int STAGING = 1 << 20;
  /** Writes this long or longer are not worth staging. */
  private static final int STAGE_AT_MOST = STAGING / 4;
  /** Writes handed over but not known to be done; bounds the staging memory. */
  private static final int MAX_IN_FLIGHT = 4;
  /** Bytes handed over between the background syncs. */
  static final long SYNC_EVERY = 64L << 20;

  private ExecutorService writer;
  private final long syncEvery;
  /** Bytes handed over since the last background sync started. */
  private long unsynced;
  private ExecutorService syncer;
  /** The last background sync, or null. */
  private FutureTask<Void> sync;
  private final ArrayDeque<Handed> inFlight = new ArrayDeque<>();
  private final ArrayDeque<Space> spare = new ArrayDeque<>();
  /** The batch being gathered, or null. */
  private Batch batch;

  /** Something the writer thread does to the file. */
  private interface FileWrite {
    void writeTo(FileChannel file) throws IOException;
  }

  /** A write handed to the writer thread, and the batch space it frees when done. */
  private record Handed(FutureTask<Void> task, Space space) {}

  /**
   * A batch's staging buffer and buffer array, used again by later batches once written
   * (fresh memory is slow to touch; a repack makes thousands of batches).
   */
  private record Space(ByteBuffer staging, ByteBuffer[] buffers) {}

  /** Buffers for consecutive file positions, written together. */
  private static final class Batch implements FileWrite {
    final Space space;
    final ByteBuffer[] buffers;
    int count;
    /** File positions of the first byte and just after the last one. */
    final long start;
    long end;
    /** Holds copies of the small writes; free again once the batch is written. */
    final ByteBuffer staging;
    /** Whether the last buffer is the staged bytes just before the staging position. */
    boolean lastStaged;

    Batch(long start, Space space) {
      this.start = start;
      this.end = start;
      this.space = space;
      this.staging = space.staging().clear();
      this.buffers = space.buffers();
    }

    boolean takes(long position, int staged) {
      return position == end && count < MAX_BUFFERS && staging.remaining() >= staged;
    }

    /**
     * Appends {@code src}'s remaining bytes: a copy in the staging buffer ({@code stage}),
     * joined to the staged bytes queued last if they are the last buffer, or {@code src}
     * itself.
     */
    void add(ByteBuffer src, boolean stage) {
      int n = src.remaining();
      ByteBuffer queued;
      if (stage) {
        int at = staging.position();
        staging.put(src);
        int from = lastStaged ? at - buffers[--count].remaining() : at;
        queued = staging.slice(from, at + n - from);
      } else {
        queued = src.slice();
        src.position(src.limit());
      }
      buffers[count++] = queued;
      lastStaged = stage;
      end += n;
    }

    @Override
    public void writeTo(FileChannel file) throws IOException {
      file.position(start);
      int first = 0;
      while (first < count) {
        file.write(buffers, first, count - first);
        while (first < count && !buffers[first].hasRemaining()) {
          first++;
        }
      }
      Arrays.fill(buffers, 0, count, null); // no views of the input kept alive by a spare
    }
  }

  private BatchedOutput(FileChannel file, long syncEvery) {
    super(file);
    this.syncEvery = syncEvery;
  }

  /** Opens an existing file for reading and writing. */
  static BatchedOutput open(Path path) throws IOException {
    return open(path, SYNC_EVERY);
  }

  /**
   * Opens an existing file for reading and writing, syncing it in the background each time
   * {@code syncEvery} more bytes were handed over.
   */
  static BatchedOutput open(Path path, long syncEvery) throws IOException {
    return new BatchedOutput(FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE), syncEvery);
  }

  /**
   * Queues {@code src}'s remaining bytes for {@code position} without copying them; the
   * caller does not change them until they are written (the next {@link #flush}).
   */
  void writeRetained(ByteBuffer src, long position) throws IOException {
    gather(src, position, false);
  }

  /**
   * Queues a copy of {@code length} bytes of {@code src} from {@code from} to
   * {@code position}, done by the kernel ({@link FileChannel#transferTo}) without the bytes
   * passing through this process; {@code src} does not change until the next {@link #flush}.
   */
  void transferRetained(FileChannel src, long from, long length, long position)
      throws IOException {
    handOverBatch();
    handOver(length, file -> {
      long done = 0;
      while (done < length) {
        file.position(position + done);
        long n = src.transferTo(from + done, length - done, file);
        if (n <= 0) {
          throw new EOFException("input ends at " + (from + done) + ", before the "
              + length + " bytes from " + from + " to copy");
        }
        done += n;
      }
    }, null);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    int n = src.remaining();
    if (n >= STAGE_AT_MOST) {
      flush();
      return super.write(src, position);
    }
    gather(src, position, true);
    return n;
  }

  /** Adds {@code src}'s remaining bytes, copied ({@code stage}) or not, to the batch. */
  private void gather(ByteBuffer src, long position, boolean stage) throws IOException {
    int n = src.remaining();
    if (n > 0) {
      batchAt(position, stage ? n : 0).add(src, stage);
    }
  }

  /**
   * The batch that takes a write at {@code position} with {@code staged} bytes to copy: the
   * current one if the write follows it and fits, else a new one.
   */
  private Batch batchAt(long position, int staged) throws IOException {
    if (batch != null && !batch.takes(position, staged)) {
      handOverBatch();
    }
    if (batch == null) {
      batch = new Batch(position, space());
    }
    return batch;
  }

  /** A free batch space: one a finished batch gave back, or a new one. */
  private Space space() throws IOException {
    while (spare.isEmpty() && inFlight.size() >= MAX_IN_FLIGHT) {
      finishOldest();
    }
    Space s = spare.poll();
    return s != null ? s
        : new Space(ByteBuffer.allocateDirect(STAGING), new ByteBuffer[MAX_BUFFERS]);
  }

  private void handOverBatch() throws IOException {
    Batch b = batch;
    batch = null;
    if (b != null && b.count > 0) {
      handOver(b.end - b.start, b, b.space);
    } else if (b != null) {
      spare.add(b.space);
    }
  }

  /**
   * Hands {@code w}, which writes {@code bytes}, to the writer thread, to run after everything
   * handed over before.
   */
  private void handOver(long bytes, FileWrite w, Space space) throws IOException {
    while (inFlight.size() >= MAX_IN_FLIGHT) {
      finishOldest();
    }
    // each write first waits for the one before, so that they stay in order whichever thread
    // runs them (Tasks.join runs a task that no worker has started yet)
    FutureTask<Void> previous = inFlight.isEmpty() ? null : inFlight.peekLast().task();
    FutureTask<Void> task = new FutureTask<>(() -> {
      if (previous != null) {
        Tasks.join(previous);
      }
      w.writeTo(delegate());
      return null;
    });
    inFlight.add(new Handed(task, space));
    if (writer == null) {
      writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "h5j-repack-writer");
        t.setDaemon(true);
        return t;
      });
    }
    writer.execute(task);
    while (!inFlight.isEmpty() && inFlight.peekFirst().task().isDone()) {
      finishOldest(); // reports a failure early and frees its staging
    }
    syncInBackground(bytes);
  }

  /**
   * Starts a sync of what is written so far once enough was handed over since the last one
   * (and that one is done): the disk then writes while the repack goes on, and the final
   * {@link #force} finds little left to do, where it would otherwise wait for every byte of
   * a file that may be as large as the page cache.
   */
  private void syncInBackground(long bytes) throws IOException {
    unsynced += bytes;
    if (unsynced < syncEvery || (sync != null && !sync.isDone())) {
      return;
    }
    awaitSync(); // done: reports its failure, which a later sync may no longer see
    unsynced = 0;
    if (syncer == null) {
      syncer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "h5j-repack-sync");
        t.setDaemon(true);
        return t;
      });
    }
    FutureTask<Void> task = new FutureTask<>(() -> {
      delegate().force(false);
      return null;
    });
    sync = task;
    syncer.execute(task);
  }

  /** Waits for the last background sync, and reports its failure. */
  private void awaitSync() throws IOException {
    FutureTask<Void> s = sync;
    sync = null;
    if (s != null) {
      try {
        Tasks.join(s);
      } catch (ExecutionException e) {
        throw Tasks.failure(e, "syncing the repack output");
      }
    }
  }

  /** Waits for the oldest write handed over, and reports its failure. */
  private void finishOldest() throws IOException {
    Handed h = inFlight.poll();
    try {
      Tasks.join(h.task());
    } catch (ExecutionException e) {
      throw Tasks.failure(e, "writing the repack output");
    } finally {
      if (h.space() != null) {
        spare.add(h.space());
      }
    }
  }

  /** Writes everything gathered or handed over, and waits until it is written. */
  void flush() throws IOException {
    handOverBatch();
    while (!inFlight.isEmpty()) {
      finishOldest();
    }
  }

  // everything that could observe or write around what was handed over waits for it first

  @Override
  public int write(ByteBuffer src) throws IOException {
    flush();
    return super.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    flush();
    return super.write(srcs, offset, length);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    flush();
    return super.read(dst, position);
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    flush();
    return super.read(dst);
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    flush();
    return super.read(dsts, offset, length);
  }

  @Override
  public long size() throws IOException {
    flush();
    return super.size();
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    flush();
    return super.truncate(size);
  }

  @Override
  public void force(boolean metaData) throws IOException {
    flush();
    awaitSync();
    super.force(metaData);
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target)
      throws IOException {
    flush();
    return super.transferTo(position, count, target);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count)
      throws IOException {
    flush();
    return super.transferFrom(src, position, count);
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    flush();
    return super.map(mode, position, size);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    try {
      flush();
    } finally {
      try {
        awaitSync(); // not closing the file under it
      } finally {
        if (writer != null) {
          writer.shutdown();
        }
        if (syncer != null) {
          syncer.shutdown();
        }
        super.implCloseChannel();
      }
    }
  }
}
