package io.h5j.format.copy;

import io.h5j.format.io.EarlyWriteback;
import io.h5j.format.io.ForwardingFileChannel;
import io.h5j.format.io.Tasks;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import org.jspecify.annotations.Nullable;

/**
 * A file written behind: positional writes that follow each other (repack allocates its
 * output from the end, so nearly all do) are gathered into batches, and a writer thread
 * writes each batch while the caller goes on, so the kernel's copying overlaps the caller's
 * work. Small writes are copied into a staging buffer and go out with one gathering write per
 * stretch of them; {@link #transferRetained} queues a range of another file, copied once, by
 * the kernel from its page cache (sendfile: on the versioned benchmark file this took 40 %
 * less CPU than gathering writes from a memory mapping of the input, whose pages the kernel
 * must map and copy from user space).
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
  /** A batch this long is handed over, so that the writer thread starts early. */
  static final long MAX_BATCH_BYTES = 16 << 20;
  /** Writes handed over but not known to be done; bounds the staging memory. */
  private static final int MAX_IN_FLIGHT = 4;
  /** Bytes handed over between the background syncs. */
  static final long SYNC_EVERY = 64L << 20;

  private ExecutorService writer;
  /** Syncs the file in the background every {@code syncEvery} bytes handed over. */
  private final EarlyWriteback writeback;
  private final ArrayDeque<Handed> inFlight = new ArrayDeque<>();
  private final ArrayDeque<Space> spare = new ArrayDeque<>();
  /** The batch being gathered, or null. */
  private @Nullable Batch batch;

  /** Something the writer thread does to the file. */
  private interface FileWrite {
    void writeTo(FileChannel file) throws IOException;
  }

  /** A write handed to the writer thread, and the batch space it frees when done. */
  private record Handed(FutureTask<Void> task, Space space) {}

  /**
   * A batch's staging buffer and entry arrays, used again by later batches once written
   * (fresh memory is slow to touch; a repack makes thousands of batches).
   */
  private record Space(ByteBuffer staging, ByteBuffer[] buffers, long[] from, long[] length) {
    static Space allocate() {
      return new Space(ByteBuffer.allocateDirect(STAGING), new ByteBuffer[MAX_BUFFERS],
          new long[MAX_BUFFERS], new long[MAX_BUFFERS]);
    }
  }

  /**
   * Entries for consecutive file positions, written together: buffers (written by one
   * gathering write for each stretch of them) and ranges of one source file (copied by the
   * kernel, {@link FileChannel#transferTo}), in order.
   */
  private static final class Batch implements FileWrite {
    final Space space;
    /**
     * Entry i is {@code buffers[i]}, or where that is null, {@code length[i]} bytes of the
     * source from {@code from[i]}.
     */
    final @Nullable ByteBuffer[] buffers;
    final long[] from;
    final long[] length;
    int count;
    /** File positions of the first byte and just after the last one. */
    final long start;
    long end;
    /** Holds copies of the small writes; free again once the batch is written. */
    final ByteBuffer staging;
    /** Whether the last entry is the staged bytes just before the staging position. */
    boolean lastStaged;
    /** The file the transfers read, or null before the first. */
    @Nullable FileChannel source;

    Batch(long start, Space space) {
      this.start = start;
      this.end = start;
      this.space = space;
      this.staging = space.staging().clear();
      this.buffers = space.buffers();
      this.from = space.from();
      this.length = space.length();
    }

    boolean takes(long position, int staged, FileChannel src) {
      return position == end && count < MAX_BUFFERS && end - start < MAX_BATCH_BYTES
          && staging.remaining() >= staged
          && (src == null || source == null || source == src);
    }

    /**
     * Appends a copy of {@code src}'s remaining bytes in the staging buffer, joined to the
     * staged bytes queued last if they are the last entry.
     */
    void add(ByteBuffer src) {
      int n = src.remaining();
      int at = staging.position();
      staging.put(src);
      int first = lastStaged ? at - buffers[--count].remaining() : at;
      buffers[count++] = staging.slice(first, at + n - first);
      lastStaged = true;
      end += n;
    }

    /**
     * Appends {@code n} bytes of {@code src} from {@code at}, joined to the transfer queued
     * last if that one ends where these begin (one system call for both).
     */
    void addTransfer(FileChannel src, long at, long n) {
      source = src;
      if (count > 0 && buffers[count - 1] == null && from[count - 1] + length[count - 1] == at) {
        length[count - 1] += n;
      } else {
        buffers[count] = null;
        from[count] = at;
        length[count] = n;
        count++;
      }
      lastStaged = false;
      end += n;
    }

    @Override
    public void writeTo(FileChannel file) throws IOException {
      long position = start;
      int i = 0;
      while (i < count) {
        if (buffers[i] == null) {
          transfer(file, from[i], length[i], position);
          position += length[i++];
          continue;
        }
        int stretch = i;
        long bytes = 0;
        while (stretch < count && buffers[stretch] != null) {
          bytes += buffers[stretch++].remaining();
        }
        file.position(position);
        while (i < stretch) {
          file.write(buffers, i, stretch - i);
          while (i < stretch && !buffers[i].hasRemaining()) {
            i++;
          }
        }
        position += bytes;
      }
    }

    private void transfer(FileChannel file, long at, long n, long position)
        throws IOException {
      long done = 0;
      while (done < n) {
        file.position(position + done);
        long k = source.transferTo(at + done, n - done, file);
        if (k <= 0) {
          throw new EOFException("input ends at " + (at + done) + ", before the " + n
              + " bytes from " + at + " to copy");
        }
        done += k;
      }
    }
  }

  private BatchedOutput(Path path, FileChannel file, long syncEvery) {
    super(file);
    this.writeback = new EarlyWriteback(String.valueOf(path), () -> file.force(false), syncEvery);
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
    return new BatchedOutput(path, FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE), syncEvery);
  }

  /**
   * Queues a copy of {@code length} bytes of {@code src} from {@code from} to
   * {@code position}, done by the kernel ({@link FileChannel#transferTo}, sendfile on Linux)
   * without the bytes passing through this process; {@code src} does not change until the
   * next {@link #flush}. Copies that follow each other in both files become one.
   */
  void transferRetained(FileChannel src, long from, long length, long position)
      throws IOException {
    if (length > 0) {
      batchAt(position, 0, src).addTransfer(src, from, length);
    }
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    int n = src.remaining();
    if (n >= STAGE_AT_MOST) {
      flush();
      return super.write(src, position);
    }
    if (n > 0) {
      batchAt(position, n, null).add(src);
    }
    return n;
  }

  /**
   * The batch that takes a write at {@code position} with {@code staged} bytes to copy (or a
   * transfer from {@code src}): the current one if the write follows it and fits, else a new
   * one.
   */
  private Batch batchAt(long position, int staged, FileChannel src) throws IOException {
    if (batch != null && !batch.takes(position, staged, src)) {
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
    return s != null ? s : Space.allocate();
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
    writeback.written(bytes); // the disk writes while the repack goes on
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
    super.force(metaData);
    writeback.rethrowFailure();
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
        writeback.stop(); // not closing the file under it
        writeback.rethrowFailure();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("closing the repack output");
      } finally {
        if (writer != null) {
          writer.shutdown();
        }
        super.implCloseChannel();
      }
    }
  }
}
