package io.h5j.format.dataset;

import io.h5j.format.object.H5Context;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * One open file as the dataset engine needs it: its structures ({@link H5Context}), the value
 * codec with its heap writer, the chunk cache, the worker threads that read and filter
 * chunks, and the options external and virtual storage follow. The API's file handle owns one
 * and closes it; what only the API knows (links, other files) comes through {@link Links}.
 */
public final class EngineFile {
  /** Default memory bound of the chunk cache: 64 MiB. */
  public static final long DEFAULT_CHUNK_CACHE_BYTES = 64L << 20;

  /** What the engine asks of the layer that resolves links and opens files. */
  public interface Links {
    /**
     * The file {@code name} as external links find it (relative to this file's folder),
     * opened read-only once; null when it does not exist.
     */
    EngineFile external(String name) throws IOException;

    /** Where link path {@code path} leads from this file's root group; null for nowhere. */
    Found resolve(String path) throws IOException;
  }

  /** An object a link path leads to: a dataset's header, or some other object. */
  public record Found(EngineFile file, String path, long address, boolean isDataset) {}

  private final Path path;
  private final H5Context ctx;
  private final Links links;
  private final Values values;
  private final ChunkCache chunkCache = new ChunkCache(DEFAULT_CHUNK_CACHE_BYTES);
  private final SpareArray spareArray = new SpareArray();
  private final VirtualSettings virtual = new VirtualSettings();
  private volatile String externalFilePrefix = "";
  private @Nullable ExecutorService workers;
  private int workerThreads = Runtime.getRuntime().availableProcessors();
  private volatile boolean closed;

  public EngineFile(Path path, H5Context ctx, Links links) {
    this.path = path;
    this.ctx = ctx;
    this.links = links;
    this.values = new Values(ctx, task -> {
      ExecutorService w = workers();
      if (w == null) {
        task.run();
      } else {
        w.execute(task);
      }
    });
  }

  public Path path() {
    return path;
  }

  /** The file's structures. @throws IllegalStateException once the file is closed */
  public H5Context context() {
    checkOpen();
    return ctx;
  }

  public Values values() {
    return values;
  }

  public ChunkCache chunkCache() {
    return chunkCache;
  }

  /** The array made ahead for the next single-chunk read. */
  SpareArray spareArray() {
    return spareArray;
  }

  public VirtualSettings virtual() {
    return virtual;
  }

  Links links() {
    return links;
  }

  /** Where relative names of external data files go (libhdf5's efile prefix). */
  public String externalFilePrefix() {
    return externalFilePrefix;
  }

  public void externalFilePrefix(String prefix) {
    this.externalFilePrefix = prefix;
  }

  /**
   * Threads that read and (un)filter chunks beside the calling thread: one per core unless
   * {@link #workerThreads(int)} said otherwise, started on first use; null for none.
   */
  public synchronized @Nullable ExecutorService workers() {
    if (workers == null && workerThreads > 0) {
      AtomicInteger n = new AtomicInteger();
      workers = Executors.newFixedThreadPool(workerThreads, r -> {
        Thread t = new Thread(r, "h5j-chunks-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
    }
    return workers;
  }

  /** How many threads {@link #workers()} has: 0 keeps all chunk work on the calling thread. */
  public synchronized int workerThreads() {
    return workerThreads;
  }

  /**
   * Sets how many threads work on chunks beside the calling thread.
   *
   * @throws IllegalStateException once they have started
   */
  public synchronized void workerThreads(int threads) {
    if (threads < 0) {
      throw new IllegalArgumentException("worker threads must be 0 or more: " + threads);
    }
    if (workers != null) {
      throw new IllegalStateException("the chunk workers of " + path + " have started");
    }
    workerThreads = threads;
  }

  /** Old-format files (superblock 0/1) get old-style objects, as their readers expect. */
  public boolean oldStyle() {
    return ctx.superblock().version() < 2;
  }

  /** The object header version new objects get. */
  public int headerVersion() {
    return oldStyle() ? 1 : 2;
  }

  /** @throws IllegalStateException once the file is closed */
  public void checkOpen() {
    if (closed) {
      throw new IllegalStateException("file " + path + " is closed");
    }
  }

  /**
   * A search prefix of libhdf5's (for external data files and virtual dataset sources) as a
   * folder: a leading {@code ${ORIGIN}} stands for this file's folder, as in libhdf5.
   */
  public Path prefixFolder(String prefix) {
    String origin = "${ORIGIN}";
    if (prefix.startsWith(origin)) {
      Path folder = path.toAbsolutePath().getParent();
      return Path.of(folder + prefix.substring(origin.length()));
    }
    return Path.of(prefix);
  }

  /**
   * Marks the file closed and stops its workers; the caller closes the channel after. A heap
   * collection still being written is let finish: an interrupt would close the channel,
   * which may be the caller's.
   */
  public void close() {
    closed = true;
    if (workers != null) {
      values.finishHeapWrites();
      workers.shutdownNow();
    }
  }
}
